"""MongoDB wire-protocol framing for the lab: parses OP_MSG and OP_QUERY requests, builds OP_MSG and
OP_REPLY replies, and unwraps and wraps OP_COMPRESSED (noop and zlib only: Python has no snappy or
zstd in its standard library).

Numbers and rules come from the OP_MSG spec as summarised in shared/server-replies/opmsg-framing.json,
malformed-message-handling.json, isMaster-opquery-handshake.json and http-on-mongo-port.json.
"""

import itertools
import struct
import zlib
from dataclasses import dataclass

import bson
import snappy
import zstandard

HEADER = struct.Struct("<iiii")  # messageLength, requestID, responseTo, opCode
HEADER_SIZE = HEADER.size
MAX_MESSAGE_SIZE_BYTES = 48_000_000

OP_REPLY = 1
OP_QUERY = 2004
OP_MSG = 2013
OP_COMPRESSED = 2012

# OP_COMPRESSED: originalOpcode int32, uncompressedSize int32, compressorId uint8 (OP_COMPRESSED spec).
COMPRESSED_HEADER = struct.Struct("<iiB")
COMPRESSOR_IDS = {"noop": 0, "snappy": 1, "zlib": 2, "zstd": 3}

# OP_MSG flagBits. The low 16 bits are "required": an unknown one there is fatal to the connection.
CHECKSUM_PRESENT = 1 << 0
MORE_TO_COME = 1 << 1
EXHAUST_ALLOWED = 1 << 16  # optional: the client takes a stream of replies (moreToCome) to this request
REQUIRED_FLAGS_MASK = 0xFFFF
KNOWN_REQUIRED_FLAGS = CHECKSUM_PRESENT | MORE_TO_COME
MAX_DOCUMENT_SEQUENCES = 2

# OP_REPLY responseFlags the server sets on every reply (AwaitCapable), as in legacy_reply_builder.cpp.
OP_REPLY_AWAIT_CAPABLE = 8

HTTP_GET_PREFIX = b"GET "
HTTP_REPLY = (
    b"HTTP/1.0 200 OK\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 85\r\n\r\n"
    b"It looks like you are trying to access MongoDB over HTTP on the native driver port.\r\n"
)

_request_ids = itertools.count(1)


class FatalMessageError(Exception):
    """The message cannot be answered: the server closes the connection without a reply."""


class MessageError(Exception):
    """The message is answered with an error document {ok: 0, errmsg, code, codeName}."""

    def __init__(self, code, errmsg):
        super().__init__(errmsg)
        self.code = code
        self.errmsg = errmsg


@dataclass
class Request:
    """One command received. For OP_QUERY, namespace and number_to_return are set."""

    opcode: int
    request_id: int
    db: str
    body: dict
    more_to_come: bool = False
    exhaust_allowed: bool = False
    namespace: str = ""
    number_to_return: int = 0

    @property
    def command_name(self):
        return next(iter(self.body), "")


def check_message_length(length):
    """Raises FatalMessageError for a header length outside [16, 48000000]."""
    if not HEADER_SIZE <= length <= MAX_MESSAGE_SIZE_BYTES:
        raise FatalMessageError(
            f"recv(): message msgLen {length} is invalid. Min {HEADER_SIZE} Max: {MAX_MESSAGE_SIZE_BYTES}")


def _decode_document(data, offset):
    """Returns (document, offset after it) for the BSON document starting at offset."""
    if offset + 4 > len(data):
        raise MessageError(22, "invalid bson: document runs past the end of the message")
    (size,) = struct.unpack_from("<i", data, offset)
    if size < 5 or offset + size > len(data):
        raise MessageError(22, f"invalid bson: document size {size} runs past the end of the message")
    try:
        return bson.decode(data[offset:offset + size]), offset + size
    except bson.errors.InvalidBSON as error:
        raise MessageError(22, f"invalid bson: {error}") from None


def _read_cstring(data, offset):
    end = data.find(b"\x00", offset)
    if end < 0:
        raise MessageError(22, "unterminated cstring in message")
    return data[offset:end].decode("utf-8", "replace"), end + 1


def _crc32c_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
        table.append(crc)
    return table


_CRC32C_TABLE = _crc32c_table()


def crc32c(data):
    """CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the OP_MSG checksum."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC32C_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def check_op_msg_checksum(header, payload):
    """With checksumPresent, the last 4 bytes must be the CRC-32C of the message before them, header
    included (op_msg.cpp, OpMsg::parse). ChecksumMismatch (288) is a ConnectionFatalMessageParseError
    (error_codes.yml): the server closes the connection."""
    if len(payload) < 8:
        return
    (flags,) = struct.unpack_from("<I", payload, 0)
    if not flags & CHECKSUM_PRESENT:
        return
    (expected,) = struct.unpack_from("<I", payload, len(payload) - 4)
    if crc32c(header + payload[:-4]) != expected:
        raise FatalMessageError("OP_MSG checksum does not match contents")


def parse_op_msg(request_id, payload):
    """Parses an OP_MSG body (everything after the header) into a Request; the checksum is checked by
    check_op_msg_checksum.

    Document sequences (kind 1) are folded into the body under their identifier, as the server does.
    """
    if len(payload) < 5:
        raise MessageError(40587, "OP_MSG messages must have a body")
    (flags,) = struct.unpack_from("<I", payload, 0)
    if flags & REQUIRED_FLAGS_MASK & ~KNOWN_REQUIRED_FLAGS:
        raise FatalMessageError(f"Message contains illegal flags value: Ob{flags:032b}")
    end = len(payload) - 4 if flags & CHECKSUM_PRESENT else len(payload)
    body = None
    sequences = {}
    offset = 4
    while offset < end:
        kind = payload[offset]
        offset += 1
        if kind == 0:
            if body is not None:
                raise MessageError(40430, "Multiple body sections in message")
            body, offset = _decode_document(payload[:end], offset)
        elif kind == 1:
            identifier, documents, offset = _parse_document_sequence(payload[:end], offset)
            if identifier in sequences:
                raise MessageError(40431, f"Duplicate document sequence: {identifier}")
            sequences[identifier] = documents
            if len(sequences) > MAX_DOCUMENT_SEQUENCES:
                raise FatalMessageError("TooManyDocumentSequences")
        else:
            raise MessageError(40432, f"Unknown section kind {kind}")
    if body is None:
        raise MessageError(40587, "OP_MSG messages must have a body")
    for identifier, documents in sequences.items():
        if identifier in body:
            raise MessageError(40433, f"Duplicate field between body and document sequence {identifier}")
        body[identifier] = documents
    db = body.get("$db")
    if not isinstance(db, str):
        raise MessageError(40571, "OP_MSG requests require a $db argument")
    return Request(OP_MSG, request_id, db, body, more_to_come=bool(flags & MORE_TO_COME),
                   exhaust_allowed=bool(flags & EXHAUST_ALLOWED))


def _parse_document_sequence(data, offset):
    if offset + 4 > len(data):
        raise MessageError(22, "document sequence runs past the end of the message")
    (size,) = struct.unpack_from("<i", data, offset)
    end = offset + size
    if size < 5 or end > len(data):
        raise MessageError(22, f"document sequence size {size} runs past the end of the message")
    identifier, position = _read_cstring(data[:end], offset + 4)
    documents = []
    while position < end:
        document, position = _decode_document(data[:end], position)
        documents.append(document)
    return identifier, documents, end


def parse_op_query(request_id, payload):
    """Parses an OP_QUERY body into a Request; a {$query: {...}} wrapper is unwrapped."""
    if len(payload) < 4:
        raise MessageError(22, "OP_QUERY message too short")
    namespace, offset = _read_cstring(payload, 4)
    if offset + 8 > len(payload):
        raise MessageError(22, "OP_QUERY message too short")
    _skip, number_to_return = struct.unpack_from("<ii", payload, offset)
    query, _ = _decode_document(payload, offset + 8)
    if "$query" in query and isinstance(query["$query"], dict):
        query = query["$query"]
    db = namespace.split(".", 1)[0]
    return Request(OP_QUERY, request_id, db, query, namespace=namespace, number_to_return=number_to_return)


def encode_op_msg(document, response_to, more_to_come=False):
    """An OP_MSG reply: one kind-0 section; flagBits moreToCome when another reply follows unasked."""
    body = struct.pack("<I", MORE_TO_COME if more_to_come else 0) + b"\x00" + bson.encode(document)
    return HEADER.pack(HEADER_SIZE + len(body), next(_request_ids), response_to, OP_MSG) + body


def request_id_of(message):
    """The requestID in an encoded message's header."""
    return HEADER.unpack_from(message)[1]


def encode_op_reply(document, response_to):
    """An OP_REPLY carrying one document: responseFlags AwaitCapable, cursorID 0, startingFrom 0."""
    body = struct.pack("<iqii", OP_REPLY_AWAIT_CAPABLE, 0, 0, 1) + bson.encode(document)
    return HEADER.pack(HEADER_SIZE + len(body), next(_request_ids), response_to, OP_REPLY) + body


def _decompress_body(name, body, size):
    try:
        if name == "zlib":
            return zlib.decompress(body)
        if name == "snappy":
            return snappy.uncompress(body)
        if name == "zstd":
            return zstandard.ZstdDecompressor().decompress(body, max_output_size=size)
    except (zlib.error, snappy.UncompressError, zstandard.ZstdError) as error:
        raise FatalMessageError(f"{name}: {error}") from None
    return body  # noop


def decompress(payload, negotiated):
    """(originalOpcode, uncompressed body, compressor name) of an OP_COMPRESSED body. The compressor must be noop or
    one negotiated on the connection."""
    if len(payload) < COMPRESSED_HEADER.size:
        raise FatalMessageError("OP_COMPRESSED message too short")
    original, size, compressor_id = COMPRESSED_HEADER.unpack_from(payload)
    names = {number: name for name, number in COMPRESSOR_IDS.items()}
    name = names.get(compressor_id)
    if name != "noop" and name not in negotiated:
        raise FatalMessageError(f"compressor id {compressor_id} was not negotiated")
    if not 0 <= size <= MAX_MESSAGE_SIZE_BYTES:
        raise FatalMessageError(f"OP_COMPRESSED uncompressedSize {size} is out of range")
    body = _decompress_body(name, payload[COMPRESSED_HEADER.size:], size)
    if len(body) != size:
        raise FatalMessageError("OP_COMPRESSED uncompressedSize does not match the message")
    return original, body, name


_COMPRESS = {"noop": lambda body: body, "zlib": zlib.compress, "snappy": snappy.compress,
             "zstd": lambda body: zstandard.ZstdCompressor().compress(body)}


def compress(message, compressor):
    """message (a whole encoded reply) wrapped in OP_COMPRESSED with compressor."""
    _, request_id, response_to, opcode = HEADER.unpack_from(message)
    body = message[HEADER_SIZE:]
    payload = COMPRESSED_HEADER.pack(opcode, len(body), COMPRESSOR_IDS[compressor]) + _COMPRESS[compressor](body)
    return HEADER.pack(HEADER_SIZE + len(payload), request_id, response_to, OP_COMPRESSED) + payload
