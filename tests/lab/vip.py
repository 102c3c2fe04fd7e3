"""The VIP in front of a cluster's mongos: a plain TCP forwarder, as a cloud load balancer (CLB) doing
TCP balancing with source-IP hashing. It is no MongoDB node and answers nothing itself: each
connection goes to the mongos its client's source IP hashes to, and bytes, TLS included, are copied
both ways until either side closes.

In front of mongos's load balancer ports (a load-balanced VIP) it does what such a balancer must
(docs/load_balancer_support.md in mongodb/mongo): it opens each backend connection with a PROXY
protocol version 1 header naming the client and the VIP address it reached."""

import asyncio
import zlib

import proxy_protocol

_CHUNK = 64 * 1024


def backend_index(client_ip, backend_count):
    """The backend a source IP always lands on (CRC-32 of the address text, modulo the count)."""
    return zlib.crc32(client_ip.encode()) % backend_count


async def _pipe(reader, writer):
    try:
        while data := await reader.read(_CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


class Vip:
    """Listens on sock; forwards to backends, the (host, port) each mongos listens on (its load
    balancer port with proxy_protocol, whose connections then start with a PROXY header)."""

    def __init__(self, sock, backends, proxy_protocol=False):
        self._sock = sock
        self._backends = list(backends)
        self._proxy_protocol = proxy_protocol
        self._server = None
        self._connections = set()

    async def serve(self):
        self._server = await asyncio.start_server(self._forward, sock=self._sock)

    async def _forward(self, client_reader, client_writer):
        client = client_writer.get_extra_info("peername")[:2]
        host, port = self._backends[backend_index(client[0], len(self._backends))]
        try:
            backend_reader, backend_writer = await asyncio.open_connection(host, port)
        except OSError:
            client_writer.close()
            return
        if self._proxy_protocol:
            backend_writer.write(proxy_protocol.v1_header(client, client_writer.get_extra_info("sockname")[:2]))
        task = asyncio.current_task()
        self._connections.add(task)
        try:
            await asyncio.gather(_pipe(client_reader, backend_writer), _pipe(backend_reader, client_writer))
        finally:
            self._connections.discard(task)

    async def stop(self):
        if self._server is not None:
            self._server.close()
        for task in list(self._connections):
            task.cancel()
        await asyncio.gather(*self._connections, return_exceptions=True)
        self._sock.close()
