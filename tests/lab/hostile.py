"""Hostile faults: a node that breaks the wire protocol, its hello or SCRAM on purpose, so that tests can
check that a client fails closed (an error, within its deadlines, in bounded memory). README.md, "Hostile
faults", says what each one does. No real server behaves like this."""

import asyncio
import base64
import re

import wire

# Faults that take over a connection before any message is read.
ACCEPT_THEN_SILENCE = "accept_then_silence"
TLS_GARBAGE = "tls_garbage"
# Faults in how each reply is framed and written.
NEGATIVE_MESSAGE_LENGTH = "negative_message_length"
OVERSIZE_MESSAGE_LENGTH = "oversize_message_length"
TRUNCATED_FRAME = "truncated_frame"
STALLED_FRAME = "stalled_frame"
INVALID_BSON = "invalid_bson"
DEEP_NESTING = "deep_nesting"
SLOW_BYTES = "slow_bytes"
ENDLESS_STREAM = "endless_stream"
# Faults in what one command answers.
HUGE_MAX_MESSAGE_SIZE = "huge_max_message_size"
HELLO_10000_HOSTS = "hello_10000_hosts"
WRONG_SERVER_SIGNATURE = "wrong_server_signature"
SCRAM_ITERATION_COUNT_1 = "scram_iteration_count_1"
SCRAM_ITERATION_COUNT_2000000000 = "scram_iteration_count_2000000000"

FAULTS = (ACCEPT_THEN_SILENCE, TLS_GARBAGE, NEGATIVE_MESSAGE_LENGTH, OVERSIZE_MESSAGE_LENGTH,
          TRUNCATED_FRAME, STALLED_FRAME, INVALID_BSON, DEEP_NESTING, SLOW_BYTES, ENDLESS_STREAM,
          HUGE_MAX_MESSAGE_SIZE, HELLO_10000_HOSTS, WRONG_SERVER_SIGNATURE, SCRAM_ITERATION_COUNT_1,
          SCRAM_ITERATION_COUNT_2000000000)
_CONNECTION_FAULTS = (ACCEPT_THEN_SILENCE, TLS_GARBAGE)

OVERSIZE_LENGTH = 0x7FFFFFFF            # the largest int32: 2 GiB
HUGE_MAX_MESSAGE_SIZE_BYTES = 2_000_000_000
HUGE_REPLY_LENGTH = 1_900_000_000       # announced by replies after hello under HUGE_MAX_MESSAGE_SIZE
NESTING_DEPTH = 200                     # documents nested under the reply: 201 levels in all
PHANTOM_HOST_COUNT = 10_000
SCRAM_ITERATION_COUNTS = {SCRAM_ITERATION_COUNT_1: 1, SCRAM_ITERATION_COUNT_2000000000: 2_000_000_000}
UNKNOWN_BSON_TYPE = 0x42
# Printable ASCII: its first byte, 0x20, is no TLS record type (RFC 8446 section 5.1).
TLS_GARBAGE_BYTES = bytes(range(0x20, 0x7F)) * 64
_ENDLESS_CHUNK = b"\xee" * 65536
_SLOW_BYTE_INTERVAL_S = 1.0


def takes_over_connection(faults):
    return any(fault in faults for fault in _CONNECTION_FAULTS)


async def serve_connection(sock, faults):
    """A connection under a connection fault, until the client closes it: accept_then_silence reads
    and never answers; tls_garbage answers the first bytes (a ClientHello, say) with printable ASCII."""
    loop = asyncio.get_running_loop()
    answered = ACCEPT_THEN_SILENCE in faults
    while await loop.sock_recv(sock, 65536):
        if not answered:
            await loop.sock_sendall(sock, TLS_GARBAGE_BYTES)
            answered = True


def _with_length(reply, length):
    return length.to_bytes(4, "little", signed=True) + reply[4:]


def _body_offset(reply):
    """Where the reply's (first) document starts: after OP_MSG's flagBits and kind byte, or OP_REPLY's
    fixed fields."""
    _, _, _, opcode = wire.HEADER.unpack_from(reply)
    return wire.HEADER_SIZE + (5 if opcode == wire.OP_MSG else 20)


def _with_invalid_bson(reply):
    """The reply with its document's first element given a type byte BSON does not have."""
    type_at = _body_offset(reply) + 4
    return reply[:type_at] + bytes([UNKNOWN_BSON_TYPE]) + reply[type_at + 1:]


def _deeply_nested(reply):
    """A reply of the same opcode whose document holds NESTING_DEPTH documents, each inside the last."""
    _, _, response_to, opcode = wire.HEADER.unpack_from(reply)
    nested = {}
    for _ in range(NESTING_DEPTH):
        nested = {"nested": nested}
    document = {"ok": 1.0, **nested}
    encode = wire.encode_op_msg if opcode == wire.OP_MSG else wire.encode_op_reply
    return encode(document, response_to)


def _reframed(reply, faults, first_reply):
    if NEGATIVE_MESSAGE_LENGTH in faults:
        return _with_length(reply, -1)
    if OVERSIZE_MESSAGE_LENGTH in faults:
        return _with_length(reply, OVERSIZE_LENGTH)
    if STALLED_FRAME in faults or ENDLESS_STREAM in faults:
        return _with_length(reply, wire.MAX_MESSAGE_SIZE_BYTES)
    if HUGE_MAX_MESSAGE_SIZE in faults and not first_reply:
        return _with_length(reply, HUGE_REPLY_LENGTH)
    if INVALID_BSON in faults:
        return _with_invalid_bson(reply)
    if DEEP_NESTING in faults:
        return _deeply_nested(reply)
    return reply


async def write_reply(writer, reply, faults, first_reply):
    """Writes one reply as a node with these faults does; False when the connection is to be closed.
    A reply whose header announces more than follows (stalled_frame, huge_max_message_size) leaves
    the client waiting; endless_stream follows its header with bytes until the client goes away."""
    reply = _reframed(reply, faults, first_reply)
    if TRUNCATED_FRAME in faults:
        writer.write(reply[:len(reply) // 2])
        await writer.drain()
        return False
    if SLOW_BYTES in faults:
        for at in range(len(reply)):
            writer.write(reply[at:at + 1])
            await writer.drain()
            await asyncio.sleep(_SLOW_BYTE_INTERVAL_S)
        return True
    writer.write(reply[:wire.HEADER_SIZE] if ENDLESS_STREAM in faults else reply)
    await writer.drain()
    while ENDLESS_STREAM in faults:
        writer.write(_ENDLESS_CHUNK)
        await writer.drain()
    return True


def phantom_hosts(address):
    """PHANTOM_HOST_COUNT members on other loopback addresses (127.0.0.2 ...) at this node's port. The lab
    binds 127.0.0.1:port, which keeps any other process from listening on 0.0.0.0:port, so every connect
    to them is refused at once."""
    port = address.rsplit(":", 1)[1]
    return [f"127.0.{i // 250}.{2 + i % 250}:{port}" for i in range(PHANTOM_HOST_COUNT)]


def rewrite_hello(reply, node):
    """hello under huge_max_message_size or hello_10000_hosts."""
    faults = node.spec.faults
    if HUGE_MAX_MESSAGE_SIZE in faults:
        reply["maxMessageSizeBytes"] = HUGE_MAX_MESSAGE_SIZE_BYTES
    if HELLO_10000_HOSTS in faults and "hosts" in reply:
        reply["hosts"] = reply["hosts"] + phantom_hosts(node.address)
    return reply


def rewrite_server_first(server_first, faults):
    """The SCRAM server-first message announcing a hostile iteration count (the client is expected to
    give up before it answers, so the conversation's own count never matters)."""
    for fault, count in SCRAM_ITERATION_COUNTS.items():
        if fault in faults:
            return re.sub(rb",i=\d+", b",i=%d" % count, server_first)
    return server_first


def rewrite_server_final(server_final, faults):
    """The SCRAM server-final message with the first byte of its ServerSignature flipped."""
    if WRONG_SERVER_SIGNATURE not in faults or not server_final.startswith(b"v="):
        return server_final
    signature = bytearray(base64.b64decode(server_final[2:]))
    signature[0] ^= 0xFF
    return b"v=" + base64.b64encode(bytes(signature))
