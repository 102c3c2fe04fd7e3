// BSON values, the binary codec (round trips, every malformed-input rule, nesting limits) and
// Extended JSON in both directions, including every reply in ../shared/server-replies.

#include "scanner/bson/bson.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "tests/support/shared_data.h"

namespace mongoscan::bson {
namespace bson_test {
namespace {

using Bytes = std::vector<std::uint8_t>;
using nlohmann::json;
using nlohmann::ordered_json;

Bytes le32(std::int32_t value) {
  const auto bits = static_cast<std::uint32_t>(value);
  return {static_cast<std::uint8_t>(bits), static_cast<std::uint8_t>(bits >> 8),
          static_cast<std::uint8_t>(bits >> 16), static_cast<std::uint8_t>(bits >> 24)};
}

Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes all;
  for (const Bytes& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

// A document around raw element bytes: the length prefix and trailing NUL are added.
Bytes document_of(const Bytes& elements) {
  return concat({le32(static_cast<std::int32_t>(elements.size() + 5)), elements, {0}});
}

Bytes from_hex_text(std::string_view hex) {
  Bytes bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    bytes.push_back(
        static_cast<std::uint8_t>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  }
  return bytes;
}

Decimal128 decimal_from_hex(std::string_view hex) {
  Decimal128 decimal;
  const Bytes bytes = from_hex_text(hex);
  std::copy(bytes.begin(), bytes.end(), decimal.bytes.begin());
  return decimal;
}

// levels nested documents (or arrays) {"a": {"a": ... {}}}, the top level counted, built without
// recursion so that 100,000 levels cost no stack.
Bytes nested(std::size_t levels, std::uint8_t type = 0x03) {
  const Bytes prefix_key = {type, type == 0x04 ? std::uint8_t{'0'} : std::uint8_t{'a'}, 0};
  Bytes bytes;
  bytes.reserve(levels * 9);
  for (std::size_t level = levels; level > 1; --level) {
    const auto length = static_cast<std::int32_t>(5 + 8 * (level - 1));  // +type, key, NUL, length
    const Bytes header = le32(length);
    bytes.insert(bytes.end(), header.begin(), header.end());
    bytes.insert(bytes.end(), prefix_key.begin(), prefix_key.end());
  }
  const Bytes innermost = {5, 0, 0, 0, 0};
  bytes.insert(bytes.end(), innermost.begin(), innermost.end());
  bytes.insert(bytes.end(), levels - 1, 0);
  return bytes;
}

void expect_refused(const Bytes& bytes, std::string_view reason, int max_depth = kDefaultMaxDepth) {
  const Result<Document> result = decode_document(bytes, max_depth);
  ASSERT_FALSE(result.ok()) << "accepted: " << reason;
  EXPECT_EQ(result.error().code, ErrorCode::protocol);
  EXPECT_EQ(result.error().phase, "bson");
  EXPECT_NE(result.error().message.find(reason), std::string::npos) << result.error().message;
}

ObjectId sample_object_id() {
  ObjectId id;
  const Bytes bytes = from_hex_text("66a0f1c2b3e4d5f6a7b8c9d0");
  std::copy(bytes.begin(), bytes.end(), id.bytes.begin());
  return id;
}

// One field of every type a server can send.
Document every_type() {
  return Document{
      {"double", 1.5},
      {"string", "text"},
      {"document", Document{{"inner", 1}}},
      {"array", Array{1, "two", Document{}}},
      {"binary", Binary{0x04, {1, 2, 3, 4}}},
      {"undefined", Undefined{}},
      {"objectId", sample_object_id()},
      {"bool", true},
      {"date", DateTime{1721900000123}},
      {"null", Null{}},
      {"regex", Regex{"^a.*", "im"}},
      {"dbPointer", DBPointer{"db.coll", sample_object_id()}},
      {"code", JavaScript{"function() {}"}},
      {"symbol", Symbol{"sym"}},
      {"codeWithScope", JavaScriptWithScope{"x", Document{{"x", 1}}}},
      {"int32", std::int32_t{-7}},
      {"timestamp", Timestamp{1721900000, 1}},
      {"int64", std::int64_t{1} << 40},
      {"decimal", *parse_decimal128("0.1")},
      {"minKey", MinKey{}},
      {"maxKey", MaxKey{}},
  };
}

TEST(BsonDocument, BuildsCommandsFromInitializerLists) {
  const std::string user = "admin.app";
  const Document command{{"hello", 1},
                         {"saslSupportedMechs", user},
                         {"$db", "admin"},
                         {"count", std::int64_t{5}},
                         {"ratio", 0.5},
                         {"helloOk", true},
                         {"client", Document{{"driver", "mongoscan"}}},
                         {"compression", Array{}},
                         {"payload", Binary{0, {0xFF}}}};
  ASSERT_EQ(command.size(), 9u);
  EXPECT_EQ(command.fields()[0].first, "hello");
  EXPECT_EQ(command.find("hello")->type(), Type::number_int);
  EXPECT_EQ(command.find("saslSupportedMechs")->type(), Type::string);
  EXPECT_EQ(command.find("count")->type(), Type::number_long);
  EXPECT_EQ(command.find("ratio")->type(), Type::number_double);
  EXPECT_EQ(command.find("helloOk")->type(), Type::boolean);
  EXPECT_EQ(command.find("client")->type(), Type::document);
  EXPECT_EQ(command.find("compression")->type(), Type::array);
  EXPECT_EQ(command.find("payload")->type(), Type::binary);
  EXPECT_EQ(Value().type(), Type::null);
}

TEST(BsonDocument, TypedGettersConvertOnlyWhatTheySay) {
  Document document{{"name", "rs0"},      {"ok", 1.0},
                    {"int", 3},           {"long", std::int64_t{1} << 33},
                    {"flag", false},      {"sub", Document{{"x", 1}}},
                    {"list", Array{1, 2}}};
  document.append("name", "second");
  EXPECT_EQ(document.get_string("name"), "rs0");  // the first of repeated keys
  EXPECT_EQ(document.get_bool("flag"), false);
  EXPECT_EQ(document.get_document("sub"), (Document{{"x", 1}}));
  EXPECT_EQ(document.get_array("list")->size(), 2u);
  EXPECT_EQ(document.get_number("ok"), 1.0);
  EXPECT_EQ(document.get_number("int"), 3.0);
  EXPECT_EQ(document.get_number("long"), 8589934592.0);
  EXPECT_EQ(document.get_int64("int"), 3);
  EXPECT_EQ(document.get_int64("long"), std::int64_t{1} << 33);
  EXPECT_EQ(document.get_int64("ok"), 1);  // a whole double is a count (see below)
  EXPECT_EQ(document.get_string("ok"), std::nullopt);
  EXPECT_EQ(document.get_bool("int"), std::nullopt);
  EXPECT_EQ(document.get_document("list"), std::nullopt);
  EXPECT_EQ(document.get_array("sub"), std::nullopt);
  EXPECT_EQ(document.get_number("name"), std::nullopt);
  EXPECT_EQ(document.find("missing"), nullptr);
  EXPECT_EQ(document.get_string("missing"), std::nullopt);
}

// Servers type counts and sizes as BSONObjBuilder::appendNumber(long long) does (mongodb/mongo
// src/mongo/bson/bsonobjbuilder.h): int32 below 2^30, a double below 2^40, else int64. So a 1.5 GiB
// collection's storageStats.size (src/mongo/db/stats/storage_stats.cpp, 4.4) is a double.
TEST(BsonDocument, Int64ReadsAWholeNumberOfAnyNumericType) {
  constexpr std::int64_t kOneAndAHalfGiB = (std::int64_t{3} << 30) / 2;
  const Document document{
      {"int32", std::int32_t{-7}},
      {"int64", std::int64_t{1} << 50},
      {"double", static_cast<double>(kOneAndAHalfGiB)},
      {"lowest", -9223372036854775808.0},
      {"decimal", *parse_decimal128("1610612736")},
      {"decimal_exponent", *parse_decimal128("1.6106127360E+9")},
      {"fraction", 1.5},
      {"nan", std::numeric_limits<double>::quiet_NaN()},
      {"infinity", std::numeric_limits<double>::infinity()},
      {"too_big", 9223372036854775808.0},
      {"decimal_fraction", *parse_decimal128("1.5")},
      {"decimal_too_big", *parse_decimal128("9223372036854775808")},
      {"decimal_nan", *parse_decimal128("NaN")},
      {"text", "1"},
  };
  EXPECT_EQ(document.get_int64("int32"), -7);
  EXPECT_EQ(document.get_int64("int64"), std::int64_t{1} << 50);
  EXPECT_EQ(document.get_int64("double"), kOneAndAHalfGiB);
  EXPECT_EQ(document.get_int64("lowest"), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(document.get_int64("decimal"), kOneAndAHalfGiB);
  EXPECT_EQ(document.get_int64("decimal_exponent"), kOneAndAHalfGiB);
  for (const char* key : {"fraction", "nan", "infinity", "too_big", "decimal_fraction",
                          "decimal_too_big", "decimal_nan", "text", "missing"}) {
    EXPECT_EQ(document.get_int64(key), std::nullopt) << key;
  }
}

TEST(BsonCodec, EncodesTheSpecificationExample) {
  // bsonspec.org FAQ: {"hello": "world"}.
  const Bytes expected = {0x16, 0, 0, 0, 0x02, 'h', 'e', 'l', 'l', 'o', 0,
                          0x06, 0, 0, 0, 'w',  'o', 'r', 'l', 'd', 0,   0};
  EXPECT_EQ(encode_document({{"hello", "world"}}), expected);
  EXPECT_EQ(decode_document(expected).value(), (Document{{"hello", "world"}}));
}

TEST(BsonCodec, EncodesTimestampIncrementFirst) {
  // BSON corpus timestamp.json, "Timestamp: (123456789, 42)".
  const Bytes expected = from_hex_text("100000001161002A00000015CD5B0700");
  EXPECT_EQ(encode_document({{"a", Timestamp{123456789, 42}}}), expected);
  EXPECT_EQ(decode_document(expected).value(), (Document{{"a", Timestamp{123456789, 42}}}));
}

TEST(BsonCodec, RoundTripsEveryType) {
  const Document original = every_type();
  const Bytes bytes = encode_document(original);
  const Result<Document> decoded = decode_document(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.error().message;
  EXPECT_EQ(decoded.value(), original);
  EXPECT_EQ(encode_document(decoded.value()), bytes);
  std::vector<Type> types;
  for (const auto& [key, value] : decoded.value()) types.push_back(value.type());
  EXPECT_EQ(types.size(), 21u);
}

TEST(BsonCodec, RoundTripsSpecialDoublesBitForBit) {
  for (const double value :
       {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(), -0.0,
        std::numeric_limits<double>::denorm_min()}) {
    const Bytes bytes = encode_document({{"d", value}});
    EXPECT_EQ(encode_document(decode_document(bytes).value()), bytes);
  }
}

TEST(BsonCodec, KeepsOldBinaryInnerLengthOutOfThePayload) {
  const Bytes bytes = encode_document({{"b", Binary{0x02, {0xAA, 0xBB}}}});
  const Bytes expected = document_of({0x05, 'b', 0, 6, 0, 0, 0, 0x02, 2, 0, 0, 0, 0xAA, 0xBB});
  EXPECT_EQ(bytes, expected);
  EXPECT_EQ(decode_document(bytes).value().find("b")->get_if<Binary>()->bytes, (Bytes{0xAA, 0xBB}));
}

TEST(BsonCodec, KeepsStringsWithEmbeddedNulButCutsKeysAtNul) {
  const Document document{{"s", std::string("a\0b", 3)}, {std::string("k\0x", 3), 1}};
  const Document decoded = decode_document(encode_document(document)).value();
  EXPECT_EQ(decoded.get_string("s"), std::string("a\0b", 3));
  EXPECT_EQ(decoded.fields()[1].first, "k");
}

TEST(BsonDecode, RefusesBadDocumentLengths) {
  expect_refused({5, 0, 0}, "truncated document length");
  expect_refused({0x10, 0, 0, 0, 0}, "overruns");             // declared larger than the buffer
  expect_refused({4, 0, 0, 0, 0}, "is below 5");              // smaller than the minimum
  expect_refused({0xFB, 0xFF, 0xFF, 0xFF, 0}, "is below 5");  // negative
  expect_refused({5, 0, 0, 0, 0, 0}, "does not match the 6 bytes given");  // trailing byte
  expect_refused({8, 0, 0, 0, 0, 0, 0, 0}, "ends before its declared length");
  expect_refused(document_of({0x0A, 'a', 0, 0x0A}), "key without NUL");
  // A sub-document longer than what its parent has left.
  expect_refused(document_of({0x03, 'a', 0, 0x09, 0, 0, 0, 0}), "overruns");
}

TEST(BsonDecode, RefusesMissingTrailingNul) {
  expect_refused({5, 0, 0, 0, 1}, "without trailing NUL");
  expect_refused(document_of({0x03, 'a', 0, 5, 0, 0, 0, 1}), "without trailing NUL");
}

TEST(BsonDecode, RefusesBadStrings) {
  expect_refused(document_of({0x02, 'a', 0, 0, 0, 0, 0}), "string length 0 is below 1");
  expect_refused(document_of({0x02, 'a', 0, 0xFF, 0xFF, 0xFF, 0xFF, 0}), "is below 1");
  expect_refused(document_of({0x02, 'a', 0, 9, 0, 0, 0, 'x', 0}), "overruns");
  expect_refused(document_of({0x02, 'a', 0, 2, 0, 0, 0, 'x', 'y'}), "string without NUL");
  expect_refused(document_of({0x02, 'a', 0, 1, 0}), "truncated string length");
  expect_refused(document_of({0x0E, 'a', 0, 0, 0, 0, 0}), "below 1");           // symbol
  expect_refused(document_of({0x0D, 'a', 0, 3, 0, 0, 0, 'x', 0}), "overruns");  // JavaScript
}

TEST(BsonDecode, RefusesKeyWithoutTerminator) {
  // The key runs into the document's own trailing NUL, which is not its terminator.
  expect_refused(document_of({0x10, 'a', 'b'}), "key without NUL terminator");
}

TEST(BsonDecode, RefusesUnknownTypeBytes) {
  expect_refused(document_of({0x14, 'a', 0}), "unknown element type 0x14 at offset 4");
  expect_refused(document_of({0x80, 'a', 0}), "unknown element type 0x80");
}

TEST(BsonDecode, RefusesBadBinary) {
  expect_refused(document_of({0x05, 'a', 0, 0xFF, 0xFF, 0xFF, 0xFF, 0}), "negative binary length");
  expect_refused(document_of({0x05, 'a', 0, 4, 0, 0, 0, 0, 1}), "overruns");
  expect_refused(document_of({0x05, 'a', 0, 2, 0, 0, 0, 0x02, 0, 0}), "subtype 2 without");
  expect_refused(document_of({0x05, 'a', 0, 5, 0, 0, 0, 0x02, 2, 0, 0, 0, 7}),
                 "inner length does not match");
}

TEST(BsonDecode, RefusesInvalidBoolByte) {
  expect_refused(document_of({0x08, 'a', 0, 2}), "invalid bool byte 2 at offset 7");
  expect_refused(document_of({0x08, 'a', 0}), "truncated bool");
}

TEST(BsonDecode, RefusesTruncatedFixedSizeValues) {
  expect_refused(document_of({0x01, 'a', 0, 0, 0, 0, 0}), "truncated double");
  expect_refused(document_of({0x10, 'a', 0, 0, 0}), "truncated int32");
  expect_refused(document_of({0x12, 'a', 0, 0, 0, 0, 0}), "truncated int64");
  expect_refused(document_of({0x07, 'a', 0, 1, 2, 3}), "truncated ObjectId");
  expect_refused(document_of({0x13, 'a', 0, 1, 2, 3}), "truncated decimal128");
  expect_refused(document_of({0x11, 'a', 0, 1}), "truncated timestamp");
  expect_refused(document_of({0x09, 'a', 0, 1}), "truncated UTC datetime");
}

TEST(BsonDecode, RefusesBadRegexAndCodeWithScope) {
  expect_refused(document_of({0x0B, 'a', 0, 'x', 0, 'i'}), "regex options without NUL");
  expect_refused(document_of({0x0B, 'a', 0, 'x'}), "regex pattern without NUL");
  const Bytes scope_code = concat({le32(2), {'x', 0}});
  const Bytes scope = {5, 0, 0, 0, 0};
  expect_refused(document_of(concat({{0x0F, 'a', 0}, le32(13), scope_code, scope})),
                 "code_w_s length 13 is out of range");
  expect_refused(document_of(concat({{0x0F, 'a', 0}, le32(16), scope_code, scope, {0}})),
                 "code_w_s length does not match");
  const Bytes valid = document_of(concat({{0x0F, 'a', 0}, le32(15), scope_code, scope}));
  EXPECT_TRUE(decode_document(valid).ok());
}

TEST(BsonDecode, AcceptsNestingUpToTheLimit) {
  EXPECT_TRUE(decode_document(nested(100)).ok());
  expect_refused(nested(101), "nested deeper than 100 levels");
  EXPECT_TRUE(decode_document(nested(100, 0x04)).ok());
  expect_refused(nested(101, 0x04), "nested deeper than 100 levels");
  EXPECT_TRUE(decode_document(nested(3), 3).ok());
  expect_refused(nested(4), "nested deeper than 3 levels", 3);
}

TEST(BsonDecode, RefusesDeepNestingWithoutRecursingIntoIt) {
  expect_refused(nested(100'000), "nested deeper than 100 levels");
}

TEST(BsonDecode, RefusesEveryTruncation) {
  const Bytes bytes = encode_document(every_type());
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    const Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
    EXPECT_FALSE(decode_document(prefix).ok()) << size;
  }
}

TEST(BsonDecode, SurvivesEverySingleByteCorruption) {
  // Each corrupted copy is an exact-size heap buffer, so a sanitizer build catches any over-read.
  const Bytes bytes = encode_document(every_type());
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (const std::uint8_t replacement : {0x00, 0x01, 0x7F, 0x80, 0xFF}) {
      Bytes corrupted = bytes;
      corrupted[at] = replacement;
      const Result<Document> result = decode_document(corrupted);
      if (result.ok()) {
        EXPECT_FALSE(encode_document(result.value()).empty());
      }
    }
  }
}

TEST(Decimal128, FormatsPerTheSpecification) {
  // BSON corpus decimal128-1.json: the 16 value bytes of canonical_bson and their string.
  const std::vector<std::pair<std::string_view, std::string_view>> cases = {
      {"0000000000000000000000000000007C", "NaN"},
      {"000000000000000000000000000000FC", "NaN"},
      {"00000000000000000000000000000078", "Infinity"},
      {"000000000000000000000000000000F8", "-Infinity"},
      {"0000000000000000000000000000106C", "0"},
      {"DCBA9876543210DEADBEEF00000010EC", "-0"},
      {"FFFFFFFFFFFFFFFFFFFFFFFFFFFF116C", "0E+3"},
      {"F2AF967ED05C82DE3297FF6FDE3CF22F", "0.000001234567890123456789012345678901234"},
      {"D2040000000000000000000000003430", "0.001234"},
      {"40EF5A07000000000000000000002A30", "0.00123400000"},
      {"01000000000000000000000000003E30", "0.1"},
      {"00000000000000000000000000004030", "0"},
      {"000000000000000000000000000040B0", "-0"},
      {"00000000000000000000000000003EB0", "-0.0"},
      {"D0070000000000000000000000003A30", "2.000"},
      {"F2AF967ED05C82DE3297FF6FDE3C4030", "1234567890123456789012345678901234"},
      {"FFFFFFFF638E8D37C087ADBE09ED0100", "9.999999999999999999999999999999999E-6143"},
      {"01000000000000000000000000000000", "1E-6176"},
      {"F2AF967ED05C82DE3297FF6FDE3CF02F", "1.234567890123456789012345678901234E-7"},
      {"64000000000000000000000000002CB0", "-1.00E-8"},
      {"0000000000000000000000000000205F", "0E+6000"},
      {"00000000000000000000000000007A2B", "0E-611"},
      {"01000000000000000000000000004630", "1E+3"},
      {"1A040000000000000000000000004230", "1.050E+4"},
      {"FFFFFFFFFFFFFFFFFFFFFFFFFFFF4030", "5192296858534827628530496329220095"},
      {"000000000A5BC138938D44C64D31FE5F", "1.000000000000000000000000000000000E+6144"},
      {"FFFFFFFF638E8D37C087ADBE09EDFF5F", "9.999999999999999999999999999999999E+6144"},
      {"79D9E0F9763ADA429D02000000005830", "1.2345689012345789012345E+34"},
      {"01000000000000000000000000007228", "1E-999"},
  };
  for (const auto& [hex, text] : cases) {
    const Decimal128 decimal = decimal_from_hex(hex);
    EXPECT_EQ(to_string(decimal), text) << hex;
    if (hex.substr(30) != "FC" && hex.substr(28) != "10EC" && hex.substr(28) != "106C" &&
        hex.substr(28) != "116C") {  // the lossy cases have another canonical form
      EXPECT_EQ(parse_decimal128(text), decimal) << text;
    }
  }
}

TEST(Decimal128, ParsesNonCanonicalForms) {
  // BSON corpus decimal128-1.json, "Non-Canonical Parsing".
  EXPECT_EQ(to_string(*parse_decimal128("-100E-10")), "-1.00E-8");
  EXPECT_EQ(to_string(*parse_decimal128("1E3")), "1E+3");
  EXPECT_EQ(to_string(*parse_decimal128("1e+3")), "1E+3");
  EXPECT_EQ(to_string(*parse_decimal128("12345689012345789012345E+12")),
            "1.2345689012345789012345E+34");
  EXPECT_EQ(to_string(*parse_decimal128("+1234567890123456789012345678901234")),
            "1234567890123456789012345678901234");
  EXPECT_EQ(to_string(*parse_decimal128("." + std::string(998, '0') + "1")), "1E-999");
  EXPECT_EQ(to_string(*parse_decimal128("nAn")), "NaN");
  EXPECT_EQ(to_string(*parse_decimal128("infiniTY")), "Infinity");
  EXPECT_EQ(to_string(*parse_decimal128("-inF")), "-Infinity");
  EXPECT_EQ(to_string(*parse_decimal128("1E+6144")), "1.000000000000000000000000000000000E+6144");
  EXPECT_EQ(to_string(*parse_decimal128("0E+7000")), "0E+6111");
  EXPECT_EQ(to_string(*parse_decimal128("10E-6177")), "1E-6176");
}

TEST(Decimal128, RefusesWhatItCannotHoldExactly) {
  EXPECT_EQ(parse_decimal128("12345678901234567890123456789012345"), std::nullopt);
  EXPECT_EQ(parse_decimal128("1E+6145"), std::nullopt);
  EXPECT_EQ(parse_decimal128("1E-6177"), std::nullopt);
  for (const char* text : {"", ".", "-", "1..2", "1E", "1E+", "E3", "0x10", "1 ", "Infinit"}) {
    EXPECT_EQ(parse_decimal128(text), std::nullopt) << text;
  }
}

TEST(BsonJson, WritesRelaxedExtendedJson) {
  const json expected = {
      {"double", 1.5},
      {"string", "text"},
      {"document", {{"inner", 1}}},
      {"array", json::array({1, "two", json::object()})},
      {"binary", {{"$binary", {{"base64", "AQIDBA=="}, {"subType", "04"}}}}},
      {"undefined", {{"$undefined", true}}},
      {"objectId", {{"$oid", "66a0f1c2b3e4d5f6a7b8c9d0"}}},
      {"bool", true},
      {"date", {{"$date", "2024-07-25T09:33:20.123Z"}}},
      {"null", nullptr},
      {"regex", {{"$regularExpression", {{"pattern", "^a.*"}, {"options", "im"}}}}},
      {"dbPointer",
       {{"$dbPointer", {{"$ref", "db.coll"}, {"$id", {{"$oid", "66a0f1c2b3e4d5f6a7b8c9d0"}}}}}}},
      {"code", {{"$code", "function() {}"}}},
      {"symbol", {{"$symbol", "sym"}}},
      {"codeWithScope", {{"$code", "x"}, {"$scope", {{"x", 1}}}}},
      {"int32", -7},
      {"timestamp", {{"$timestamp", {{"t", 1721900000}, {"i", 1}}}}},
      {"int64", std::int64_t{1} << 40},
      {"decimal", {{"$numberDecimal", "0.1"}}},
      {"minKey", {{"$minKey", 1}}},
      {"maxKey", {{"$maxKey", 1}}},
  };
  EXPECT_EQ(to_json(every_type()), expected);
}

TEST(BsonJson, WritesDatesOutsideIsoYearsAsNumbers) {
  EXPECT_EQ(to_json(Value(DateTime{0})), json({{"$date", "1970-01-01T00:00:00Z"}}));
  EXPECT_EQ(to_json(Value(DateTime{253402300799999})),
            json({{"$date", "9999-12-31T23:59:59.999Z"}}));
  EXPECT_EQ(to_json(Value(DateTime{-1})), json({{"$date", {{"$numberLong", "-1"}}}}));
  EXPECT_EQ(to_json(Value(DateTime{253402300800000})),
            json({{"$date", {{"$numberLong", "253402300800000"}}}}));
}

TEST(BsonJson, WritesNonFiniteDoublesAsWrappers) {
  EXPECT_EQ(to_json(Value(std::numeric_limits<double>::infinity())),
            json({{"$numberDouble", "Infinity"}}));
  EXPECT_EQ(to_json(Value(-std::numeric_limits<double>::infinity())),
            json({{"$numberDouble", "-Infinity"}}));
  EXPECT_EQ(to_json(Value(std::nan(""))), json({{"$numberDouble", "NaN"}}));
}

TEST(BsonJson, ReplacesInvalidUtf8SoTheJsonAlwaysSerialises) {
  const Document document{{std::string("k\xFF"), std::string("a\xC0\xAF"
                                                             "b\xED\xA0\x80"
                                                             "\xE2\x82\xAC")}};
  const json result = to_json(document);
  EXPECT_EQ(result.dump(),
            "{\"k\xEF\xBF\xBD\":\"a\xEF\xBF\xBD\xEF\xBF\xBD"
            "b"
            "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xE2\x82\xAC\"}");
}

TEST(BsonJson, KeepsTheFirstOfRepeatedKeys) {
  Document document{{"a", 1}};
  document.append("a", 2);
  EXPECT_EQ(to_json(document), json({{"a", 1}}));
}

TEST(ExtendedJson, ReadsCanonicalFormOfEveryType) {
  const json canonical = json::parse(R"({
    "double": {"$numberDouble": "1.5"}, "string": "text",
    "document": {"inner": {"$numberInt": "1"}},
    "array": [{"$numberInt": "1"}, "two", {}],
    "binary": {"$binary": {"base64": "AQIDBA==", "subType": "04"}},
    "undefined": {"$undefined": true},
    "objectId": {"$oid": "66a0f1c2b3e4d5f6a7b8c9d0"}, "bool": true,
    "date": {"$date": {"$numberLong": "1721900000123"}}, "null": null,
    "regex": {"$regularExpression": {"pattern": "^a.*", "options": "im"}},
    "dbPointer": {"$dbPointer": {"$ref": "db.coll", "$id": {"$oid": "66a0f1c2b3e4d5f6a7b8c9d0"}}},
    "code": {"$code": "function() {}"}, "symbol": {"$symbol": "sym"},
    "codeWithScope": {"$code": "x", "$scope": {"x": {"$numberInt": "1"}}},
    "int32": {"$numberInt": "-7"},
    "timestamp": {"$timestamp": {"t": 1721900000, "i": 1}},
    "int64": {"$numberLong": "1099511627776"},
    "decimal": {"$numberDecimal": "0.1"},
    "minKey": {"$minKey": 1}, "maxKey": {"$maxKey": 1}})");
  const Result<Document> document = from_extended_json(canonical);
  ASSERT_TRUE(document.ok()) << document.error().message;
  EXPECT_EQ(to_json(document.value()), to_json(every_type()));
  for (const auto& [key, value] : every_type()) {
    ASSERT_NE(document.value().find(key), nullptr) << key;
    EXPECT_EQ(*document.value().find(key), value) << key;
  }
}

TEST(ExtendedJson, OrderedJsonKeepsFieldOrder) {
  const auto text = R"({"helloOk": true, "ismaster": true, "ok": {"$numberDouble": "1.0"}})";
  const Result<Document> document = from_extended_json(ordered_json::parse(text));
  ASSERT_TRUE(document.ok());
  EXPECT_EQ(document.value(), (Document{{"helloOk", true}, {"ismaster", true}, {"ok", 1.0}}));
}

TEST(ExtendedJson, ReadsRelaxedNumbersAndDates) {
  const json relaxed = {{"small", 5},
                        {"large", std::int64_t{1} << 40},
                        {"real", 2.5},
                        {"date", {{"$date", "2024-07-25T09:33:20.123Z"}}},
                        {"whole", {{"$date", "1970-01-01T00:00:01Z"}}}};
  const Document document = from_extended_json(relaxed).value();
  EXPECT_EQ(document.find("small")->type(), Type::number_int);
  EXPECT_EQ(document.find("large")->type(), Type::number_long);
  EXPECT_EQ(document.find("real")->type(), Type::number_double);
  EXPECT_EQ(*document.find("date"), Value(DateTime{1721900000123}));
  EXPECT_EQ(*document.find("whole"), Value(DateTime{1000}));
}

TEST(ExtendedJson, RelaxedOutputReadsBack) {
  Document document = every_type();
  document.append("nan", std::nan(""));
  const Document read_back = from_extended_json(to_json(document)).value();
  EXPECT_EQ(to_json(read_back), to_json(document));
}

TEST(ExtendedJson, RefusesMalformedWrappers) {
  const std::vector<std::string> malformed = {
      R"({"a": {"$numberInt": 5}})",
      R"({"a": {"$numberInt": "2147483648"}})",
      R"({"a": {"$numberInt": "1", "x": 1}})",
      R"({"a": {"$numberLong": "1.5"}})",
      R"({"a": {"$numberDouble": "one"}})",
      R"({"a": {"$numberDecimal": "1E+7000"}})",
      R"({"a": {"$oid": "66a0f1c2b3e4d5f6a7b8c9"}})",
      R"({"a": {"$oid": "66a0f1c2b3e4d5f6a7b8c9zz"}})",
      R"({"a": {"$binary": {"base64": "AQI", "subType": "00"}}})",
      R"({"a": {"$binary": {"base64": "AQ==", "subType": "100"}}})",
      R"({"a": {"$binary": {"base64": "AQ==", "subType": "00", "x": 1}}})",
      R"({"a": {"$binary": "AQ=="}})",
      R"({"a": {"$date": "2024-02-30T00:00:00Z"}})",
      R"({"a": {"$date": "2024-07-25 09:33:20Z"}})",
      R"({"a": {"$date": {"$numberLong": "x"}}})",
      R"({"a": {"$timestamp": {"t": -1, "i": 1}}})",
      R"({"a": {"$timestamp": {"t": 4294967296, "i": 1}}})",
      R"({"a": {"$regularExpression": {"pattern": "x"}}})",
      R"({"a": {"$dbPointer": {"$ref": "a.b", "$id": "x"}}})",
      R"({"a": {"$code": 1}})",
      R"({"a": {"$scope": {}}})",
      R"({"a": {"$code": "x", "$scope": 1}})",
      R"({"a": {"$minKey": 2}})",
      R"({"a": {"$undefined": false}})",
      R"({"a": 18446744073709551615})",
  };
  for (const std::string& text : malformed) {
    const Result<Document> result = from_extended_json(json::parse(text));
    ASSERT_FALSE(result.ok()) << text;
    EXPECT_EQ(result.error().code, ErrorCode::protocol);
    EXPECT_EQ(result.error().phase, "extended-json");
  }
  EXPECT_FALSE(from_extended_json(json::array()).ok());
}

TEST(ExtendedJson, TreatsOtherDollarKeysAsFields) {
  const Document document =
      from_extended_json(json::parse(R"({"$db": "admin", "$err": "x", "q": {"$gt": 1}})")).value();
  EXPECT_EQ(document.get_string("$db"), "admin");
  EXPECT_EQ(document.get_document("q")->get_int64("$gt"), 1);
}

// ---------------------------------------------------------------------------------------------
// ../shared/server-replies: every file, with every reply in it, through the whole codec.

// Canonical to relaxed Extended JSON, written apart from the code under test: numbers become JSON
// numbers and dates in years 1970-9999 ISO-8601 text (via gmtime_r).
json canonical_to_relaxed(const json& value) {
  if (value.is_array()) {
    json array = json::array();
    for (const json& element : value) array.push_back(canonical_to_relaxed(element));
    return array;
  }
  if (!value.is_object()) return value;
  if (value.size() == 1 && value.contains("$numberInt")) {
    return std::stoi(value["$numberInt"].get<std::string>());
  }
  if (value.size() == 1 && value.contains("$numberLong")) {
    return std::stoll(value["$numberLong"].get<std::string>());
  }
  if (value.size() == 1 && value.contains("$numberDouble")) {
    const double number = std::stod(value["$numberDouble"].get<std::string>());
    if (std::isfinite(number)) return number;
    return value;
  }
  if (value.size() == 1 && value.contains("$date") && value["$date"].is_object()) {
    const long long milliseconds = std::stoll(value["$date"]["$numberLong"].get<std::string>());
    if (milliseconds < 0 || milliseconds > 253402300799999) return value;
    const std::time_t seconds = milliseconds / 1000;
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[40];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
    std::string iso = text;
    if (milliseconds % 1000 != 0) {
      std::snprintf(text, sizeof text, ".%03lld", milliseconds % 1000);
      iso += text;
    }
    return {{"$date", iso + "Z"}};
  }
  json object = json::object();
  for (const auto& [key, member] : value.items()) object[key] = canonical_to_relaxed(member);
  return object;
}

std::vector<std::filesystem::path> server_reply_files() {
  std::vector<std::filesystem::path> files;
  const auto shared = testing_support::shared_dir();
  if (!shared) return files;
  for (const auto& entry : std::filesystem::directory_iterator(*shared / "server-replies")) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Every reply in a file: objects with an ok field, and objects under a key naming a reply
// ("reply", "replyPre7", "replyExcerpt", ...).
void collect_replies(const ordered_json& value, std::vector<ordered_json>& replies) {
  if (value.is_array()) {
    for (const ordered_json& element : value) collect_replies(element, replies);
  }
  if (!value.is_object()) return;
  for (const auto& [key, member] : value.items()) {
    std::string lower = key;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const bool named_reply = lower.find("reply") != std::string::npos;
    if (member.is_object() &&
        (member.contains("ok") || (named_reply && !member.contains("$numberInt")))) {
      replies.push_back(member);
    }
    collect_replies(member, replies);
  }
}

TEST(ServerReplies, EveryFileRoundTripsThroughTheCodec) {
  const std::vector<std::filesystem::path> files = server_reply_files();
  if (files.empty()) {
    GTEST_SKIP() << "../shared/server-replies not found: set MONGOSCAN_SHARED_DIR to run the "
                    "server-reply round trips";
  }
  std::size_t reply_count = 0;
  for (const std::filesystem::path& file : files) {
    SCOPED_TRACE(file.filename().string());
    const ordered_json text = ordered_json::parse(std::ifstream(file));
    std::vector<ordered_json> documents = {text};
    collect_replies(text, documents);
    reply_count += documents.size() - 1;
    for (const ordered_json& source : documents) {
      const Result<Document> document = from_extended_json(source);
      ASSERT_TRUE(document.ok()) << document.error().message;
      const Bytes bytes = encode_document(document.value());
      const Result<Document> decoded = decode_document(bytes);
      ASSERT_TRUE(decoded.ok()) << decoded.error().message;
      EXPECT_EQ(decoded.value(), document.value());
      EXPECT_EQ(to_json(decoded.value()), canonical_to_relaxed(json::parse(source.dump())));
    }
  }
  EXPECT_GE(reply_count, 50u);
}

TEST(ServerReplies, HelloPrimaryKeepsWireOrderAndTypes) {
  const auto shared = testing_support::shared_dir();
  if (!shared) GTEST_SKIP() << "../shared not found: set MONGOSCAN_SHARED_DIR to run this test";
  const ordered_json file =
      ordered_json::parse(std::ifstream(*shared / "server-replies/hello-rs-primary-7.0.json"));
  const Document reply = from_extended_json(file.at("reply")).value();
  const Document decoded = decode_document(encode_document(reply)).value();
  EXPECT_EQ(decoded.fields().front().first, "topologyVersion");
  EXPECT_EQ(decoded.fields().back().first, "operationTime");
  EXPECT_EQ(decoded.find("maxWireVersion")->type(), Type::number_int);
  EXPECT_EQ(decoded.get_int64("maxWireVersion"), 21);
  EXPECT_EQ(decoded.find("ok")->type(), Type::number_double);
  EXPECT_EQ(decoded.get_array("hosts")->size(), 3u);
  EXPECT_EQ(*decoded.find("electionId")->get_if<ObjectId>(),
            *from_extended_json(json{{"id", {{"$oid", "7fffffff0000000000000003"}}}})
                 .value()
                 .find("id")
                 ->get_if<ObjectId>());
  EXPECT_EQ(to_json(decoded)["localTime"], json({{"$date", "2024-07-25T09:33:20.123Z"}}));
  const Document signature =
      decoded.get_document("$clusterTime")->get_document("signature").value();
  EXPECT_EQ(signature.find("hash")->get_if<Binary>()->bytes.size(), 20u);
}

}  // namespace
}  // namespace bson_test
}  // namespace mongoscan::bson
