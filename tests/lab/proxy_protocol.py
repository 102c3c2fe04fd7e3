"""The PROXY protocol header (HAProxy's proxy-protocol.txt, versions 1 and 2) that a layer-4 load
balancer sends first on each connection to mongos's load balancer port.

mongos reads it before anything else on that port (asio_transport_layer.cpp, _acceptConnection:
a session whose local port is the loadBalancerPort runs parseProxyProtocolHeader before the session
starts) with the parser of src/mongo/transport/proxy_protocol_header_parser.cpp; a header that does
not parse ends the session without a reply. This module reads it the same way from a raw socket,
consuming exactly the header's bytes, and builds the version 1 header the lab's VIP sends."""

import asyncio
import ipaddress
import struct

V1_SIGNATURE = b"PROXY"  # kProxyV1Signature
V2_SIGNATURE = b"\x0d\x0a\x0d\x0a\x00\x0d\x0a\x51\x55\x49\x54\x0a"  # kProxyV2Signature
V1_MAX_HEADER_SIZE = 107  # kMaximumV1HeaderSize, the signature and the CRLF included
_CRLF = b"\r\n"
_V2_LOCAL, _V2_PROXY = 0x20, 0x21
_V2_INET, _V2_INET6, _V2_UNIX = 1, 2, 3
_V2_ADDRESS_SIZES = {_V2_INET: 12, _V2_INET6: 36, _V2_UNIX: 216}


class ProxyHeaderError(Exception):
    """The bytes are no PROXY header (proxy_protocol_header_parser.cpp's FailedToParse)."""


def v1_header(source, destination):
    """The version 1 header for a TCP connection from source to destination, (ip, port) each."""
    family = "TCP6" if ":" in source[0] else "TCP4"
    return f"PROXY {family} {source[0]} {destination[0]} {source[1]} {destination[1]}\r\n".encode()


async def _recv_exactly(sock, count):
    loop = asyncio.get_running_loop()
    data = b""
    while len(data) < count:
        chunk = await loop.sock_recv(sock, count - len(data))
        if not chunk:
            raise ConnectionError("closed inside the PROXY header")
        data += chunk
    return data


async def read_header(sock):
    """Consumes the PROXY header at the start of sock (non-blocking, not yet wrapped in TLS). Returns
    the proxied source as "ip:port", or None when the header carries no address (v1 UNKNOWN, v2 LOCAL
    or an unspecified family). Raises ProxyHeaderError for anything else."""
    data = b""
    while True:
        data += await _recv_exactly(sock, 1)
        if data == V1_SIGNATURE:
            return await _read_v1(sock)
        if data == V2_SIGNATURE:
            return await _read_v2(sock)
        if not (V1_SIGNATURE.startswith(data) or V2_SIGNATURE.startswith(data)):
            raise ProxyHeaderError(f"Initial Proxy Protocol header bytes invalid: {data!r}; Make sure "
                                   "your proxy is configured to emit a Proxy Protocol header")


async def _read_v1(sock):
    line = b""
    while not line.endswith(_CRLF):
        if len(V1_SIGNATURE) + len(line) >= V1_MAX_HEADER_SIZE:
            raise ProxyHeaderError("No terminating newline found in Proxy Protocol header V1")
        line += await _recv_exactly(sock, 1)
    return parse_v1_line(line[:-len(_CRLF)].decode("ascii", "replace"))


def parse_v1_line(line):
    """The part of a version 1 header between "PROXY" and the CRLF, e.g. " TCP4 a b 1 2"."""
    if line.startswith(" UNKNOWN"):
        return None
    for prefix, version in ((" TCP4 ", 4), (" TCP6 ", 6)):
        if line.startswith(prefix):
            break
    else:
        raise ProxyHeaderError(f"Proxy Protocol Version 1 address string malformed: {line}")
    fields = line[len(prefix):].split(" ")
    if len(fields) != 4:
        raise ProxyHeaderError(f"Proxy Protocol Version 1 address string malformed: {line}")
    source, destination, source_port, destination_port = fields
    for address in (source, destination):
        try:
            if ipaddress.ip_address(address).version != version:
                raise ValueError(address)
        except ValueError:
            raise ProxyHeaderError(f"Proxy Protocol Version 1 address string specified malformed "
                                   f"IPv{version} address: {address}") from None
    for port in (source_port, destination_port):
        if not port.isdigit() or int(port) > 65535:
            raise ProxyHeaderError(f"Proxy Protocol Version 1 address string specified invalid port: {port}")
    return f"[{source}]:{source_port}" if version == 6 else f"{source}:{source_port}"


async def _read_v2(sock):
    command, family_protocol, length = struct.unpack(">BBH", await _recv_exactly(sock, 4))
    if command not in (_V2_LOCAL, _V2_PROXY):
        raise ProxyHeaderError(f"Invalid version or command byte given in Proxy Protocol header V2: {command}")
    family = 0 if command == _V2_LOCAL else family_protocol >> 4
    protocol = family_protocol & 0x0F
    if family > _V2_UNIX:
        raise ProxyHeaderError(f"Invalid address family given in Proxy Protocol header V2: {family}")
    if protocol > 2:
        raise ProxyHeaderError(f"Invalid protocol given in Proxy Protocol header V2: {protocol}")
    if protocol == 0:
        family = 0
    body = await _recv_exactly(sock, length)
    if family and length < _V2_ADDRESS_SIZES[family]:
        raise ProxyHeaderError("Proxy Protocol Version 2 address string too short")
    if family == _V2_INET:
        return f"{ipaddress.IPv4Address(body[0:4])}:{struct.unpack('>H', body[8:10])[0]}"
    if family == _V2_INET6:
        return f"[{ipaddress.IPv6Address(body[0:16])}]:{struct.unpack('>H', body[32:34])[0]}"
    return None
