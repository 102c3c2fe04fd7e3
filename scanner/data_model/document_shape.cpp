#include "scanner/data_model/document_shape.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <variant>

namespace mongoscan {
namespace {

// ---------------------------------------------------------------------------------------------
// BSON size without encoding: the byte counts of bson::encode_document.

std::int64_t bson_document_size(const bson::Document& document);

// Keys and regex parts end at their first NUL, as encode_document writes them.
std::int64_t bson_cstring_size(std::string_view text) {
  const std::size_t nul = text.find('\0');
  return static_cast<std::int64_t>(nul == std::string_view::npos ? text.size() : nul) + 1;
}

// int32 length, bytes, NUL.
std::int64_t bson_string_size(std::string_view text) {
  return 4 + static_cast<std::int64_t>(text.size()) + 1;
}

// An array element's key: its index in decimal, as a cstring.
std::int64_t bson_index_key_size(std::size_t index) {
  std::int64_t digits = 1;
  for (; index >= 10; index /= 10) ++digits;
  return digits + 1;
}

constexpr std::int64_t kObjectIdBytes = 12;
constexpr std::int64_t kDecimal128Bytes = 16;

// The size of a value's payload, without its type byte and key.
struct BsonPayloadSize {
  std::int64_t operator()(double) const { return 8; }
  std::int64_t operator()(const std::string& value) const { return bson_string_size(value); }
  std::int64_t operator()(const bson::Document& value) const { return bson_document_size(value); }
  std::int64_t operator()(const bson::Array& value) const {
    std::int64_t size = 4 + 1;
    for (std::size_t i = 0; i < value.size(); ++i) {
      size += 1 + bson_index_key_size(i) + std::visit(*this, value[i].variant());
    }
    return size;
  }
  std::int64_t operator()(const bson::Binary& value) const {
    // Subtype 0x02 repeats the length inside the payload.
    return 4 + 1 + (value.subtype == 0x02 ? 4 : 0) + static_cast<std::int64_t>(value.bytes.size());
  }
  std::int64_t operator()(bson::Undefined) const { return 0; }
  std::int64_t operator()(const bson::ObjectId&) const { return kObjectIdBytes; }
  std::int64_t operator()(bool) const { return 1; }
  std::int64_t operator()(bson::DateTime) const { return 8; }
  std::int64_t operator()(bson::Null) const { return 0; }
  std::int64_t operator()(const bson::Regex& value) const {
    return bson_cstring_size(value.pattern) + bson_cstring_size(value.options);
  }
  std::int64_t operator()(const bson::DBPointer& value) const {
    return bson_string_size(value.ref) + kObjectIdBytes;
  }
  std::int64_t operator()(const bson::JavaScript& value) const {
    return bson_string_size(value.code);
  }
  std::int64_t operator()(const bson::Symbol& value) const { return bson_string_size(value.value); }
  std::int64_t operator()(const bson::JavaScriptWithScope& value) const {
    return 4 + bson_string_size(value.code) + bson_document_size(value.scope);
  }
  std::int64_t operator()(std::int32_t) const { return 4; }
  std::int64_t operator()(bson::Timestamp) const { return 8; }
  std::int64_t operator()(std::int64_t) const { return 8; }
  std::int64_t operator()(const bson::Decimal128&) const { return kDecimal128Bytes; }
  std::int64_t operator()(bson::MinKey) const { return 0; }
  std::int64_t operator()(bson::MaxKey) const { return 0; }
};

// int32 length, elements (type byte, key, payload), NUL.
std::int64_t bson_document_size(const bson::Document& document) {
  std::int64_t size = 4 + 1;
  for (const auto& [key, value] : document) {
    size += 1 + bson_cstring_size(key) + std::visit(BsonPayloadSize{}, value.variant());
  }
  return size;
}

// ---------------------------------------------------------------------------------------------
// String forms.

bool is_decimal_digit(char c) { return c >= '0' && c <= '9'; }

bool is_ascii_hex_digit(char c) {
  return is_decimal_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Whether text[pos, pos + width) is decimal digits whose value lies in [min, max].
bool number_in_range(std::string_view text, std::size_t pos, std::size_t width, int min, int max) {
  if (pos + width > text.size()) return false;
  int value = 0;
  for (std::size_t i = pos; i < pos + width; ++i) {
    if (!is_decimal_digit(text[i])) return false;
    value = value * 10 + (text[i] - '0');
  }
  return value >= min && value <= max;
}

// "Z", "+hh:mm", "+hhmm" or their "-" forms.
bool is_utc_offset(std::string_view text) {
  if (text == "Z") return true;
  if (text.empty() || (text[0] != '+' && text[0] != '-')) return false;
  if (!number_in_range(text, 1, 2, 0, 23)) return false;
  if (text.size() == 6) return text[3] == ':' && number_in_range(text, 4, 2, 0, 59);
  return text.size() == 5 && number_in_range(text, 3, 2, 0, 59);
}

constexpr std::size_t kDateLength = 10;      // YYYY-MM-DD
constexpr std::size_t kDateTimeLength = 19;  // YYYY-MM-DDThh:mm:ss

std::optional<std::int64_t> object_id_seconds(const bson::Document& document) {
  const bson::Value* id = document.find("_id");
  const auto* object_id = id == nullptr ? nullptr : id->get_if<bson::ObjectId>();
  if (object_id == nullptr) return std::nullopt;
  // The first four bytes: seconds since the epoch, big-endian (BSON ObjectId specification).
  std::uint32_t seconds = 0;
  for (std::size_t i = 0; i < 4; ++i) seconds = (seconds << 8) | object_id->bytes[i];
  return seconds;
}

}  // namespace

bool is_date_like(std::string_view text) {
  const bool date = text.size() >= kDateLength && number_in_range(text, 0, 4, 0, 9999) &&
                    text[4] == '-' && number_in_range(text, 5, 2, 1, 12) && text[7] == '-' &&
                    number_in_range(text, 8, 2, 1, 31);
  if (!date) return false;
  if (text.size() == kDateLength) return true;
  const bool time = text.size() >= kDateTimeLength && (text[10] == 'T' || text[10] == ' ') &&
                    number_in_range(text, 11, 2, 0, 23) && text[13] == ':' &&
                    number_in_range(text, 14, 2, 0, 59) && text[16] == ':' &&
                    number_in_range(text, 17, 2, 0, 60);
  if (!time) return false;
  std::size_t pos = kDateTimeLength;
  if (pos < text.size() && text[pos] == '.') {
    const std::size_t fraction = ++pos;
    while (pos < text.size() && is_decimal_digit(text[pos])) ++pos;
    if (pos == fraction) return false;
  }
  return pos == text.size() || is_utc_offset(text.substr(pos));
}

bool is_uuid_like(std::string_view text) {
  constexpr std::size_t kUuidLength = 36;
  if (text.size() != kUuidLength) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool hyphen = i == 8 || i == 13 || i == 18 || i == 23;
    if (hyphen ? text[i] != '-' : !is_ascii_hex_digit(text[i])) return false;
  }
  return true;
}

std::string_view bson_type_name(const bson::Value& value) {
  switch (value.type()) {
    case bson::Type::number_double:
      return "double";
    case bson::Type::string:
      return "string";
    case bson::Type::document:
      return "object";
    case bson::Type::array:
      return "array";
    case bson::Type::binary:
      return "binData";
    case bson::Type::undefined:
      return "undefined";
    case bson::Type::object_id:
      return "objectId";
    case bson::Type::boolean:
      return "bool";
    case bson::Type::date_time:
      return "date";
    case bson::Type::null:
      return "null";
    case bson::Type::regex:
      return "regex";
    case bson::Type::db_pointer:
      return "dbPointer";
    case bson::Type::javascript:
      return "javascript";
    case bson::Type::symbol:
      return "symbol";
    case bson::Type::javascript_with_scope:
      return "javascriptWithScope";
    case bson::Type::number_int:
      return "int";
    case bson::Type::timestamp:
      return "timestamp";
    case bson::Type::number_long:
      return "long";
    case bson::Type::number_decimal:
      return "decimal";
    case bson::Type::min_key:
      return "minKey";
    case bson::Type::max_key:
      return "maxKey";
  }
  return "unknown";
}

SampleShapeBuilder::SampleShapeBuilder(std::int64_t now_unix_seconds)
    : now_unix_seconds_(now_unix_seconds) {}

void SampleShapeBuilder::add(const bson::Document& document) {
  ++shape_.documents;
  shape_.max_document_bytes = std::max(shape_.max_document_bytes, bson_document_size(document));
  document_array_lengths_.clear();
  path_.clear();
  open_level(1);
  add_fields(document, 1);

  const std::optional<std::int64_t> created = object_id_seconds(document);
  if (!created) return;
  const std::int64_t age = now_unix_seconds_ - *created;
  for (const auto& [array, length] : document_array_lengths_) {
    shape_.arrays[array].length_by_age.emplace_back(age, length);
  }
}

SampleShape SampleShapeBuilder::finish() && {
  const auto by_path = [](const auto& a, const auto& b) { return a.path < b.path; };
  std::ranges::sort(shape_.fields, by_path);
  std::ranges::sort(shape_.arrays, by_path);
  return std::move(shape_);
}

bool SampleShapeBuilder::open_level(int level) {
  if (level > bson::kDefaultMaxDepth) return false;
  if (level > shape_.max_depth) {
    shape_.max_depth = level;
    shape_.deepest_path = path_;
  }
  return true;
}

void SampleShapeBuilder::add_fields(const bson::Document& document, int level) {
  for (const auto& [key, value] : document) {
    const std::size_t parent_length = path_.size();
    if (parent_length > 0) path_ += '.';
    path_ += key;
    add_field(value, level);
    path_.resize(parent_length);
  }
}

void SampleShapeBuilder::add_field(const bson::Value& value, int level) {
  FieldShape* field = field_at_path();
  const bool recorded = field != nullptr;
  if (recorded) {
    ++field->types[std::string(bson_type_name(value))];
    if (const auto* text = value.get_if<std::string>()) {
      if (is_date_like(*text)) ++field->date_like_strings;
      if (is_uuid_like(*text)) ++field->uuid_like_strings;
    }
  }
  // field dangles from here: recording nested paths may grow shape_.fields.
  if (const auto* document = value.get_if<bson::Document>()) {
    if (open_level(level + 1)) add_fields(*document, level + 1);
  } else if (const auto* array = value.get_if<bson::Array>()) {
    if (recorded) record_array_length(static_cast<std::int64_t>(array->size()));
    if (open_level(level + 1)) add_elements(*array, level + 1);
  }
}

void SampleShapeBuilder::add_elements(const bson::Array& array, int level) {
  for (const bson::Value& element : array) {
    if (const auto* document = element.get_if<bson::Document>()) {
      if (open_level(level + 1)) add_fields(*document, level + 1);
    } else if (const auto* inner = element.get_if<bson::Array>()) {
      if (open_level(level + 1)) add_elements(*inner, level + 1);
    }
  }
}

FieldShape* SampleShapeBuilder::field_at_path() {
  if (const auto found = field_index_.find(std::string_view(path_)); found != field_index_.end()) {
    return &shape_.fields[found->second];
  }
  if (shape_.fields.size() >= kMaxFieldPaths) {
    ++shape_.dropped_fields;
    return nullptr;
  }
  field_index_.emplace(path_, shape_.fields.size());
  FieldShape& field = shape_.fields.emplace_back();
  field.path = path_;
  return &field;
}

void SampleShapeBuilder::record_array_length(std::int64_t length) {
  auto found = array_index_.find(std::string_view(path_));
  if (found == array_index_.end()) {
    found = array_index_.emplace(path_, shape_.arrays.size()).first;
    shape_.arrays.emplace_back().path = path_;
  }
  const std::size_t array = found->second;
  shape_.arrays[array].max_length = std::max(shape_.arrays[array].max_length, length);
  std::int64_t& in_document = document_array_lengths_[array];
  in_document = std::max(in_document, length);
}

}  // namespace mongoscan
