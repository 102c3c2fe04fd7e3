// MongoConnection over an in-memory ByteStream: what it sends, and how it refuses bad replies.

#include "scanner/wire/mongo_connection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

namespace mongoscan {
namespace mongo_connection_test {
namespace {

// Records what is written and serves scripted bytes; counts how much of them was read.
class ScriptedStream : public ByteStream {
 public:
  explicit ScriptedStream(std::vector<std::uint8_t> replies) : replies_(std::move(replies)) {}

  Result<Ok> write_all(std::span<const std::uint8_t> bytes, Deadline) override {
    written.insert(written.end(), bytes.begin(), bytes.end());
    return Ok{};
  }
  Result<Ok> read_exact(std::span<std::uint8_t> buffer, Deadline) override {
    largest_read = std::max(largest_read, buffer.size());
    if (read_offset + buffer.size() > replies_.size()) {
      return Error{ErrorCode::refused, "read", "the server closed the connection"};
    }
    std::memcpy(buffer.data(), replies_.data() + read_offset, buffer.size());
    read_offset += buffer.size();
    return Ok{};
  }

  std::vector<std::uint8_t> written;
  std::size_t read_offset = 0;
  std::size_t largest_read = 0;  // the largest buffer read_exact was asked to fill

 private:
  std::vector<std::uint8_t> replies_;
};

// An OP_MSG reply to request_id (the encoder writes requests; the header's responseTo is patched).
std::vector<std::uint8_t> reply_to(std::int32_t request_id, const bson::Document& body) {
  std::vector<std::uint8_t> message = wire::encode_op_msg(body, 9000);
  std::memcpy(message.data() + 8, &request_id, sizeof request_id);
  return message;
}

Deadline soon() { return Deadline::after(std::chrono::seconds(1)); }

TEST(MongoConnection, SendsAnAllowlistedOpMsgAndReturnsTheReplyBody) {
  auto stream = std::make_unique<ScriptedStream>(reply_to(1, {{"version", "7.0.9"}, {"ok", 1.0}}));
  ScriptedStream* raw = stream.get();
  MongoConnection connection(std::move(stream));
  auto reply = connection.run(AllowedCommand::build_info, 1, {}, "admin", soon());
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_EQ(reply.value().get_string("version"), "7.0.9");
  auto sent = bson::decode_document(std::span(raw->written).subspan(21));  // header + flags + kind
  ASSERT_TRUE(sent.ok());
  EXPECT_EQ(sent.value().fields().front().first, "buildInfo");
  EXPECT_EQ(sent.value().get_string("$db"), "admin");
}

TEST(MongoConnection, RefusesAReplyAboveTheMaximumBeforeReadingIt) {
  std::vector<std::uint8_t> huge = reply_to(1, {{"ok", 1.0}});
  const std::int32_t claimed = 1'000'000;
  std::memcpy(huge.data(), &claimed, sizeof claimed);
  huge.resize(claimed);
  auto stream = std::make_unique<ScriptedStream>(huge);
  ScriptedStream* raw = stream.get();
  MongoConnection connection(std::move(stream));
  connection.set_max_message_size(64 * 1024);
  auto reply = connection.run(AllowedCommand::hello, 1, {}, "admin", soon());
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().code, ErrorCode::protocol);
  EXPECT_EQ(raw->read_offset, wire::kHeaderSize);  // only the header was read
}

TEST(MongoConnection, AnAnnouncedLengthCostsMemoryOnlyAsItsBytesArrive) {
  // A header announcing the 48 MB maximum, a few bytes of body, then the connection ends.
  std::vector<std::uint8_t> header = reply_to(1, {{"ok", 1.0}});
  const std::int32_t announced = wire::kDefaultMaxMessageSizeBytes;
  std::memcpy(header.data(), &announced, sizeof announced);
  auto stream = std::make_unique<ScriptedStream>(header);
  ScriptedStream* raw = stream.get();
  MongoConnection connection(std::move(stream));
  auto reply = connection.run(AllowedCommand::hello, 1, {}, "admin", soon());
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().code, ErrorCode::refused);
  EXPECT_LE(raw->largest_read, 64u * 1024);
}

TEST(MongoConnection, ReadsALargeReplyAsItArrives) {
  const std::string big(300 * 1024, 'x');
  auto stream = std::make_unique<ScriptedStream>(reply_to(1, {{"big", big}, {"ok", 1.0}}));
  ScriptedStream* raw = stream.get();
  MongoConnection connection(std::move(stream));
  auto reply = connection.run(AllowedCommand::hello, 1, {}, "admin", soon());
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_EQ(reply.value().get_string("big"), big);
  // Each read at most doubles what arrived: 64 KiB (header included), 64, 128, then the rest.
  EXPECT_EQ(raw->largest_read, 128u * 1024);
}

TEST(MongoConnection, RefusesAReplyToAnotherRequest) {
  MongoConnection connection(std::make_unique<ScriptedStream>(reply_to(42, {{"ok", 1.0}})));
  auto reply = connection.run(AllowedCommand::hello, 1, {}, "admin", soon());
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().code, ErrorCode::protocol);
}

TEST(MongoConnection, ClosedConnectionIsRefused) {
  MongoConnection connection(std::make_unique<ScriptedStream>(std::vector<std::uint8_t>{}));
  auto reply = connection.run(AllowedCommand::hello, 1, {}, "admin", soon());
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error().code, ErrorCode::refused);
}

}  // namespace
}  // namespace mongo_connection_test
}  // namespace mongoscan
