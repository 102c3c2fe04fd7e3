#pragma once
// The shape of sampled documents (SampleShape in scanner/facts/data_model_facts.h): paths, BSON type
// names, depths, sizes and array lengths. Field values are looked at, never kept.
//
// Paths join keys with "."; array elements add no segment. A field whose value is an array counts
// as "array" at its path and the array's length goes to arrays; the elements themselves count no
// type (nor date-like or UUID-like strings), so an array of strings never shows as drift between
// "array" and "string". The fields of documents inside an array (at any array nesting) count under
// the array's path: {items: [{sku: 1}]} gives "items" (array) and "items.sku" (int). Arrays
// directly inside arrays are not recorded; an array reached through an array of documents
// ("items.tags") records, per document, the longest of its occurrences.
//
// Depth is BSON nesting: the document is level 1 and each document or array inside adds one, empty
// or not. {a: 1} is 1, {a: {b: 1}} and {a: [1]} are 2, {a: [{b: 1}]} is 3 (the array, then the
// document in it). deepest_path is the path of the first container reaching max_depth ("" for the
// document itself), so {a: [{b: 1}]} gives "a" and {a: {b: {}}} gives "a.b".

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "scanner/bson/bson.h"
#include "scanner/facts/data_model_facts.h"

namespace mongoscan {

// Distinct paths recorded per collection; further paths count in SampleShape::dropped_fields.
inline constexpr std::size_t kMaxFieldPaths = 2000;

// Accumulates the shape of sampled documents; keeps no field value.
class SampleShapeBuilder {
 public:
  // now_unix_seconds dates the documents: a document's age is now minus the timestamp of its
  // ObjectId _id (negative when the ObjectId is younger than now).
  explicit SampleShapeBuilder(std::int64_t now_unix_seconds);

  // A document or array nested past bson::kDefaultMaxDepth levels (which decode_document refuses)
  // counts as a type but is not looked into.
  void add(const bson::Document& document);

  // Fields and arrays sorted by path.
  SampleShape finish() &&;

 private:
  struct PathHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view path) const {
      return std::hash<std::string_view>{}(path);
    }
  };
  using PathIndex = std::unordered_map<std::string, std::size_t, PathHash, std::equal_to<>>;

  // level is that of the container holding the fields or elements; path_ is the container's.
  void add_fields(const bson::Document& document, int level);
  void add_elements(const bson::Array& array, int level);
  // The field at path_.
  void add_field(const bson::Value& value, int level);
  // Records a container at path_ opening level; false when the level is past the depth limit.
  bool open_level(int level);
  // The shape at path_, created if the path cap allows; nullptr (counted as dropped) when not.
  FieldShape* field_at_path();
  // An array at path_ whose field is recorded.
  void record_array_length(std::int64_t length);

  std::int64_t now_unix_seconds_;
  SampleShape shape_;
  PathIndex field_index_;  // path -> index in shape_.fields
  PathIndex array_index_;  // path -> index in shape_.arrays
  // The longest occurrence of each array (index in shape_.arrays) in the current document.
  std::unordered_map<std::size_t, std::int64_t> document_array_lengths_;
  std::string path_;  // of the value being visited
};

// The BSON type name the MongoDB manual uses for $type: "double", "string", "object", "array",
// "binData", "undefined", "objectId", "bool", "date", "null", "regex", "dbPointer", "javascript",
// "symbol", "javascriptWithScope", "int", "timestamp", "long", "decimal", "minKey", "maxKey".
std::string_view bson_type_name(const bson::Value& value);

// An ISO 8601 date ("2024-03-01") or date-time with 'T' or ' ' between date and time, seconds
// required, then optional fractional seconds and an optional "Z", "+hh:mm" or "+hhmm" offset
// ("2024-03-01T10:00:00.5Z", "2024-03-01 10:00:00"). Month, day, hour, minute and second must be in
// range (second 60 for a leap second); days are not checked against their month.
bool is_date_like(std::string_view text);

// The 8-4-4-4-12 hex form of a UUID, either case ("123e4567-e89b-12d3-a456-426614174000").
bool is_uuid_like(std::string_view text);

}  // namespace mongoscan
