#include "scanner/data_model/document_shape.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mongoscan {
namespace document_shape_test {
namespace {

using bson::Array;
using bson::Document;
using bson::Value;

constexpr std::int64_t kNow = 1'700'000'000;

SampleShape shape_of(std::initializer_list<Document> documents) {
  SampleShapeBuilder builder(kNow);
  for (const Document& document : documents) builder.add(document);
  return std::move(builder).finish();
}

const FieldShape* field(const SampleShape& shape, std::string_view path) {
  for (const FieldShape& field : shape.fields) {
    if (field.path == path) return &field;
  }
  return nullptr;
}

std::vector<std::string> paths(const SampleShape& shape) {
  std::vector<std::string> paths;
  for (const FieldShape& field : shape.fields) paths.push_back(field.path);
  return paths;
}

// An ObjectId created at unix_seconds (its first four bytes, big-endian).
bson::ObjectId object_id_at(std::uint32_t unix_seconds) {
  bson::ObjectId id;
  id.bytes = {static_cast<std::uint8_t>(unix_seconds >> 24),
              static_cast<std::uint8_t>(unix_seconds >> 16),
              static_cast<std::uint8_t>(unix_seconds >> 8),
              static_cast<std::uint8_t>(unix_seconds),
              0xAB,
              0xCD,
              0xEF,
              0x01,
              0x02,
              0x03,
              0x04,
              0x05};
  return id;
}

Array ints(int count) {
  Array array;
  for (int i = 0; i < count; ++i) array.emplace_back(std::int32_t{i});
  return array;
}

TEST(DocumentShape, TypeNamesAreTheManualsTypeAliases) {
  const std::vector<std::pair<Value, std::string_view>> cases = {
      {Value(1.5), "double"},
      {Value("text"), "string"},
      {Value(Document{}), "object"},
      {Value(Array{}), "array"},
      {Value(bson::Binary{}), "binData"},
      {Value(bson::Undefined{}), "undefined"},
      {Value(bson::ObjectId{}), "objectId"},
      {Value(true), "bool"},
      {Value(bson::DateTime{}), "date"},
      {Value(bson::Null{}), "null"},
      {Value(bson::Regex{}), "regex"},
      {Value(bson::DBPointer{}), "dbPointer"},
      {Value(bson::JavaScript{}), "javascript"},
      {Value(bson::Symbol{}), "symbol"},
      {Value(bson::JavaScriptWithScope{}), "javascriptWithScope"},
      {Value(std::int32_t{1}), "int"},
      {Value(bson::Timestamp{}), "timestamp"},
      {Value(std::int64_t{1}), "long"},
      {Value(bson::Decimal128{}), "decimal"},
      {Value(bson::MinKey{}), "minKey"},
      {Value(bson::MaxKey{}), "maxKey"},
  };
  for (const auto& [value, name] : cases) EXPECT_EQ(bson_type_name(value), name);
}

TEST(DocumentShape, CountsTypesPerPathShowingDrift) {
  const SampleShape shape = shape_of({
      Document{{"n", std::int32_t{1}}, {"missing_later", true}},
      Document{{"n", "one"}},
      Document{{"n", std::int32_t{2}}, {"gone", bson::Null{}}},
  });
  EXPECT_EQ(shape.documents, 3);
  ASSERT_NE(field(shape, "n"), nullptr);
  EXPECT_EQ(field(shape, "n")->types, (std::map<std::string, int>{{"int", 2}, {"string", 1}}));
  ASSERT_NE(field(shape, "missing_later"), nullptr);
  EXPECT_EQ(field(shape, "missing_later")->types, (std::map<std::string, int>{{"bool", 1}}))
      << "an absent field counts nothing";
  ASSERT_NE(field(shape, "gone"), nullptr);
  EXPECT_EQ(field(shape, "gone")->types, (std::map<std::string, int>{{"null", 1}}));
}

TEST(DocumentShape, PathsGoThroughDocumentsAndArraysOfDocuments) {
  const SampleShape shape = shape_of({Document{
      {"customer", Document{{"address", Document{{"city", "x"}}}}},
      {"items", Array{Document{{"sku", "a"}, {"qty", std::int32_t{1}}}, Document{{"sku", "b"}}}},
      {"tags", Array{"red", "blue"}},
      {"matrix", Array{Array{Document{{"x", 1.0}}}, Array{}}},
  }});
  EXPECT_EQ(paths(shape), (std::vector<std::string>{"customer", "customer.address",
                                                    "customer.address.city", "items", "items.qty",
                                                    "items.sku", "matrix", "matrix.x", "tags"}));
  EXPECT_EQ(field(shape, "items.sku")->types, (std::map<std::string, int>{{"string", 2}}))
      << "once per element";
  EXPECT_EQ(field(shape, "items")->types, (std::map<std::string, int>{{"array", 1}}))
      << "elements count no type at the array's path";
  EXPECT_EQ(field(shape, "tags")->types, (std::map<std::string, int>{{"array", 1}}))
      << "an array of strings is not drift between array and string";
  EXPECT_EQ(field(shape, "matrix.x")->types, (std::map<std::string, int>{{"double", 1}}));
  std::vector<std::string> array_paths;
  for (const ArrayShape& array : shape.arrays) array_paths.push_back(array.path);
  EXPECT_EQ(array_paths, (std::vector<std::string>{"items", "matrix", "tags"}))
      << "arrays directly inside arrays are not recorded";
}

TEST(DocumentShape, DepthCountsEachDocumentAndArrayLevel) {
  struct Case {
    Document document;
    int depth;
    std::string deepest_path;
  };
  const std::vector<Case> cases = {
      {Document{}, 1, ""},
      {Document{{"a", std::int32_t{1}}, {"b", "x"}}, 1, ""},
      {Document{{"a", Document{{"b", std::int32_t{1}}}}}, 2, "a"},
      {Document{{"a", Array{std::int32_t{1}}}}, 2, "a"},
      {Document{{"a", Array{}}}, 2, "a"},
      {Document{{"a", Array{Document{{"b", std::int32_t{1}}}}}}, 3, "a"},
      {Document{{"a", Document{{"b", Document{}}}}}, 3, "a.b"},
      {Document{{"x", std::int32_t{1}}, {"a", Array{Value(Array{Document{{"b", Document{}}}})}}}, 5,
       "a.b"},
  };
  for (const Case& test : cases) {
    const SampleShape shape = shape_of({test.document});
    EXPECT_EQ(shape.max_depth, test.depth) << bson::to_json(test.document);
    EXPECT_EQ(shape.deepest_path, test.deepest_path) << bson::to_json(test.document);
  }
}

TEST(DocumentShape, DeepestPathIsTheFirstToReachTheMaximum) {
  const SampleShape shape = shape_of({
      Document{{"a", Document{}}},
      Document{{"first", Document{{"x", Document{}}}}, {"second", Document{{"y", Document{}}}}},
      Document{{"later", Document{{"z", Document{}}}}},
  });
  EXPECT_EQ(shape.max_depth, 3);
  EXPECT_EQ(shape.deepest_path, "first.x");
}

TEST(DocumentShape, StopsAtBsonNestingLimit) {
  Document document{{"leaf", std::int32_t{1}}};
  for (int level = 0; level < bson::kDefaultMaxDepth + 20; ++level) {
    document = Document{{"d", std::move(document)}};
  }
  const SampleShape shape = shape_of({document});
  EXPECT_EQ(shape.max_depth, bson::kDefaultMaxDepth);
  EXPECT_EQ(shape.fields.size(), static_cast<std::size_t>(bson::kDefaultMaxDepth))
      << "one path per level down to the limit";
}

TEST(DocumentShape, MaxDocumentBytesIsTheEncodedSize) {
  bson::Binary old_binary{.subtype = 0x02, .bytes = {1, 2, 3}};
  const std::vector<Document> documents = {
      Document{},
      Document{{"_id", object_id_at(1)}, {"name", "abc"}, {"n", std::int32_t{7}}},
      Document{
          {"double", 2.5},
          {"doc", Document{{"inner", "x"}}},
          {"bin", bson::Binary{.subtype = 0x04, .bytes = std::vector<std::uint8_t>(16, 7)}},
          {"old_bin", old_binary},
          {"undef", bson::Undefined{}},
          {"bool", false},
          {"date", bson::DateTime{123}},
          {"null", bson::Null{}},
          {"regex", bson::Regex{"^a.*", "im"}},
          {"dbref", bson::DBPointer{"db.coll", object_id_at(5)}},
          {"code", bson::JavaScript{"function() {}"}},
          {"symbol", bson::Symbol{"sym"}},
          {"scoped", bson::JavaScriptWithScope{"x + 1", Document{{"x", std::int32_t{1}}}}},
          {"ts", bson::Timestamp{1, 2}},
          {"long", std::int64_t{-1}},
          {"decimal", bson::Decimal128{}},
          {"min", bson::MinKey{}},
          {"max", bson::MaxKey{}},
      },
      Document{{"ten", ints(10)}, {"twelve", ints(12)}, {"many", ints(1500)}},
      Document{{"nested", Array{Value(Array{Value(ints(11))}), Document{{"k", ints(3)}}}}},
      Document{{std::string("ke\0y", 4), "value"},
               {"regex", bson::Regex{std::string("a\0b", 3), ""}}},
  };
  std::int64_t largest = 0;
  for (const Document& document : documents) {
    const auto encoded = static_cast<std::int64_t>(bson::encode_document(document).size());
    largest = std::max(largest, encoded);
    EXPECT_EQ(shape_of({document}).max_document_bytes, encoded) << bson::to_json(document);
  }
  SampleShapeBuilder builder(kNow);
  for (const Document& document : documents) builder.add(document);
  EXPECT_EQ(std::move(builder).finish().max_document_bytes, largest);
}

TEST(DocumentShape, RecognisesDateLikeStrings) {
  for (const std::string_view text :
       {"2024-03-01", "2024-03-01T10:00:00Z", "2024-03-01T10:00:00", "2024-03-01T10:00:00.123Z",
        "2024-03-01T10:00:00.123456+05:30", "2024-03-01T23:59:60-0800", "2024-03-01 10:00:00",
        "2024-03-01 10:00:00.5", "2024-02-30"}) {
    EXPECT_TRUE(is_date_like(text)) << text;
  }
  for (const std::string_view text : {"",
                                      "not-a-date",
                                      "2024-13-01",
                                      "2024-00-10",
                                      "2024-03-32",
                                      "2024-03-00",
                                      "2024-3-01",
                                      "2024/03/01",
                                      "20240301",
                                      "2024-03-01T",
                                      "2024-03-01T10:00",
                                      "2024-03-01T24:00:00Z",
                                      "2024-03-01T10:60:00Z",
                                      "2024-03-01T10:00:61Z",
                                      "2024-03-01T10:00:00.Z",
                                      "2024-03-01T10:00:00+5:30",
                                      "2024-03-01T10:00:00+05:3",
                                      "2024-03-01T10:00:00 ",
                                      "2024-03-01x",
                                      "2024-03-01 ",
                                      "2024-03-01T10:00:00ZZ",
                                      "x2024-03-01"}) {
    EXPECT_FALSE(is_date_like(text)) << text;
  }
}

TEST(DocumentShape, RecognisesUuidLikeStrings) {
  EXPECT_TRUE(is_uuid_like("123e4567-e89b-12d3-a456-426614174000"));
  EXPECT_TRUE(is_uuid_like("123E4567-E89B-12D3-A456-426614174000"));
  EXPECT_FALSE(is_uuid_like("zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz")) << "36 characters, not hex";
  EXPECT_FALSE(is_uuid_like("123e4567e89b12d3a456426614174000")) << "no hyphens";
  EXPECT_FALSE(is_uuid_like("123e4567-e89b-12d3-a456-42661417400")) << "one short";
  EXPECT_FALSE(is_uuid_like("123e4567-e89b-12d3-a456-4266141740000")) << "one long";
  EXPECT_FALSE(is_uuid_like("123e4567-e89b-12d3-a4561426614174000")) << "digit for a hyphen";
  EXPECT_FALSE(is_uuid_like("{23e4567-e89b-12d3-a456-426614174000"));
}

TEST(DocumentShape, CountsDateAndUuidLikeStringsPerField) {
  const SampleShape shape = shape_of({
      Document{{"at", "2024-03-01T10:00:00Z"}, {"ref", "123e4567-e89b-12d3-a456-426614174000"}},
      Document{{"at", "2024-03-01 10:00:00"}, {"ref", "plain"}},
      Document{{"at", "yesterday"}, {"dates", Array{"2024-03-01", "2024-03-02"}}},
  });
  EXPECT_EQ(field(shape, "at")->date_like_strings, 2);
  EXPECT_EQ(field(shape, "at")->uuid_like_strings, 0);
  EXPECT_EQ(field(shape, "ref")->uuid_like_strings, 1);
  EXPECT_EQ(field(shape, "ref")->date_like_strings, 0);
  EXPECT_EQ(field(shape, "dates")->date_like_strings, 0) << "array elements are not fields";
}

TEST(DocumentShape, ArrayLengthsWithDocumentAges) {
  SampleShapeBuilder builder(kNow);
  builder.add(Document{{"_id", object_id_at(kNow - 86'400)}, {"log", ints(3)}});
  builder.add(Document{{"_id", object_id_at(kNow - 10 * 86'400)}, {"log", ints(30)}});
  builder.add(Document{{"_id", "not-an-object-id"}, {"log", ints(50)}});
  builder.add(Document{{"_id", object_id_at(kNow - 100)}});
  builder.add(Document{{"_id", object_id_at(kNow + 5)}, {"log", Array{}}});
  const SampleShape shape = std::move(builder).finish();
  ASSERT_EQ(shape.arrays.size(), 1u);
  EXPECT_EQ(shape.arrays[0].path, "log");
  EXPECT_EQ(shape.arrays[0].max_length, 50) << "documents without an ObjectId still have lengths";
  EXPECT_EQ(shape.arrays[0].length_by_age, (std::vector<std::pair<std::int64_t, std::int64_t>>{
                                               {86'400, 3}, {10 * 86'400, 30}, {-5, 0}}));
}

TEST(DocumentShape, ArraysInArraysOfDocumentsTakeTheLongestPerDocument) {
  SampleShapeBuilder builder(kNow);
  builder.add(Document{
      {"_id", object_id_at(kNow - 60)},
      {"items", Array{Document{{"tags", ints(2)}}, Document{{"tags", ints(5)}},
                      Document{{"tags", Array{}}}, Document{{"tags", "solo"}}}},
  });
  builder.add(
      Document{{"_id", object_id_at(kNow - 120)}, {"items", Array{Document{{"tags", ints(1)}}}}});
  const SampleShape shape = std::move(builder).finish();
  ASSERT_EQ(shape.arrays.size(), 2u);
  EXPECT_EQ(shape.arrays[0].path, "items");
  EXPECT_EQ(shape.arrays[0].length_by_age,
            (std::vector<std::pair<std::int64_t, std::int64_t>>{{60, 4}, {120, 1}}));
  EXPECT_EQ(shape.arrays[1].path, "items.tags");
  EXPECT_EQ(shape.arrays[1].max_length, 5);
  EXPECT_EQ(shape.arrays[1].length_by_age,
            (std::vector<std::pair<std::int64_t, std::int64_t>>{{60, 5}, {120, 1}}));
  EXPECT_EQ(field(shape, "items.tags")->types,
            (std::map<std::string, int>{{"array", 4}, {"string", 1}}));
}

// Every string a SampleShape holds, joined.
std::string all_strings(const SampleShape& shape) {
  std::string text = shape.deepest_path;
  for (const FieldShape& field : shape.fields) {
    text += "|" + field.path;
    for (const auto& [type, count] : field.types) text += "|" + type;
  }
  for (const ArrayShape& array : shape.arrays) text += "|" + array.path;
  return text;
}

TEST(DocumentShape, KeepsNoValue) {
  const std::vector<std::string> markers = {"MARKER_STRING", "MARKER_NESTED", "MARKER_ELEMENT",
                                            "MARKER_REGEX",  "MARKER_CODE",   "MARKER_SYMBOL",
                                            "MARKER_SCOPE",  "MARKER_DBREF",  "MARKER_BINARY"};
  const std::string binary = "MARKER_BINARY";
  const SampleShape shape = shape_of({Document{
      {"_id", object_id_at(kNow - 1)},
      {"s", "MARKER_STRING"},
      {"doc", Document{{"deep", Document{{"t", "MARKER_NESTED"}}}}},
      {"list", Array{"MARKER_ELEMENT", Document{{"e", "MARKER_ELEMENT"}}}},
      {"re", bson::Regex{"MARKER_REGEX", "i"}},
      {"js", bson::JavaScript{"MARKER_CODE"}},
      {"sym", bson::Symbol{"MARKER_SYMBOL"}},
      {"scoped", bson::JavaScriptWithScope{"MARKER_CODE", Document{{"v", "MARKER_SCOPE"}}}},
      {"ptr", bson::DBPointer{"MARKER_DBREF", object_id_at(1)}},
      {"bin", bson::Binary{.subtype = 0, .bytes = {binary.begin(), binary.end()}}},
  }});
  const std::string text = all_strings(shape);
  ASSERT_NE(text.find("doc.deep.t"), std::string::npos) << "the serialisation covers paths";
  for (const std::string& marker : markers) {
    EXPECT_EQ(text.find(marker), std::string::npos) << marker << " in " << text;
  }
  EXPECT_EQ(text.find("MARKER"), std::string::npos);
}

TEST(DocumentShape, FieldsAndArraysSortedByPath) {
  const SampleShape shape = shape_of({
      Document{{"z", ints(1)}, {"m", Document{{"b", ints(1)}}}, {"a", std::int32_t{1}}},
      Document{{"b", ints(1)}, {"m", Document{{"a", std::int32_t{1}}}}},
  });
  EXPECT_EQ(paths(shape), (std::vector<std::string>{"a", "b", "m", "m.a", "m.b", "z"}));
  std::vector<std::string> array_paths;
  for (const ArrayShape& array : shape.arrays) array_paths.push_back(array.path);
  EXPECT_EQ(array_paths, (std::vector<std::string>{"b", "m.b", "z"}));
}

TEST(DocumentShape, CapsDistinctPathsAndCountsTheRest) {
  Document wide;
  for (std::size_t i = 0; i < kMaxFieldPaths + 5; ++i) {
    wide.append("k" + std::to_string(i), std::int32_t{1});
  }
  wide.append("late_array", ints(2));  // past the cap: not in arrays either
  SampleShapeBuilder builder(kNow);
  builder.add(wide);
  builder.add(wide);
  builder.add(Document{{"k0", "now a string"}, {"new_path", true}});
  const SampleShape shape = std::move(builder).finish();
  EXPECT_EQ(shape.fields.size(), kMaxFieldPaths);
  EXPECT_EQ(shape.dropped_fields, 6 + 6 + 1) << "occurrences past the cap, per document";
  EXPECT_TRUE(shape.arrays.empty());
  EXPECT_EQ(field(shape, "k0")->types, (std::map<std::string, int>{{"int", 2}, {"string", 1}}))
      << "recorded paths keep counting";
  EXPECT_EQ(field(shape, "new_path"), nullptr);
}

TEST(DocumentShape, EmptySample) {
  const SampleShape shape = SampleShapeBuilder(kNow).finish();
  EXPECT_EQ(shape.documents, 0);
  EXPECT_EQ(shape.max_depth, 0);
  EXPECT_EQ(shape.max_document_bytes, 0);
  EXPECT_TRUE(shape.fields.empty());
  EXPECT_TRUE(shape.arrays.empty());
}

}  // namespace
}  // namespace document_shape_test
}  // namespace mongoscan
