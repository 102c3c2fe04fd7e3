#pragma once
// BSON values, documents and their binary codec (bsonspec.org, BSON 1.1), plus Extended JSON v2
// (MongoDB Extended JSON specification): relaxed output for report evidence, canonical input for
// test data.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "scanner/errors/result.h"

namespace mongoscan::bson {

// Nesting limit of decode_document when the caller gives none; the top-level document is level 1.
inline constexpr int kDefaultMaxDepth = 100;

// The element type bytes of the BSON specification.
enum class Type : std::uint8_t {
  number_double = 0x01,
  string = 0x02,
  document = 0x03,
  array = 0x04,
  binary = 0x05,
  undefined = 0x06,  // deprecated
  object_id = 0x07,
  boolean = 0x08,
  date_time = 0x09,
  null = 0x0A,
  regex = 0x0B,
  db_pointer = 0x0C,  // deprecated
  javascript = 0x0D,
  symbol = 0x0E,                 // deprecated
  javascript_with_scope = 0x0F,  // deprecated
  number_int = 0x10,
  timestamp = 0x11,
  number_long = 0x12,
  number_decimal = 0x13,
  min_key = 0xFF,
  max_key = 0x7F,
};

class Value;
using Array = std::vector<Value>;

// An ordered list of fields; keys may repeat (find returns the first).
class Document {
 public:
  using Field = std::pair<std::string, Value>;

  Document() = default;
  Document(std::initializer_list<Field> fields);

  void append(std::string key, Value value);
  // Gives back the spare capacity appends left (for documents kept long).
  void shrink_to_fit();

  // The value of the first field named key, or nullptr.
  const Value* find(std::string_view key) const;

  // Typed getters: nullopt when the field is absent or holds another type.
  std::optional<std::string> get_string(std::string_view key) const;
  std::optional<bool> get_bool(std::string_view key) const;
  std::optional<Document> get_document(std::string_view key) const;
  std::optional<Array> get_array(std::string_view key) const;
  // int32, int64 or double, as a double.
  std::optional<double> get_number(std::string_view key) const;
  // A whole number of any BSON number type: int32, int64, or a double or decimal128 holding a
  // whole number in int64 range. Servers send counts and sizes as any of these: older servers'
  // BSONObjBuilder::appendNumber(long long) makes a double of 2^30 to 2^40 (mongodb/mongo
  // src/mongo/bson/bsonobjbuilder.h). nullopt when the field is absent or holds anything else
  // (1.5, NaN, 2^63, a string); find() tells those apart.
  std::optional<std::int64_t> get_int64(std::string_view key) const;

  const std::vector<Field>& fields() const;
  std::vector<Field>::const_iterator begin() const;
  std::vector<Field>::const_iterator end() const;
  std::size_t size() const;
  bool empty() const;

  // Same keys and values in the same order (doubles compare as numbers: NaN != NaN).
  bool operator==(const Document& other) const;

 private:
  std::vector<Field> fields_;
};

struct Binary {
  std::uint8_t subtype =
      0;  // 0x00 generic, 0x04 UUID, ...; 0x02 is stored without its inner length
  std::vector<std::uint8_t> bytes;
  bool operator==(const Binary&) const = default;
};

struct ObjectId {
  std::array<std::uint8_t, 12> bytes{};
  bool operator==(const ObjectId&) const = default;
};

struct DateTime {
  std::int64_t milliseconds_since_epoch = 0;  // UTC
  bool operator==(const DateTime&) const = default;
};

struct Timestamp {
  std::uint32_t t = 0;  // seconds since the epoch
  std::uint32_t i = 0;  // increment
  bool operator==(const Timestamp&) const = default;
};

struct Regex {
  std::string pattern;
  std::string options;
  bool operator==(const Regex&) const = default;
};

struct DBPointer {
  std::string ref;  // namespace
  ObjectId id;
  bool operator==(const DBPointer&) const = default;
};

struct JavaScript {
  std::string code;
  bool operator==(const JavaScript&) const = default;
};

struct Symbol {
  std::string value;
  bool operator==(const Symbol&) const = default;
};

struct JavaScriptWithScope {
  std::string code;
  Document scope;
  bool operator==(const JavaScriptWithScope&) const = default;
};

// IEEE 754-2008 decimal128 in the binary integer decimal encoding, as the 16 little-endian bytes of
// the wire.
struct Decimal128 {
  std::array<std::uint8_t, 16> bytes{};
  bool operator==(const Decimal128&) const = default;
};

struct Undefined {
  bool operator==(const Undefined&) const = default;
};
struct Null {
  bool operator==(const Null&) const = default;
};
struct MinKey {
  bool operator==(const MinKey&) const = default;
};
struct MaxKey {
  bool operator==(const MaxKey&) const = default;
};

// The decimal128 specification's string form ("0.1", "-1.00E-8", "NaN", "Infinity").
std::string to_string(const Decimal128& value);
// Parses that string form (case-insensitive "NaN"/"Inf"/"Infinity"); refuses values that decimal128
// cannot hold exactly.
std::optional<Decimal128> parse_decimal128(std::string_view text);

// One BSON value. Implicit constructors let commands be written as initializer lists:
// Document{{"hello", 1}, {"saslSupportedMechs", "admin.app"}, {"$db", "admin"}}.
class Value {
 public:
  using Variant =
      std::variant<double, std::string, Document, Array, Binary, Undefined, ObjectId, bool,
                   DateTime, Null, Regex, DBPointer, JavaScript, Symbol, JavaScriptWithScope,
                   std::int32_t, Timestamp, std::int64_t, Decimal128, MinKey, MaxKey>;

  Value() : variant_(Null{}) {}
  Value(double value) : variant_(value) {}
  Value(std::string value) : variant_(std::move(value)) {}
  Value(const char* value) : variant_(std::string(value)) {}
  Value(Document value) : variant_(std::move(value)) {}
  Value(Array value) : variant_(std::move(value)) {}
  Value(Binary value) : variant_(std::move(value)) {}
  Value(Undefined value) : variant_(value) {}
  Value(ObjectId value) : variant_(value) {}
  Value(bool value) : variant_(value) {}
  Value(DateTime value) : variant_(value) {}
  Value(Null value) : variant_(value) {}
  Value(Regex value) : variant_(std::move(value)) {}
  Value(DBPointer value) : variant_(std::move(value)) {}
  Value(JavaScript value) : variant_(std::move(value)) {}
  Value(Symbol value) : variant_(std::move(value)) {}
  Value(JavaScriptWithScope value) : variant_(std::move(value)) {}
  Value(std::int32_t value) : variant_(value) {}
  Value(Timestamp value) : variant_(value) {}
  Value(std::int64_t value) : variant_(value) {}
  Value(Decimal128 value) : variant_(value) {}
  Value(MinKey value) : variant_(value) {}
  Value(MaxKey value) : variant_(value) {}

  Type type() const;
  const Variant& variant() const { return variant_; }

  // The value if it holds a T, else nullptr.
  template <class T>
  const T* get_if() const {
    return std::get_if<T>(&variant_);
  }

  bool operator==(const Value& other) const { return variant_ == other.variant_; }

 private:
  Variant variant_;
};

// Defined here, where Value is complete.
inline const std::vector<Document::Field>& Document::fields() const { return fields_; }
inline std::vector<Document::Field>::const_iterator Document::begin() const {
  return fields_.begin();
}
inline std::vector<Document::Field>::const_iterator Document::end() const { return fields_.end(); }
inline std::size_t Document::size() const { return fields_.size(); }
inline bool Document::empty() const { return fields_.empty(); }

// Decodes exactly one document filling all of bytes. Any violation of the format (lengths, string
// terminators, unknown types, bool bytes, nesting deeper than max_depth) is ErrorCode::protocol in
// phase "bson"; nothing outside bytes is ever read.
Result<Document> decode_document(std::span<const std::uint8_t> bytes,
                                 int max_depth = kDefaultMaxDepth);

// The BSON bytes of document. Keys and regex parts are cstrings: they end at their first NUL.
std::vector<std::uint8_t> encode_document(const Document& document);

// Relaxed Extended JSON v2, for evidence in reports. Keys keep their first occurrence; text that is
// not valid UTF-8 has the bad bytes replaced by U+FFFD, so the result always serialises.
nlohmann::json to_json(const Document& document);
nlohmann::json to_json(const Value& value);

// Extended JSON v2 (canonical, and the relaxed number and ISO-8601 $date forms) to a Document.
// Malformed type wrappers are ErrorCode::protocol in phase "extended-json".
// The ordered_json overload keeps the field order of the text.
Result<Document> from_extended_json(const nlohmann::json& json);
Result<Document> from_extended_json(const nlohmann::ordered_json& json);

}  // namespace mongoscan::bson
