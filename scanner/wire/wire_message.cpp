#include "scanner/wire/wire_message.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <utility>

namespace mongoscan::wire {
namespace {

// The server's own nesting limit (mongo src/mongo/bson/bson_depth.h, kDefaultMaxAllowableDepth):
// replies wrap user documents, which may themselves be 100 levels deep.
constexpr int kMaxReplyDepth = 200;

// OP_MSG specification: flagBits 0-15 are required, 16-31 optional.
constexpr std::uint32_t kRequiredFlagBits = 0xFFFF;
constexpr std::uint32_t kKnownRequiredFlagBits = kChecksumPresent | kMoreToCome;
constexpr std::size_t kChecksumSize = 4;

// OP_MSG section kinds.
constexpr std::uint8_t kBodySection = 0;
constexpr std::uint8_t kDocumentSequenceSection = 1;

// OP_QUERY flags: SecondaryOk (bit 2), as libmongoc sends its handshake.
constexpr std::int32_t kQuerySecondaryOk = 1 << 2;
constexpr std::string_view kCommandNamespace = "admin.$cmd";
constexpr std::int32_t kReturnOneDocument = -1;  // numberToReturn: one document, close the cursor

// OP_REPLY: responseFlags int32, cursorID int64, startingFrom int32, numberReturned int32.
constexpr std::size_t kOpReplyFixedSize = 20;
constexpr std::size_t kOpReplyNumberReturnedOffset = 16;

// OP_COMPRESSED: originalOpcode int32, uncompressedSize int32, compressorId uint8.
constexpr std::size_t kOpCompressedFixedSize = 9;

Error wire_error(std::string message) { return {ErrorCode::protocol, "wire", std::move(message)}; }

std::uint32_t load_uint32(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::uint32_t>(bytes[at]) | static_cast<std::uint32_t>(bytes[at + 1]) << 8 |
         static_cast<std::uint32_t>(bytes[at + 2]) << 16 |
         static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}

std::int32_t load_int32(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::int32_t>(load_uint32(bytes, at));
}

void append_uint32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8)
    out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void append_int32(std::vector<std::uint8_t>& out, std::int32_t value) {
  append_uint32(out, static_cast<std::uint32_t>(value));
}

// A message: the standard header (responseTo 0, as for every request) followed by payload.
std::vector<std::uint8_t> frame(OpCode op_code, std::int32_t request_id,
                                std::span<const std::uint8_t> payload) {
  std::vector<std::uint8_t> message;
  message.reserve(kHeaderSize + payload.size());
  append_int32(message, static_cast<std::int32_t>(kHeaderSize + payload.size()));
  append_int32(message, request_id);
  append_int32(message, 0);
  append_int32(message, static_cast<std::int32_t>(op_code));
  message.insert(message.end(), payload.begin(), payload.end());
  return message;
}

std::string op_code_name(std::int32_t op_code) {
  // MongoDB manual, "Legacy Opcodes", plus OP_COMMAND/OP_COMMANDREPLY removed in 4.2.
  static constexpr std::array<std::pair<std::int32_t, std::string_view>, 11> kNames = {{
      {1, "OP_REPLY"},
      {2001, "OP_UPDATE"},
      {2002, "OP_INSERT"},
      {2004, "OP_QUERY"},
      {2005, "OP_GET_MORE"},
      {2006, "OP_DELETE"},
      {2007, "OP_KILL_CURSORS"},
      {2010, "OP_COMMAND"},
      {2011, "OP_COMMANDREPLY"},
      {2012, "OP_COMPRESSED"},
      {2013, "OP_MSG"},
  }};
  const auto name = std::find_if(kNames.begin(), kNames.end(),
                                 [&](const auto& entry) { return entry.first == op_code; });
  const std::string number = "opCode " + std::to_string(op_code);
  return name == kNames.end() ? number : std::string(name->second) + " (" + number + ")";
}

// The size of the BSON document at the start of bytes, checked against bytes; decoding is left to
// bson::decode_document.
Result<std::size_t> document_size(std::span<const std::uint8_t> bytes, std::string_view where) {
  if (bytes.size() < 4) return wire_error(std::string(where) + ": truncated document");
  const std::int32_t length = load_int32(bytes, 0);
  if (length < 5 || static_cast<std::size_t>(length) > bytes.size()) {
    return wire_error(std::string(where) + ": document length " + std::to_string(length) +
                      " is out of range (" + std::to_string(bytes.size()) + " bytes left)");
  }
  return static_cast<std::size_t>(length);
}

// Decodes the document at the start of bytes and advances bytes past it.
Result<bson::Document> take_document(std::span<const std::uint8_t>& bytes, std::string_view where) {
  const Result<std::size_t> size = document_size(bytes, where);
  if (!size) return size.error();
  Result<bson::Document> document =
      bson::decode_document(bytes.first(size.value()), kMaxReplyDepth);
  if (!document) return wire_error(std::string(where) + ": " + document.error().message);
  bytes = bytes.subspan(size.value());
  return document;
}

struct DocumentSequence {
  std::string identifier;
  bson::Array documents;
};

// A kind-1 section after its kind byte: int32 size (counting itself), cstring identifier,
// documents.
Result<DocumentSequence> take_document_sequence(std::span<const std::uint8_t>& bytes) {
  if (bytes.size() < 4) return wire_error("OP_MSG kind-1 section: truncated size");
  const std::int32_t size = load_int32(bytes, 0);
  if (size < 5 || static_cast<std::size_t>(size) > bytes.size()) {
    return wire_error("OP_MSG kind-1 section: size " + std::to_string(size) + " is out of range (" +
                      std::to_string(bytes.size()) + " bytes left)");
  }
  std::span<const std::uint8_t> section = bytes.subspan(4, static_cast<std::size_t>(size) - 4);
  bytes = bytes.subspan(static_cast<std::size_t>(size));
  const auto nul = std::find(section.begin(), section.end(), std::uint8_t{0});
  if (nul == section.end()) return wire_error("OP_MSG kind-1 section: identifier without NUL");
  DocumentSequence sequence{std::string(section.begin(), nul), {}};
  section = section.subspan(sequence.identifier.size() + 1);
  while (!section.empty()) {
    Result<bson::Document> document = take_document(section, "OP_MSG kind-1 section");
    if (!document) return document.error();
    sequence.documents.emplace_back(std::move(document).value());
  }
  return sequence;
}

// The sections of an OP_MSG (after flagBits, before any checksum) as one body document.
Result<bson::Document> read_sections(std::span<const std::uint8_t> sections) {
  std::optional<bson::Document> body;
  std::vector<DocumentSequence> sequences;
  while (!sections.empty()) {
    const std::uint8_t kind = sections.front();
    sections = sections.subspan(1);
    if (kind == kBodySection) {
      if (body) return wire_error("OP_MSG has more than one kind-0 (body) section");
      Result<bson::Document> document = take_document(sections, "OP_MSG kind-0 section");
      if (!document) return document.error();
      body = std::move(document).value();
    } else if (kind == kDocumentSequenceSection) {
      Result<DocumentSequence> sequence = take_document_sequence(sections);
      if (!sequence) return sequence.error();
      sequences.push_back(std::move(sequence).value());
    } else {
      return wire_error("OP_MSG has unknown section kind " + std::to_string(kind));
    }
  }
  if (!body) return wire_error("OP_MSG has no kind-0 (body) section");
  for (std::size_t i = 0; i < sequences.size(); ++i) {
    const std::string& identifier = sequences[i].identifier;
    const bool repeated = std::any_of(
        sequences.begin(), sequences.begin() + static_cast<std::ptrdiff_t>(i),
        [&](const DocumentSequence& earlier) { return earlier.identifier == identifier; });
    if (repeated || body->find(identifier)) {
      return wire_error("OP_MSG document sequence \"" + identifier + "\" is not unique");
    }
    body->append(identifier, std::move(sequences[i].documents));
  }
  return std::move(*body);
}

Result<Reply> decode_op_msg(std::span<const std::uint8_t> message, std::int32_t request_id) {
  std::span<const std::uint8_t> payload = message.subspan(kHeaderSize);
  if (payload.size() < 4) return wire_error("OP_MSG without flagBits");
  const std::uint32_t flags = load_uint32(payload, 0);
  if (const std::uint32_t unknown = flags & kRequiredFlagBits & ~kKnownRequiredFlagBits) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%04X", unknown);
    return wire_error(std::string("OP_MSG sets unknown required flagBits ") + hex);
  }
  payload = payload.subspan(4);
  if (flags & kChecksumPresent) {
    if (payload.size() < kChecksumSize)
      return wire_error("OP_MSG checksumPresent without checksum");
    const std::size_t covered = message.size() - kChecksumSize;
    if (crc32c(message.first(covered)) != load_uint32(message, covered)) {
      return wire_error("OP_MSG checksum does not match contents");
    }
    payload = payload.first(payload.size() - kChecksumSize);
  }
  Result<bson::Document> body = read_sections(payload);
  if (!body) return body.error();
  return Reply{OpCode::msg, request_id, flags, std::move(body).value()};
}

// OP_REPLY: every one of numberReturned documents must be well formed; the first is the reply.
Result<Reply> decode_op_reply(std::span<const std::uint8_t> payload, std::int32_t request_id) {
  if (payload.size() < kOpReplyFixedSize)
    return wire_error("OP_REPLY shorter than its fixed fields");
  const std::uint32_t flags = load_uint32(payload, 0);
  const std::int32_t number_returned = load_int32(payload, kOpReplyNumberReturnedOffset);
  if (number_returned < 1) {
    return wire_error("OP_REPLY numberReturned is " + std::to_string(number_returned));
  }
  std::span<const std::uint8_t> documents = payload.subspan(kOpReplyFixedSize);
  std::optional<bson::Document> first;
  for (std::int32_t i = 0; i < number_returned; ++i) {
    Result<bson::Document> document = take_document(documents, "OP_REPLY");
    if (!document) return document.error();
    if (!first) first = std::move(document).value();
  }
  if (!documents.empty()) {
    return wire_error("OP_REPLY has " + std::to_string(documents.size()) +
                      " bytes after its numberReturned documents");
  }
  return Reply{OpCode::reply, request_id, flags, std::move(*first)};
}

Error compressed_error(std::span<const std::uint8_t> payload) {
  if (payload.size() < kOpCompressedFixedSize) return wire_error("truncated OP_COMPRESSED");
  const int compressor_id = payload[kOpCompressedFixedSize - 1];
  return wire_error("server sent OP_COMPRESSED (compressor id " + std::to_string(compressor_id) +
                    "); mongoscan sends no compressed request, so expects no compressed reply");
}

// Bit-reflected CRC-32C polynomial (RFC 3720, appendix B.4).
constexpr std::uint32_t kCrc32cPolynomial = 0x82F63B78;

constexpr std::array<std::uint32_t, 256> make_crc32c_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t byte = 0; byte < 256; ++byte) {
    std::uint32_t crc = byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1) ? kCrc32cPolynomial : 0);
    table[byte] = crc;
  }
  return table;
}

bool succeeded(const bson::Document& reply) {
  if (const auto ok = reply.get_number("ok")) return *ok != 0;
  return reply.get_bool("ok").value_or(false);
}

int error_code(const bson::Document& reply) {
  const std::optional<double> code = reply.get_number("code");
  if (!code || *code < std::numeric_limits<int>::min() || *code > std::numeric_limits<int>::max()) {
    return 0;
  }
  return static_cast<int>(*code);
}

}  // namespace

std::vector<std::uint8_t> encode_op_msg(const bson::Document& body, std::int32_t request_id) {
  std::vector<std::uint8_t> payload;
  append_uint32(payload, 0);  // flagBits
  payload.push_back(kBodySection);
  const std::vector<std::uint8_t> document = bson::encode_document(body);
  payload.insert(payload.end(), document.begin(), document.end());
  return frame(OpCode::msg, request_id, payload);
}

std::vector<std::uint8_t> encode_op_query_is_master(std::int32_t request_id) {
  std::vector<std::uint8_t> payload;
  append_int32(payload, kQuerySecondaryOk);
  payload.insert(payload.end(), kCommandNamespace.begin(), kCommandNamespace.end());
  payload.push_back(0);
  append_int32(payload, 0);  // numberToSkip
  append_int32(payload, kReturnOneDocument);
  const std::vector<std::uint8_t> query = bson::encode_document({{"isMaster", 1}});
  payload.insert(payload.end(), query.begin(), query.end());
  return frame(OpCode::query, request_id, payload);
}

Result<std::int32_t> max_message_size_from_hello(std::int64_t announced) {
  if (announced < 1) {
    return Error{ErrorCode::protocol, "hello",
                 "hello announces maxMessageSizeBytes " + std::to_string(announced) +
                     ", which is not a positive size"};
  }
  return static_cast<std::int32_t>(std::min<std::int64_t>(announced, kDefaultMaxMessageSizeBytes));
}

Result<std::int32_t> read_message_length(std::span<const std::uint8_t, kHeaderSize> header,
                                         std::int32_t max_message_size) {
  const std::int32_t length = load_int32(header, 0);
  if (length < kHeaderSize || length > max_message_size) {
    return wire_error("message length " + std::to_string(length) + " is invalid (min " +
                      std::to_string(kHeaderSize) + ", max " + std::to_string(max_message_size) +
                      ")");
  }
  return length;
}

Result<Reply> decode_reply(std::span<const std::uint8_t> message, std::int32_t expected_response_to,
                           std::int32_t max_message_size) {
  if (message.size() < kHeaderSize) {
    return wire_error("message of " + std::to_string(message.size()) +
                      " bytes is shorter than the header");
  }
  const Result<std::int32_t> length =
      read_message_length(message.first<kHeaderSize>(), max_message_size);
  if (!length) return length.error();
  if (static_cast<std::size_t>(length.value()) != message.size()) {
    return wire_error("header declares " + std::to_string(length.value()) +
                      " bytes but the message has " + std::to_string(message.size()));
  }
  const std::int32_t request_id = load_int32(message, 4);
  const std::int32_t response_to = load_int32(message, 8);
  const std::int32_t op_code = load_int32(message, 12);
  if (response_to != expected_response_to) {
    return wire_error("responseTo " + std::to_string(response_to) + " does not match requestID " +
                      std::to_string(expected_response_to));
  }
  switch (static_cast<OpCode>(op_code)) {
    case OpCode::msg:
      return decode_op_msg(message, request_id);
    case OpCode::reply:
      return decode_op_reply(message.subspan(kHeaderSize), request_id);
    case OpCode::compressed:
      return compressed_error(message.subspan(kHeaderSize));
    case OpCode::query:
      break;
  }
  return wire_error("unexpected " + op_code_name(op_code) + " in a reply");
}

std::uint32_t crc32c(std::span<const std::uint8_t> bytes) {
  static constexpr std::array<std::uint32_t, 256> kTable = make_crc32c_table();
  std::uint32_t crc = 0xFFFFFFFF;
  for (const std::uint8_t byte : bytes) crc = (crc >> 8) ^ kTable[(crc ^ byte) & 0xFF];
  return crc ^ 0xFFFFFFFF;
}

std::optional<CommandError> command_error(const bson::Document& reply) {
  const std::optional<std::string> legacy_message = reply.get_string("$err");
  if (reply.find("ok") ? succeeded(reply) : !legacy_message) return std::nullopt;
  return CommandError{error_code(reply), reply.get_string("codeName").value_or(""),
                      reply.get_string("errmsg").value_or(legacy_message.value_or(""))};
}

}  // namespace mongoscan::wire
