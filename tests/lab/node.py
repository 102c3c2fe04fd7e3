"""One lab node on a listening socket: accepts connections, sorts TLS from plaintext by the first byte,
reads messages, answers them one at a time per connection, and applies the node's faults."""

import asyncio
import dataclasses
import socket
import ssl
import sys

import dispatch
import hostile
import proxy_protocol
import server_status
import versions
import wire
from commands import Connection, error_reply
from tls import subject_rfc2253

TLS_HANDSHAKE_RECORD = 0x16  # first byte of a TLS ClientHello
TLS_HANDSHAKE_TIMEOUT_S = 10


def listen(port, host="127.0.0.1"):
    """A non-blocking listening socket on host:port (0: the OS picks a free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


def reserve(port, host="127.0.0.1"):
    """A socket bound on 127.0.0.1:port that never listens: every connect to it is refused, and no
    other process can bind the port while it is open (no SO_REUSEADDR, so theirs fails even with it)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((host, port))
    return sock


def bind(spec, host="127.0.0.1"):
    """The socket of a node of the profile: reserved only for a node that is down, else listening."""
    return reserve(spec.port, host) if "down" in spec.faults else listen(spec.port, host)


class DownNode:
    """A member that is down: its address stays reserved and answers nothing (connects are refused)."""

    def __init__(self, sock):
        self._sock = sock

    async def serve(self):
        """Nothing to serve."""

    async def stop(self):
        self._sock.close()


async def _first_byte(sock):
    """The first byte the client sends, left unread; b'' if it closes first."""
    loop = asyncio.get_running_loop()
    readable = loop.create_future()
    loop.add_reader(sock.fileno(), lambda: readable.done() or readable.set_result(None))
    try:
        await readable
    finally:
        loop.remove_reader(sock.fileno())
    return sock.recv(1, socket.MSG_PEEK)


class HttpInterface:
    """The legacy HTTP status interface of servers before 3.6, on the node's port + 1000: answers any
    request with a status page, as mongod's --rest/httpinterface did."""

    PORT_OFFSET = 1000
    _PAGE = (b"HTTP/1.0 200 OK\r\nContent-Type: text/html;charset=utf-8\r\nConnection: close\r\n\r\n"
             b"<html><head><title>mongod lab</title></head><body><h2>mongod lab</h2></body></html>")

    def __init__(self, sock):
        self._sock = sock
        self._server = None

    async def serve(self):
        self._server = await asyncio.start_server(self._answer, sock=self._sock)

    async def _answer(self, reader, writer):
        try:
            await asyncio.wait_for(reader.readline(), TLS_HANDSHAKE_TIMEOUT_S)
            writer.write(self._PAGE)
            await writer.drain()
        except (asyncio.TimeoutError, ConnectionError):
            pass
        finally:
            writer.close()

    async def stop(self):
        if self._server is not None:
            self._server.close()
        self._sock.close()


class NodeServer:
    """Serves one node on sock. With from_load_balancer, sock is mongos's load balancer port: each
    connection starts with a PROXY protocol header (proxy_protocol.py) and is load-balanced
    (load_balancer.py)."""

    def __init__(self, deployment, node, sock, tls_mode, ssl_context, command_log, latency_s,
                 from_load_balancer=False):
        self._deployment = deployment
        self._node = node
        self._sock = sock
        self._tls_mode = tls_mode
        self._ssl_context = ssl_context
        self._log = command_log
        self._latency_s = latency_s
        self._from_load_balancer = from_load_balancer
        self._connections = set()
        self._accepting = None

    async def serve(self):
        """Accepts connections until stop()."""
        loop = asyncio.get_running_loop()
        self._accepting = asyncio.current_task()
        while True:
            client, _ = await loop.sock_accept(self._sock)
            task = asyncio.create_task(self._serve_connection(client))
            self._connections.add(task)
            task.add_done_callback(self._connections.discard)

    async def stop(self):
        """Stops accepting, closes every connection and the listening socket."""
        if self._accepting is not None:
            self._accepting.cancel()
        for task in list(self._connections):
            task.cancel()
        pending = [t for t in (self._accepting, *self._connections) if t is not None]
        await asyncio.gather(*pending, return_exceptions=True)
        self._sock.close()

    async def _serve_connection(self, client):
        writer = None
        try:
            if "drop_connections" in self._node.spec.faults:
                return
            if hostile.takes_over_connection(self._node.spec.faults):
                await hostile.serve_connection(client, self._node.spec.faults)
                return
            host, port = client.getpeername()[:2]
            peer_address = f"{host}:{port}"
            if self._from_load_balancer:
                # The client as the balancer saw it; absent (UNKNOWN, LOCAL): the balancer itself.
                peer_address = await proxy_protocol.read_header(client) or peer_address
            use_tls = False
            if self._ssl_context is not None:
                first = await _first_byte(client)
                use_tls = first[:1] == bytes([TLS_HANDSHAKE_RECORD])
                if not first or (self._tls_mode == "requireTLS" and not use_tls):
                    return
            reader, writer = await self._open_streams(client, use_tls)
            peer = writer.get_extra_info("peercert") if use_tls else None
            if use_tls:
                server_status.count_tls_connection(self._node, writer.get_extra_info("ssl_object").version())
            connection = Connection(self._node.connection_opened(), tls=use_tls,
                                    peer_subject=subject_rfc2253(peer) if peer else None,
                                    peer_address=peer_address, from_load_balancer=self._from_load_balancer)
            self._node.connection_serving(connection)
            try:
                await self._converse(reader, writer, connection)
            finally:
                self._node.connection_closed(connection)
        except (wire.FatalMessageError, proxy_protocol.ProxyHeaderError) as error:
            print(f"lab {self._node.address}: closing a connection: {error}", file=sys.stderr)
        except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError, OSError, TimeoutError):
            pass
        finally:
            if writer is not None:
                writer.close()
            else:
                client.close()

    async def _open_streams(self, client, use_tls):
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        protocol = asyncio.StreamReaderProtocol(reader)
        transport, _ = await loop.connect_accepted_socket(
            lambda: protocol, client, ssl=self._ssl_context if use_tls else None,
            ssl_handshake_timeout=TLS_HANDSHAKE_TIMEOUT_S if use_tls else None)
        return reader, asyncio.StreamWriter(transport, protocol, reader, loop)

    async def _converse(self, reader, writer, connection):
        first_message = True
        first_reply = True
        while True:
            header = await reader.readexactly(wire.HEADER_SIZE)
            if first_message and header.startswith(wire.HTTP_GET_PREFIX):
                writer.write(wire.HTTP_REPLY)
                await writer.drain()
                return
            first_message = False
            length, request_id, response_to, opcode = wire.HEADER.unpack(header)
            wire.check_message_length(length)
            payload = await reader.readexactly(length - wire.HEADER_SIZE)
            reply, next_run = await self._answer(opcode, request_id, response_to, payload, connection)
            while reply is not None and "no_reply" not in self._node.spec.faults:
                if self._latency_s:
                    await asyncio.sleep(self._latency_s)
                if not await hostile.write_reply(writer, reply, self._node.spec.faults, first_reply):
                    return
                if connection.close_after_reply:
                    return
                first_reply = False
                if next_run is None:
                    break
                reply, next_run = await self._stream_next(next_run, reply, connection)

    async def _answer(self, opcode, request_id, response_to, payload, connection):
        """(encoded reply or None when the request wants none (moreToCome), the next run of an exhaust
        stream or None). As mongod does
        (service_state_machine.cpp), a compressed request makes this and every later reply on the
        connection compressed with the request's compressor; until then replies are plain."""
        if opcode == wire.OP_COMPRESSED:
            opcode, payload, compressor = wire.decompress(payload, connection.compressors)
            if opcode == wire.OP_COMPRESSED:
                raise wire.FatalMessageError("OP_COMPRESSED inside OP_COMPRESSED")
            connection.reply_compressor = compressor
        if opcode == wire.OP_MSG:  # a compressed one is checked as the message it decompresses to
            wire.check_op_msg_checksum(
                wire.HEADER.pack(wire.HEADER_SIZE + len(payload), request_id, response_to, opcode), payload)
        reply, next_run = await self._answer_plain(opcode, request_id, payload, connection)
        return self._compressed(reply, connection), next_run

    @staticmethod
    def _compressed(reply, connection):
        if reply is None or connection.reply_compressor is None:
            return reply
        return wire.compress(reply, connection.reply_compressor)

    async def _stream_next(self, request, previous_reply, connection):
        """The next reply of an exhaust stream: request run again, as a request whose id is the previous
        reply's (service_state_machine.cpp, makeExhaustMessage), so it answers that reply. Not logged:
        the client sent nothing."""
        request = dataclasses.replace(request, request_id=wire.request_id_of(previous_reply))
        reply, next_body = await dispatch.run(self._deployment, self._node, connection, request)
        more = next_body is not None
        encoded = self._compressed(wire.encode_op_msg(reply, request.request_id, more_to_come=more), connection)
        return encoded, dataclasses.replace(request, body=next_body) if more else None

    async def _answer_plain(self, opcode, request_id, payload, connection):
        if opcode == wire.OP_MSG and not versions.knows_op_msg(self._node.spec.version):
            raise wire.FatalMessageError(f"OP_MSG is unknown to version {self._node.spec.version}")
        if opcode == wire.OP_MSG:
            parse, encode = wire.parse_op_msg, wire.encode_op_msg
        elif opcode == wire.OP_QUERY:
            parse, encode = wire.parse_op_query, wire.encode_op_reply
        else:
            raise wire.FatalMessageError(f"unsupported opCode {opcode}")
        try:
            request = parse(request_id, payload)
        except wire.MessageError as error:
            return encode(error_reply(error.code, error.errmsg), request_id), None
        user = connection.user.full_name if connection.user else None
        self._log.record(self._node.address, connection.id, request, user)
        reply, next_body = await dispatch.run(self._deployment, self._node, connection, request)
        if request.more_to_come:
            return None, None
        if next_body is None:
            return encode(reply, request_id), None
        return (wire.encode_op_msg(reply, request_id, more_to_come=True),
                dataclasses.replace(request, body=next_body))
