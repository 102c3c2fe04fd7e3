// OP_MSG / OP_REPLY framing (scanner/wire/wire_message.h). The first input byte steers the harness so
// that the fuzzer reaches the bodies: bit 0 writes the real size into messageLength, bit 1 expects
// a responseTo other than the header's. Properties: a decoded reply came from a message exactly as
// long as its header says, and an OP_MSG body re-encoded decodes to the same document.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "scanner/bson/bson.h"
#include "scanner/wire/wire_message.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

std::int32_t load_int32(const std::vector<std::uint8_t>& bytes, std::size_t offset) {
  std::uint32_t value = 0;
  for (int i = 3; i >= 0; --i) value = (value << 8) | bytes[offset + std::size_t(i)];
  return static_cast<std::int32_t>(value);
}

void store_int32(std::vector<std::uint8_t>& bytes, std::size_t offset, std::int32_t value) {
  for (int i = 0; i < 4; ++i) {
    bytes[offset + std::size_t(i)] = std::uint8_t(std::uint32_t(value) >> (8 * i));
  }
}

void check_reencoded_op_msg(const wire::Reply& reply) {
  std::vector<std::uint8_t> again = wire::encode_op_msg(reply.body, reply.request_id);
  const Result<wire::Reply> decoded =
      wire::decode_reply(again, load_int32(again, 8), wire::kDefaultMaxMessageSizeBytes);
  fuzz::check(decoded.ok(), "a re-encoded OP_MSG decodes");
  fuzz::check(bson::encode_document(decoded.value().body) == bson::encode_document(reply.body),
              "a re-encoded OP_MSG holds the same body");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t steering = data[0];
  std::vector<std::uint8_t> message(data + 1, data + size);
  std::int32_t expected_response_to = 0;
  if (message.size() >= wire::kHeaderSize) {
    if ((steering & 1) != 0) store_int32(message, 0, static_cast<std::int32_t>(message.size()));
    const std::uint32_t offset = (steering & 2) != 0 ? 1 : 0;
    expected_response_to =
        static_cast<std::int32_t>(std::uint32_t(load_int32(message, 8)) + offset);
    const std::span<const std::uint8_t, wire::kHeaderSize> header(message.data(),
                                                                  wire::kHeaderSize);
    const Result<std::int32_t> length =
        wire::read_message_length(header, wire::kDefaultMaxMessageSizeBytes);
    fuzz::check(!length || (length.value() >= wire::kHeaderSize &&
                            length.value() <= wire::kDefaultMaxMessageSizeBytes),
                "an accepted messageLength lies within [16, max]");
  }
  const Result<wire::Reply> reply =
      wire::decode_reply(message, expected_response_to, wire::kDefaultMaxMessageSizeBytes);
  if (!reply) return 0;
  fuzz::check(message.size() >= wire::kHeaderSize &&
                  load_int32(message, 0) == static_cast<std::int32_t>(message.size()),
              "a decoded message is as long as its header says");
  fuzz::check(load_int32(message, 8) == expected_response_to,
              "a decoded reply answers our request");
  wire::command_error(reply.value().body);
  if (reply.value().op_code == wire::OpCode::msg) check_reencoded_op_msg(reply.value());
  return 0;
}
