// Wire framing: OP_MSG requests and replies (flagBits, checksum, kind-0 and kind-1 sections), the
// OP_QUERY handshake and OP_REPLY, OP_COMPRESSED detection and command errors. Replies are
// hand-built byte sequences following ../shared/server-replies/opmsg-framing.json, each in an
// exact-size buffer so that a sanitizer build catches any over-read.

#include "scanner/wire/wire_message.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/shared_data.h"

namespace mongoscan::wire {
namespace wire_message_test {
namespace {

using bson::Document;
using Bytes = std::vector<std::uint8_t>;
using nlohmann::json;

constexpr std::int32_t kRequestId = 41;
constexpr std::int32_t kServerRequestId = 977;

Bytes le32(std::uint32_t value) {
  return {static_cast<std::uint8_t>(value), static_cast<std::uint8_t>(value >> 8),
          static_cast<std::uint8_t>(value >> 16), static_cast<std::uint8_t>(value >> 24)};
}

Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes all;
  for (const Bytes& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

Bytes cstring(std::string_view text) {
  Bytes bytes(text.begin(), text.end());
  bytes.push_back(0);
  return bytes;
}

// A reply message: header with the given opCode, answering kRequestId.
Bytes message(std::int32_t op_code, const Bytes& payload, std::int32_t response_to = kRequestId) {
  return concat({le32(static_cast<std::uint32_t>(16 + payload.size())), le32(kServerRequestId),
                 le32(static_cast<std::uint32_t>(response_to)),
                 le32(static_cast<std::uint32_t>(op_code)), payload});
}

Bytes body_section(const Document& document) {
  return concat({{0}, bson::encode_document(document)});
}

Bytes sequence_section(std::string_view identifier, const std::vector<Document>& documents) {
  Bytes contents = cstring(identifier);
  for (const Document& document : documents) {
    const Bytes bytes = bson::encode_document(document);
    contents.insert(contents.end(), bytes.begin(), bytes.end());
  }
  return concat({{1}, le32(static_cast<std::uint32_t>(4 + contents.size())), contents});
}

Bytes op_msg(std::uint32_t flags, const Bytes& sections) {
  return message(2013, concat({le32(flags), sections}));
}

// An OP_MSG with checksumPresent and its CRC-32C appended.
Bytes checksummed_op_msg(const Bytes& sections) {
  Bytes bytes = message(2013, concat({le32(kChecksumPresent), sections, le32(0)}));
  const Bytes checksum = le32(crc32c(std::span(bytes).first(bytes.size() - 4)));
  std::copy(checksum.begin(), checksum.end(), bytes.end() - 4);
  return bytes;
}

Bytes op_reply(std::uint32_t flags, std::int32_t number_returned, const Bytes& documents) {
  const Bytes cursor_id(8, 0);
  return message(1, concat({le32(flags), cursor_id, le32(0),
                            le32(static_cast<std::uint32_t>(number_returned)), documents}));
}

const Document kOk{{"ok", 1.0}};

Result<Reply> decode(const Bytes& bytes) {
  return decode_reply(bytes, kRequestId, kDefaultMaxMessageSizeBytes);
}

void expect_refused(const Bytes& bytes, std::string_view reason) {
  const Result<Reply> result = decode(bytes);
  ASSERT_FALSE(result.ok()) << "accepted: " << reason;
  EXPECT_EQ(result.error().code, ErrorCode::protocol);
  EXPECT_EQ(result.error().phase, "wire");
  EXPECT_NE(result.error().message.find(reason), std::string::npos) << result.error().message;
}

TEST(WireConstants, MatchTheSpecifications) {
  EXPECT_EQ(kHeaderSize, 16);
  EXPECT_EQ(static_cast<int>(OpCode::reply), 1);
  EXPECT_EQ(static_cast<int>(OpCode::query), 2004);
  EXPECT_EQ(static_cast<int>(OpCode::compressed), 2012);
  EXPECT_EQ(static_cast<int>(OpCode::msg), 2013);
  EXPECT_EQ(kChecksumPresent, 1u);
  EXPECT_EQ(kMoreToCome, 2u);
  EXPECT_EQ(kExhaustAllowed, 65536u);
  EXPECT_EQ(kDefaultMaxMessageSizeBytes, 48000000);
}

TEST(WireConstants, AgreeWithSharedOpMsgFraming) {
  const auto shared = testing_support::shared_dir();
  if (!shared) GTEST_SKIP() << "../shared not found: set MONGOSCAN_SHARED_DIR to run this test";
  const json framing = json::parse(std::ifstream(*shared / "server-replies/opmsg-framing.json"));
  const Document data = bson::from_extended_json(framing).value();
  const Document header = data.get_document("header").value();
  const Document op_codes = header.get_document("opCodes").value();
  const Document flag_bits = data.get_document("flagBits").value();
  EXPECT_EQ(header.get_int64("size"), kHeaderSize);
  EXPECT_EQ(op_codes.get_int64("OP_REPLY"), static_cast<int>(OpCode::reply));
  EXPECT_EQ(op_codes.get_int64("OP_QUERY"), static_cast<int>(OpCode::query));
  EXPECT_EQ(op_codes.get_int64("OP_COMPRESSED"), static_cast<int>(OpCode::compressed));
  EXPECT_EQ(op_codes.get_int64("OP_MSG"), static_cast<int>(OpCode::msg));
  EXPECT_EQ(flag_bits.get_document("checksumPresent")->get_int64("value"), kChecksumPresent);
  EXPECT_EQ(flag_bits.get_document("moreToCome")->get_int64("value"), kMoreToCome);
  EXPECT_EQ(flag_bits.get_document("exhaustAllowed")->get_int64("value"), kExhaustAllowed);
  EXPECT_EQ(data.get_document("limits")->get_int64("maxMessageSizeBytes"),
            kDefaultMaxMessageSizeBytes);
}

TEST(EncodeOpMsg, FramesOneBodySectionWithFlagBitsZero) {
  const Document body{{"hello", 1}, {"$db", "admin"}};
  const Bytes bytes = encode_op_msg(body, kRequestId);
  const Bytes expected = concat({le32(static_cast<std::uint32_t>(bytes.size())), le32(kRequestId),
                                 le32(0), le32(2013), le32(0), body_section(body)});
  EXPECT_EQ(bytes, expected);
  // A request is a well-formed message too: responseTo 0.
  const Result<Reply> decoded = decode_reply(bytes, 0, kDefaultMaxMessageSizeBytes);
  ASSERT_TRUE(decoded.ok()) << decoded.error().message;
  EXPECT_EQ(decoded.value().body, body);
  EXPECT_EQ(decoded.value().request_id, kRequestId);
}

TEST(EncodeOpQuery, SendsIsMasterOnAdminCommandNamespace) {
  const Bytes expected = concat({le32(58),
                                 le32(7),
                                 le32(0),
                                 le32(2004),
                                 le32(4),
                                 cstring("admin.$cmd"),
                                 le32(0),
                                 le32(0xFFFFFFFF),
                                 {0x13, 0, 0, 0, 0x10},
                                 cstring("isMaster"),
                                 le32(1),
                                 {0}});
  EXPECT_EQ(encode_op_query_is_master(7), expected);
}

TEST(ReadMessageLength, AcceptsOnlyLengthsWithinLimits) {
  const auto length_of = [](std::int32_t length, std::int32_t max) {
    const Bytes header =
        concat({le32(static_cast<std::uint32_t>(length)), le32(1), le32(2), le32(2013)});
    return read_message_length(std::span<const std::uint8_t, 16>(header.data(), 16), max);
  };
  EXPECT_EQ(length_of(16, kDefaultMaxMessageSizeBytes).value(), 16);
  EXPECT_EQ(length_of(48000000, kDefaultMaxMessageSizeBytes).value(), 48000000);
  const Result<std::int32_t> short_length = length_of(15, kDefaultMaxMessageSizeBytes);
  ASSERT_FALSE(short_length.ok());
  EXPECT_EQ(short_length.error().message, "message length 15 is invalid (min 16, max 48000000)");
  EXPECT_FALSE(length_of(48000001, kDefaultMaxMessageSizeBytes).ok());
  EXPECT_FALSE(length_of(-1, kDefaultMaxMessageSizeBytes).ok());
  EXPECT_FALSE(length_of(1025, 1024).ok());
}

TEST(MaxMessageSizeFromHello, IsClampedToTheServerMaximumAndMustBePositive) {
  EXPECT_EQ(max_message_size_from_hello(16 * 1024 * 1024).value(), 16 * 1024 * 1024);
  EXPECT_EQ(max_message_size_from_hello(48'000'000).value(), 48'000'000);
  EXPECT_EQ(max_message_size_from_hello(2'000'000'000).value(), 48'000'000);
  EXPECT_EQ(max_message_size_from_hello(std::int64_t{1} << 40).value(), 48'000'000);
  for (const std::int64_t announced : {std::int64_t{0}, std::int64_t{-1}, std::int64_t{-1} << 40}) {
    const Result<std::int32_t> refused = max_message_size_from_hello(announced);
    ASSERT_FALSE(refused.ok()) << announced;
    EXPECT_EQ(refused.error().code, ErrorCode::protocol);
    EXPECT_EQ(refused.error().phase, "hello");
    EXPECT_NE(refused.error().message.find(std::to_string(announced)), std::string::npos);
  }
}

TEST(DecodeOpMsg, ReadsTheBody) {
  const Document hello{{"isWritablePrimary", true}, {"maxWireVersion", 21}, {"ok", 1.0}};
  const Result<Reply> reply = decode(op_msg(0, body_section(hello)));
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_EQ(reply.value().op_code, OpCode::msg);
  EXPECT_EQ(reply.value().request_id, kServerRequestId);
  EXPECT_EQ(reply.value().flags, 0u);
  EXPECT_EQ(reply.value().body, hello);
}

TEST(DecodeOpMsg, VerifiesAndStripsTheChecksum) {
  const Bytes bytes = checksummed_op_msg(body_section(kOk));
  const Result<Reply> reply = decode(bytes);
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_EQ(reply.value().body, kOk);
  EXPECT_EQ(reply.value().flags, kChecksumPresent);

  Bytes corrupted = bytes;
  corrupted.back() ^= 0x01;
  expect_refused(corrupted, "checksum does not match");
  Bytes corrupted_body = bytes;
  corrupted_body[25] ^= 0x01;
  expect_refused(corrupted_body, "checksum does not match");
  expect_refused(op_msg(kChecksumPresent, {0, 0}), "checksumPresent without checksum");
}

TEST(DecodeOpMsg, AppendsDocumentSequencesUnderTheirIdentifiers) {
  const Bytes sections =
      concat({sequence_section("documents", {{{"a", 1}}, {{"a", 2}}}),
              body_section({{"insert", "c"}, {"$db", "d"}}), sequence_section("empty", {})});
  const Result<Reply> reply = decode(op_msg(0, sections));
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  const Document expected{{"insert", "c"},
                          {"$db", "d"},
                          {"documents", bson::Array{Document{{"a", 1}}, Document{{"a", 2}}}},
                          {"empty", bson::Array{}}};
  EXPECT_EQ(reply.value().body, expected);
}

TEST(DecodeOpMsg, RefusesMalformedSections) {
  expect_refused(op_msg(0, concat({body_section(kOk), body_section(kOk)})),
                 "more than one kind-0 (body) section");
  expect_refused(op_msg(0, {}), "no kind-0 (body) section");
  expect_refused(op_msg(0, sequence_section("documents", {kOk})), "no kind-0 (body) section");
  expect_refused(op_msg(0, concat({body_section(kOk), {2}})), "unknown section kind 2");
  expect_refused(
      op_msg(0, concat({body_section(kOk), sequence_section("d", {}), sequence_section("d", {})})),
      "document sequence \"d\" is not unique");
  expect_refused(op_msg(0, concat({body_section(kOk), sequence_section("ok", {})})),
                 "document sequence \"ok\" is not unique");
}

TEST(DecodeOpMsg, RefusesMalformedDocuments) {
  expect_refused(op_msg(0, {0, 5, 0, 0}), "kind-0 section: truncated document");
  expect_refused(op_msg(0, {0, 9, 0, 0, 0, 0}),
                 "kind-0 section: document length 9 is out of range");
  expect_refused(op_msg(0, {0, 6, 0, 0, 0, 0x08, 0}), "kind-0 section: ");
  expect_refused(op_msg(0, concat({{0}, le32(7), {0x08, 0, 0}})),
                 "kind-0 section: truncated bool at offset 6");
  expect_refused(op_msg(0, concat({body_section(kOk), {1}, le32(3)})),
                 "kind-1 section: size 3 is out of range");
  expect_refused(op_msg(0, concat({body_section(kOk), {1}, le32(40), cstring("d")})),
                 "kind-1 section: size 40 is out of range");
  expect_refused(op_msg(0, concat({body_section(kOk), {1}, le32(6), {'d', 'd'}})),
                 "identifier without NUL");
  expect_refused(op_msg(0, concat({body_section(kOk), {1}, le32(8), cstring("d"), {5, 0, 0}})),
                 "kind-1 section: truncated document");
  expect_refused(
      op_msg(0, concat({body_section(kOk), {1}, le32(11), cstring("d"), {5, 0, 0, 0, 1}})),
      "kind-1 section: document without trailing NUL");
}

TEST(DecodeOpMsg, RefusesUnknownRequiredFlagBitsOnly) {
  expect_refused(op_msg(1u << 2, body_section(kOk)), "unknown required flagBits 0x0004");
  expect_refused(op_msg(1u << 15, body_section(kOk)), "unknown required flagBits 0x8000");
  const Result<Reply> more =
      decode(op_msg(kMoreToCome | kExhaustAllowed | (1u << 31), body_section(kOk)));
  ASSERT_TRUE(more.ok()) << more.error().message;
  EXPECT_EQ(more.value().flags & kMoreToCome, kMoreToCome);
  expect_refused(message(2013, {0, 0}), "OP_MSG without flagBits");
}

TEST(DecodeReply, RefusesBadLengths) {
  const Bytes valid = op_msg(0, body_section(kOk));
  expect_refused(Bytes(valid.begin(), valid.begin() + 15), "shorter than the header");
  Bytes too_short = valid;
  too_short[0] = 15;
  expect_refused(too_short, "message length 15 is invalid (min 16, max 48000000)");
  Bytes too_long = valid;
  const Bytes oversize = le32(48000001);
  std::copy(oversize.begin(), oversize.end(), too_long.begin());
  expect_refused(too_long, "message length 48000001 is invalid");
  expect_refused(Bytes(valid.begin(), valid.end() - 1),
                 "header declares 38 bytes but the message has 37");
  Bytes trailing = valid;
  trailing.push_back(0);
  expect_refused(trailing, "header declares 38 bytes but the message has 39");
  const Result<Reply> small_limit = decode_reply(valid, kRequestId, 37);
  ASSERT_FALSE(small_limit.ok());
  EXPECT_EQ(small_limit.error().message, "message length 38 is invalid (min 16, max 37)");
}

TEST(DecodeReply, RefusesEveryTruncation) {
  // The sequence comes first, so no prefix ends on a complete message.
  const Bytes sections =
      concat({sequence_section("d", {kOk, kOk}), body_section({{"ok", 1.0}, {"n", 2}})});
  for (const Bytes& bytes : {op_msg(0, sections), checksummed_op_msg(sections)}) {
    ASSERT_TRUE(decode(bytes).ok());
    for (std::size_t size = 0; size < bytes.size(); ++size) {
      Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
      if (size >= 4) {  // keep the header consistent so the section parser sees the truncation
        const Bytes length = le32(static_cast<std::uint32_t>(size));
        std::copy(length.begin(), length.end(), prefix.begin());
      }
      EXPECT_FALSE(decode(prefix).ok()) << size;
    }
  }
}

TEST(DecodeReply, SurvivesEverySingleByteCorruption) {
  const Bytes bytes = op_msg(
      0, concat({body_section({{"ok", 1.0}, {"s", "text"}}), sequence_section("d", {kOk, kOk})}));
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (const std::uint8_t replacement : {0x00, 0x01, 0x7F, 0x80, 0xFF}) {
      Bytes corrupted = bytes;
      corrupted[at] = replacement;
      const Result<Reply> result = decode(corrupted);
      if (result.ok()) {
        EXPECT_EQ(result.value().op_code, OpCode::msg);
      }
    }
  }
}

TEST(DecodeReply, RefusesAReplyToAnotherRequest) {
  expect_refused(message(2013, concat({le32(0), body_section(kOk)}), kRequestId + 1),
                 "responseTo 42 does not match requestID 41");
}

TEST(DecodeReply, NamesUnexpectedOpcodes) {
  expect_refused(message(2004, body_section(kOk)), "unexpected OP_QUERY (opCode 2004) in a reply");
  expect_refused(message(2010, body_section(kOk)), "unexpected OP_COMMAND (opCode 2010)");
  expect_refused(message(42, {}), "unexpected opCode 42 in a reply");
}

TEST(DecodeReply, AllowsServerNestingDeeperThanTheBsonDefault) {
  Document nested = kOk;
  for (int level = 1; level < 200; ++level) nested = Document{{"a", nested}};
  expect_refused(op_msg(0, body_section(Document{{"a", nested}})), "nested deeper than 200 levels");
  EXPECT_TRUE(decode(op_msg(0, body_section(nested))).ok());
}

TEST(DecodeOpCompressed, NamesTheCompressorAndRefuses) {
  // opcompressed.json compressorIds: noop 0, snappy 1, zlib 2, zstd 3.
  for (const std::uint8_t id : {0, 1, 2, 3}) {
    const Bytes payload = concat({le32(2013), le32(21), {id}, Bytes(12, 0xAB)});
    expect_refused(message(2012, payload), "server sent OP_COMPRESSED (compressor id " +
                                               std::to_string(id) +
                                               "); mongoscan sends no compressed request, so "
                                               "expects no compressed reply");
  }
  expect_refused(message(2012, concat({le32(2013), le32(21)})), "truncated OP_COMPRESSED");
}

TEST(DecodeOpReply, TakesTheFirstDocument) {
  const Document first{{"ismaster", true}, {"maxWireVersion", 5}, {"ok", 1.0}};
  const Result<Reply> reply = decode(op_reply(8, 1, bson::encode_document(first)));
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_EQ(reply.value().op_code, OpCode::reply);
  EXPECT_EQ(reply.value().flags, 8u);
  EXPECT_EQ(reply.value().body, first);

  const Bytes two = concat({bson::encode_document(first), bson::encode_document(kOk)});
  EXPECT_EQ(decode(op_reply(0, 2, two)).value().body, first);
}

TEST(DecodeOpReply, RefusesMalformedReplies) {
  const Bytes document = bson::encode_document(kOk);
  expect_refused(op_reply(0, 0, {}), "numberReturned is 0");
  expect_refused(op_reply(0, -1, document), "numberReturned is -1");
  expect_refused(op_reply(0, 2, document), "OP_REPLY: truncated document");
  expect_refused(op_reply(0, 1, concat({document, {0}})), "1 bytes after its numberReturned");
  expect_refused(op_reply(0, 1, Bytes(document.begin(), document.end() - 1)),
                 "OP_REPLY: document length");
  expect_refused(message(1, Bytes(19, 0)), "OP_REPLY shorter than its fixed fields");
}

TEST(DecodeOpReply, ReadsTheSharedIsMasterHandshakeReply) {
  const auto shared = testing_support::shared_dir();
  if (!shared) GTEST_SKIP() << "../shared not found: set MONGOSCAN_SHARED_DIR to run this test";
  const auto file = nlohmann::ordered_json::parse(
      std::ifstream(*shared / "server-replies/isMaster-opquery-handshake.json"));
  const Document wire = bson::from_extended_json(file.at("replyWire")).value();
  const Document expected = bson::from_extended_json(file.at("reply")).value();
  const auto flags = static_cast<std::uint32_t>(*wire.get_int64("responseFlags"));
  const auto number_returned = static_cast<std::int32_t>(*wire.get_int64("numberReturned"));
  const Result<Reply> reply =
      decode(op_reply(flags, number_returned, bson::encode_document(expected)));
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_EQ(reply.value().body, expected);
  EXPECT_EQ(reply.value().body.fields().front().first, "helloOk");
  EXPECT_EQ(command_error(reply.value().body), std::nullopt);
}

TEST(Crc32c, MatchesKnownVectors) {
  const std::string digits = "123456789";
  EXPECT_EQ(crc32c(Bytes(digits.begin(), digits.end())), 0xE3069283u);
  // RFC 3720, appendix B.4.
  EXPECT_EQ(crc32c(Bytes(32, 0x00)), 0x8A9136AAu);
  EXPECT_EQ(crc32c(Bytes(32, 0xFF)), 0x62A8AB43u);
  Bytes ascending(32);
  for (std::size_t i = 0; i < ascending.size(); ++i) ascending[i] = static_cast<std::uint8_t>(i);
  EXPECT_EQ(crc32c(ascending), 0x46DD794Eu);
  EXPECT_EQ(crc32c(Bytes{}), 0u);
}

TEST(CommandError, ReadsFailedReplies) {
  const Document unauthorized{{"ok", 0.0},
                              {"errmsg", "Command listDatabases requires authentication"},
                              {"code", 13},
                              {"codeName", "Unauthorized"}};
  const auto error = command_error(unauthorized);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, 13);
  EXPECT_EQ(error->code_name, "Unauthorized");
  EXPECT_EQ(error->message, "Command listDatabases requires authentication");

  EXPECT_TRUE(command_error({{"ok", 0}}));
  EXPECT_TRUE(command_error({{"ok", std::int64_t{0}}}));
  EXPECT_TRUE(command_error({{"ok", false}}));
  EXPECT_EQ(command_error({{"ok", 0}})->code, 0);
  EXPECT_EQ(command_error({{"ok", 0.0}, {"code", 1e300}})->code, 0);
}

TEST(CommandError, LeavesSuccessesAlone) {
  EXPECT_EQ(command_error({{"ok", 1.0}}), std::nullopt);
  EXPECT_EQ(command_error({{"ok", 1}}), std::nullopt);
  EXPECT_EQ(command_error({{"ok", true}}), std::nullopt);
  EXPECT_EQ(command_error({{"n", 1}}), std::nullopt);
}

TEST(CommandError, ReadsLegacyErrReplies) {
  // error-opquery-legacy.json, nonCommandNamespace; and a $err reply without ok.
  const auto with_ok =
      command_error({{"$err", "OP_QUERY is no longer supported."}, {"code", 5739101}, {"ok", 0.0}});
  ASSERT_TRUE(with_ok);
  EXPECT_EQ(with_ok->code, 5739101);
  EXPECT_EQ(with_ok->code_name, "");
  EXPECT_EQ(with_ok->message, "OP_QUERY is no longer supported.");
  const auto without_ok = command_error({{"$err", "not master"}, {"code", 10107}});
  ASSERT_TRUE(without_ok);
  EXPECT_EQ(without_ok->message, "not master");
}

TEST(CommandError, AgreesWithEverySharedReply) {
  const auto shared = testing_support::shared_dir();
  if (!shared) GTEST_SKIP() << "../shared not found: set MONGOSCAN_SHARED_DIR to run this test";
  std::size_t errors = 0;
  std::size_t successes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(*shared / "server-replies")) {
    if (entry.path().extension() != ".json") continue;
    const json file = json::parse(std::ifstream(entry.path()));
    std::vector<json> replies;
    for (const auto& [key, value] : file.items()) {
      if (value.is_object() && value.contains("ok")) replies.push_back(value);
      if (value.is_object() && value.contains("reply")) replies.push_back(value["reply"]);
    }
    for (const json& source : replies) {
      SCOPED_TRACE(entry.path().filename().string() + ": " + source.dump().substr(0, 120));
      const Document reply = bson::from_extended_json(source).value();
      const auto error = command_error(reply);
      if (*reply.get_number("ok") != 0) {
        EXPECT_EQ(error, std::nullopt);
        ++successes;
        continue;
      }
      ++errors;
      ASSERT_TRUE(error);
      EXPECT_EQ(error->code, reply.get_int64("code"));
      EXPECT_EQ(error->code_name, reply.get_string("codeName").value_or(""));
      EXPECT_FALSE(error->message.empty());
    }
  }
  EXPECT_GE(errors, 15u);
  EXPECT_GE(successes, 20u);
}

}  // namespace
}  // namespace wire_message_test
}  // namespace mongoscan::wire
