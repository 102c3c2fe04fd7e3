#pragma once
// MongoDB wire-protocol framing over bytes (no sockets): OP_MSG requests and replies, the legacy
// OP_QUERY isMaster handshake and its OP_REPLY, and recognition of OP_COMPRESSED.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scanner/bson/bson.h"
#include "scanner/errors/result.h"

namespace mongoscan::wire {

// MongoDB manual, "MongoDB Wire Protocol", Standard Message Header: messageLength, requestID,
// responseTo, opCode, each an int32.
inline constexpr std::int32_t kHeaderSize = 16;

// Opcodes from the same page; OP_COMPRESSED from the OP_COMPRESSED specification.
enum class OpCode : std::int32_t {
  reply = 1,          // OP_REPLY, answers OP_QUERY
  query = 2004,       // OP_QUERY, legacy
  compressed = 2012,  // OP_COMPRESSED
  msg = 2013,         // OP_MSG, MongoDB 3.6+
};

// OP_MSG flagBits (OP_MSG specification). Bits 0-15 are required: a reader must reject unknown
// ones.
inline constexpr std::uint32_t kChecksumPresent = 1u << 0;
inline constexpr std::uint32_t kMoreToCome = 1u << 1;
inline constexpr std::uint32_t kExhaustAllowed = 1u << 16;

// The server's MaxMessageSizeBytes (mongo src/mongo/rpc/message.h, "Maximum accepted message size
// on the wire protocol": 48 * 1000 * 1000), reported as hello.maxMessageSizeBytes
// (opmsg-framing.json, limits): the limit until a hello reply says otherwise, and the most a hello
// may raise it to.
inline constexpr std::int32_t kDefaultMaxMessageSizeBytes = 48'000'000;

// A decoded server reply.
struct Reply {
  OpCode op_code;           // msg or reply
  std::int32_t request_id;  // the server's id for this reply
  std::uint32_t flags;      // OP_MSG flagBits, or OP_REPLY responseFlags
  bson::Document body;      // OP_MSG: the kind-0 section plus each kind-1 sequence as an array
                            // under its identifier; OP_REPLY: the first document
};

// An OP_MSG with flagBits 0 and a single kind-0 section holding body (which carries its $db).
std::vector<std::uint8_t> encode_op_msg(const bson::Document& body, std::int32_t request_id);

// OP_QUERY {isMaster: 1} on admin.$cmd with numberToReturn -1: the handshake for servers older
// than 3.6, which do not know OP_MSG.
std::vector<std::uint8_t> encode_op_query_is_master(std::int32_t request_id);

// The reply-size limit set by a hello announcing maxMessageSizeBytes: the announced value, at most
// kDefaultMaxMessageSizeBytes (no server sends more, so a larger claim buys nothing but memory);
// a value below 1 is ErrorCode::protocol in phase "hello".
Result<std::int32_t> max_message_size_from_hello(std::int64_t announced);

// The messageLength of a header, refused (ErrorCode::protocol) outside [16, max_message_size], so
// the transport knows how much to read and never reads an oversize reply.
Result<std::int32_t> read_message_length(std::span<const std::uint8_t, kHeaderSize> header,
                                         std::int32_t max_message_size);

// Decodes one whole message (header included) answering request expected_response_to. Anything
// malformed, an unexpected opcode, OP_COMPRESSED or a responseTo mismatch is ErrorCode::protocol
// in phase "wire" with the reason.
Result<Reply> decode_reply(std::span<const std::uint8_t> message, std::int32_t expected_response_to,
                           std::int32_t max_message_size);

// CRC-32C (Castagnoli), the checksum of OP_MSG's checksumPresent flag.
std::uint32_t crc32c(std::span<const std::uint8_t> bytes);

// A reply whose ok is 0, 0.0 or false, or a legacy {$err} reply.
struct CommandError {
  int code = 0;           // 0 when the reply has none
  std::string code_name;  // empty when the reply has none (servers before 3.4)
  std::string message;    // errmsg, or $err
};
std::optional<CommandError> command_error(const bson::Document& reply);

}  // namespace mongoscan::wire
