#include "scanner/mongo_connection.h"

#include <array>
#include <cstring>

namespace mongoscan {

Result<bson::Document> MongoConnection::run(AllowedCommand command, bson::Value value,
                                            const bson::Document& arguments,
                                            std::string_view database, Deadline deadline) {
  if (!pipeline_allowed(command, arguments)) {
    return Error{ErrorCode::usage, std::string(command_name(command)),
                 "refused to send: the pipeline is not the one stage the allowlist permits"};
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
  std::vector<std::uint8_t> message(static_cast<std::size_t>(length.value()));
  std::memcpy(message.data(), header.data(), header.size());
  auto rest = std::span<std::uint8_t>(message).subspan(header.size());
  if (auto read = stream_->read_exact(rest, deadline); !read) return read.error();
  auto reply = wire::decode_reply(message, request_id, max_message_size_);
  if (!reply) return reply.error();
  return std::move(reply).value().body;
}

}  // namespace mongoscan
