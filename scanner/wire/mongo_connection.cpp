#include "scanner/wire/mongo_connection.h"

#include <algorithm>
#include <array>

namespace mongoscan {
namespace {

// The first read after the header; each later one at most doubles what has arrived.
constexpr std::size_t kFirstBodyRead = 64 * 1024;

// One whole message (header included) whose header announced `length` bytes. The buffer grows as
// bytes arrive, never past twice what was received, so an announced length that is never sent
// costs next to nothing.
Result<std::vector<std::uint8_t>> read_reply_message(ByteStream& stream,
                                                     std::span<const std::uint8_t> header,
                                                     std::size_t length, Deadline deadline) {
  std::vector<std::uint8_t> message(header.begin(), header.end());
  while (message.size() < length) {
    const std::size_t received = message.size();
    message.resize(std::min(length, std::max(2 * received, kFirstBodyRead)));
    const auto next = std::span<std::uint8_t>(message).subspan(received);
    if (auto read = stream.read_exact(next, deadline); !read) return read.error();
  }
  return message;
}

}  // namespace

Result<bson::Document> MongoConnection::run(AllowedCommand command, bson::Value value,
                                            const bson::Document& arguments,
                                            std::string_view database, Deadline deadline) {
  if (!pipeline_allowed(command, arguments)) {
    return Error{ErrorCode::usage, std::string(command_name(command)),
                 "refused to send: the pipeline is not the one stage the allowlist permits"};
  }
  if (!namespace_allowed(command, value, database)) {
    return Error{ErrorCode::usage, std::string(command_name(command)),
                 "refused to send: the allowlist permits this command on one collection only"};
  }
  const std::int32_t request_id = next_request_id_++;
  const bson::Document body = make_command(command, std::move(value), arguments, database);
  return round_trip(wire::encode_op_msg(body, request_id), request_id, deadline);
}

Result<bson::Document> MongoConnection::run_legacy_is_master(Deadline deadline) {
  const std::int32_t request_id = next_request_id_++;
  return round_trip(wire::encode_op_query_is_master(request_id), request_id, deadline);
}

Result<bson::Document> MongoConnection::round_trip(const std::vector<std::uint8_t>& request,
                                                   std::int32_t request_id, Deadline deadline) {
  if (auto written = stream_->write_all(request, deadline); !written) return written.error();
  std::array<std::uint8_t, wire::kHeaderSize> header{};
  if (auto read = stream_->read_exact(header, deadline); !read) return read.error();
  auto length = wire::read_message_length(header, max_message_size_);
  if (!length) return length.error();
  auto message =
      read_reply_message(*stream_, header, static_cast<std::size_t>(length.value()), deadline);
  if (!message) return message.error();
  auto reply = wire::decode_reply(message.value(), request_id, max_message_size_);
  if (!reply) return reply.error();
  return std::move(reply).value().body;
}

}  // namespace mongoscan
