#include "reports/text/pretty_json.h"

#include <gtest/gtest.h>

#include <string>

namespace mongoscan {
namespace pretty_json_test {
namespace {

using nlohmann::json;

std::string dumped(const json& document) {
  return document.dump(2, ' ', false, json::error_handler_t::replace);
}

std::string written(const json& document) {
  std::string out;
  PrettyJsonWriter writer(out);
  writer.value(document);
  return out;
}

TEST(PrettyJson, LaysOutEveryKindOfValueAsNlohmannDoes) {
  const json document = json::parse(R"({
    "empty_object": {}, "empty_array": [], "nested": {"a": [1, [], {}, [[]], {"b": {}}]},
    "numbers": [0, -7, 18446744073709551615, 9223372036854775807, -9223372036854775808, 1.5,
                -0.25, 1e300, 3.0],
    "flags": [true, false, null], "text": "plain", "": "empty key",
    "list": ["x", {"y": "z"}, []]
  })");
  EXPECT_EQ(written(document), dumped(document));
  for (const json& scalar : {json(1), json("s"), json(nullptr), json(2.5), json(false)}) {
    EXPECT_EQ(written(scalar), dumped(scalar));
  }
  EXPECT_EQ(written(json::object()), "{}");
  EXPECT_EQ(written(json::array()), "[]");
}

TEST(PrettyJson, EscapesStringsAndKeysAsNlohmannDoes) {
  json document = json::object();
  const std::string texts[] = {
      "quote \" backslash \\ slash /",     std::string("controls \b\f\n\r\t \x01\x1f \x7f", 22),
      std::string("nul \0 inside", 12),    "UTF-8 \xc3\xa9 \xe2\x82\xac \xf0\x9f\x94\x91",
      "invalid \xff\xfe and cut \xe2\x82", "overlong \xc0\xaf and surrogate \xed\xa0\x80",
  };
  json list = json::array();
  for (const std::string& text : texts) {
    document[text] = text;
    list.push_back(text);
  }
  document["list"] = list;
  EXPECT_EQ(written(document), dumped(document));
}

TEST(PrettyJson, WritesMembersOneByOne) {
  std::string out;
  PrettyJsonWriter writer(out);
  writer.begin_object();
  writer.member("name", "mongoscan");
  writer.member("count", std::size_t{3});
  writer.member("line", -1);
  writer.member("weak", true);
  writer.member("paths", std::vector<std::string>{"a", "b\"c"});
  writer.member("none", std::vector<std::string>{});
  writer.key("facts");
  writer.value(json{{"k", {1, 2}}});
  writer.end_object();
  // In the order written, not sorted.
  const nlohmann::ordered_json expected = {{"name", "mongoscan"},
                                           {"count", 3},
                                           {"line", -1},
                                           {"weak", true},
                                           {"paths", {"a", "b\"c"}},
                                           {"none", nlohmann::ordered_json::array()},
                                           {"facts", {{"k", {1, 2}}}}};
  EXPECT_EQ(out, expected.dump(2));
}

// Issue 35 item 1: keys and strings, also inside documents from elsewhere, lose a connection
// string's password, in any case.
TEST(PrettyJson, AConnectionStringLosesItsPasswordInKeysAndValues) {
  const json document = {{"MONGODB://k:KeyPw1@h", {"x", "Mongodb+srv://v:ValuePw2@h"}}};
  const std::string out = written(document);
  EXPECT_EQ(out.find("KeyPw1"), std::string::npos) << out;
  EXPECT_EQ(out.find("ValuePw2"), std::string::npos) << out;
  EXPECT_NE(out.find("Mongodb+srv://v:***@h"), std::string::npos) << out;
}

// The document packed as CBOR, written from its bytes as a member of an object, beside the same
// document written unpacked.
std::pair<std::string, std::string> packed_and_unpacked(const json& document) {
  std::string cbor;
  json::to_cbor(document, cbor);
  std::string packed, unpacked;
  for (std::string* out : {&packed, &unpacked}) {
    PrettyJsonWriter writer(*out);
    writer.begin_object();
    writer.member("before", 1);
    writer.key("document");
    if (out == &packed) {
      EXPECT_TRUE(writer.value_of_cbor(cbor));
    } else {
      writer.value(document);
    }
    writer.member("after", true);
    writer.end_object();
  }
  return {packed, unpacked};
}

TEST(PrettyJson, ACborDocumentIsWrittenAsItsDocumentIs) {
  json escapes = json::array();
  for (const std::string& text : {std::string("quote \" and \\"), std::string("nul \0 in", 9),
                                  std::string("UTF-8 \xc3\xa9, invalid \xff\xfe")})
    escapes.push_back(text);
  const json documents[] = {
      json::parse(R"({"empty_object": {}, "empty_array": [], "nested": {"a": [1, [], {}, [[]]]},
                      "numbers": [0, -7, 18446744073709551615, -9223372036854775808, 1.5, -0.25,
                                  1e300, 3.0, 0.1], "flags": [true, false, null], "": "empty key"})"),
      {{"escapes", escapes}, {"key \xff", "value"}},
      {{"uri", "mongodb://app:Secret9@db1:27017"}},
      json::array({json::object(), nullptr, "x"}),
      json(2.5),
      json("only a string"),
  };
  for (const json& document : documents) {
    const auto [packed, unpacked] = packed_and_unpacked(document);
    EXPECT_EQ(packed, unpacked) << document.dump();
  }
  EXPECT_EQ(packed_and_unpacked(documents[2]).first.find("Secret9"), std::string::npos);
}

TEST(PrettyJson, BytesThatAreNotOneCborDocumentWriteNothing) {
  std::string cbor;
  json::to_cbor(json{{"a", json::array({1, 2, 3})}}, cbor);
  for (const std::string& bad :
       {cbor.substr(0, cbor.size() - 1), cbor + "\x01", std::string("\xff")}) {
    std::string out;
    PrettyJsonWriter writer(out);
    writer.begin_array();
    writer.value(1);
    const std::string before = out;
    EXPECT_FALSE(writer.value_of_cbor(bad));
    EXPECT_EQ(out, before);
    writer.value(2);  // the writer is where it was: the next element follows the first
    writer.end_array();
    EXPECT_EQ(out, "[\n  1,\n  2\n]");
  }
}

}  // namespace
}  // namespace pretty_json_test
}  // namespace mongoscan
