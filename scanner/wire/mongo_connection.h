#pragma once
// One connection to a MongoDB node: sends allowlisted commands as OP_MSG and reads the replies,
// each round trip bounded by a Deadline.

#include <cstdint>
#include <memory>

#include "scanner/bson/bson.h"
#include "scanner/wire/byte_stream.h"
#include "scanner/wire/command_allowlist.h"
#include "scanner/wire/wire_message.h"

namespace mongoscan {

class MongoConnection {
 public:
  explicit MongoConnection(std::unique_ptr<ByteStream> stream) : stream_(std::move(stream)) {}

  // Runs {<command>: value, ...arguments, $db: database}. A server-side command error is a reply
  // (see wire::command_error), not an Error; Errors are network, framing and timeout failures,
  // and an aggregate whose pipeline the allowlist does not permit (ErrorCode::usage, nothing sent).
  Result<bson::Document> run(AllowedCommand command, bson::Value value,
                             const bson::Document& arguments, std::string_view database,
                             Deadline deadline);

  // isMaster over OP_QUERY, for servers older than 3.6 that do not answer OP_MSG.
  Result<bson::Document> run_legacy_is_master(Deadline deadline);

  // From hello's maxMessageSizeBytes (wire::max_message_size_from_hello); replies above it are
  // refused before their body is read, and a body costs memory only as its bytes arrive.
  void set_max_message_size(std::int32_t bytes) { max_message_size_ = bytes; }

 private:
  Result<bson::Document> round_trip(const std::vector<std::uint8_t>& request,
                                    std::int32_t request_id, Deadline deadline);
  std::unique_ptr<ByteStream> stream_;
  std::int32_t next_request_id_ = 1;
  std::int32_t max_message_size_ = wire::kDefaultMaxMessageSizeBytes;
};

}  // namespace mongoscan
