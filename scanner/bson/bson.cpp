#include "scanner/bson/bson.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace mongoscan::bson {
namespace {

// ---------------------------------------------------------------------------------------------
// Little-endian integers, as every BSON number is stored.

std::uint64_t load_le(std::span<const std::uint8_t> bytes) {
  std::uint64_t value = 0;
  for (std::size_t i = bytes.size(); i-- > 0;) value = (value << 8) | bytes[i];
  return value;
}

void append_le(std::vector<std::uint8_t>& out, std::uint64_t value, std::size_t width) {
  for (std::size_t i = 0; i < width; ++i)
    out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

void append_int32(std::vector<std::uint8_t>& out, std::int32_t value) {
  append_le(out, static_cast<std::uint32_t>(value), 4);
}

// ---------------------------------------------------------------------------------------------
// Decimal128 (BSON decimal128 specification: binary integer decimal, exponent bias 6176).

using Uint128 = unsigned __int128;

constexpr int kDecimalExponentBias = 6176;
constexpr std::int64_t kDecimalMinExponent = -6176;
constexpr std::int64_t kDecimalMaxExponent = 6111;
constexpr std::size_t kDecimalMaxDigits = 34;
constexpr std::uint64_t kDecimalSignBit = std::uint64_t{1} << 63;
constexpr std::uint64_t kDecimalInfinity = std::uint64_t{0x78} << 56;
constexpr std::uint64_t kDecimalNaN = std::uint64_t{0x7C} << 56;
constexpr std::uint64_t kDecimalHighCoefficientMask = (std::uint64_t{1} << 49) - 1;

constexpr Uint128 max_decimal_coefficient() {
  Uint128 value = 1;
  for (std::size_t i = 0; i < kDecimalMaxDigits; ++i) value *= 10;
  return value - 1;
}

Decimal128 make_decimal(std::uint64_t high, std::uint64_t low) {
  Decimal128 decimal;
  for (int i = 0; i < 8; ++i) {
    decimal.bytes[i] = static_cast<std::uint8_t>(low >> (8 * i));
    decimal.bytes[8 + i] = static_cast<std::uint8_t>(high >> (8 * i));
  }
  return decimal;
}

std::string decimal_digits(Uint128 coefficient) {
  if (coefficient == 0) return "0";
  std::string digits;
  for (; coefficient != 0; coefficient /= 10) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(coefficient % 10)));
  }
  std::reverse(digits.begin(), digits.end());
  return digits;
}

// A finite decimal128: (negative ? -1 : 1) × coefficient × 10^exponent.
struct DecimalParts {
  bool negative = false;
  Uint128 coefficient = 0;
  int exponent = 0;
};

// The parts of a finite decimal128 (the specification reads a coefficient above 10^34 - 1 as
// zero); nullopt for NaN and the infinities.
std::optional<DecimalParts> decimal_parts(const Decimal128& value) {
  const std::uint64_t low = load_le(std::span(value.bytes).first<8>());
  const std::uint64_t high = load_le(std::span(value.bytes).last<8>());
  const auto combination = static_cast<unsigned>((high >> 58) & 0x1F);
  if (combination >= 0x1E) return std::nullopt;
  DecimalParts parts;
  parts.negative = (high & kDecimalSignBit) != 0;
  int biased_exponent = 0;
  if ((combination >> 3) == 0x3) {
    // The 0b11 form implies a coefficient above 10^34 - 1.
    biased_exponent = static_cast<int>((high >> 47) & 0x3FFF);
  } else {
    biased_exponent = static_cast<int>((high >> 49) & 0x3FFF);
    parts.coefficient = (Uint128{high & kDecimalHighCoefficientMask} << 64) | low;
    if (parts.coefficient > max_decimal_coefficient()) parts.coefficient = 0;
  }
  parts.exponent = biased_exponent - kDecimalExponentBias;
  return parts;
}

// The double as an int64 when it is a whole number in range; -2^63 is, 2^63 is not.
std::optional<std::int64_t> whole_int64(double number) {
  constexpr double kTwoTo63 = 9223372036854775808.0;
  if (!(number >= -kTwoTo63 && number < kTwoTo63) || std::trunc(number) != number) {
    return std::nullopt;
  }
  return static_cast<std::int64_t>(number);
}

// The decimal128 as an int64 when it is a whole number in range ("1.6E+9" is, "1.5" is not).
std::optional<std::int64_t> whole_int64(const Decimal128& number) {
  const std::optional<DecimalParts> parts = decimal_parts(number);
  if (!parts) return std::nullopt;
  constexpr Uint128 kMagnitudeOfMin = Uint128{1} << 63;  // |INT64_MIN|
  Uint128 magnitude = parts->coefficient;
  for (int exponent = parts->exponent; exponent < 0; ++exponent) {
    if (magnitude % 10 != 0) return std::nullopt;
    magnitude /= 10;
  }
  for (int exponent = parts->exponent; exponent > 0 && magnitude != 0; --exponent) {
    if (magnitude > kMagnitudeOfMin) return std::nullopt;
    magnitude *= 10;
  }
  if (magnitude > kMagnitudeOfMin || (magnitude == kMagnitudeOfMin && !parts->negative)) {
    return std::nullopt;
  }
  if (magnitude == kMagnitudeOfMin) return std::numeric_limits<std::int64_t>::min();
  const auto whole = static_cast<std::int64_t>(magnitude);
  return parts->negative ? -whole : whole;
}

bool equals_ignoring_case(std::string_view text, std::string_view lower) {
  return std::equal(text.begin(), text.end(), lower.begin(), lower.end(), [](char a, char b) {
    return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
  });
}

// ---------------------------------------------------------------------------------------------
// Binary decoding. Every read is checked against a limit, the end of the innermost enclosing
// document, which never exceeds the span.

Error bson_error(std::string message) { return {ErrorCode::protocol, "bson", std::move(message)}; }

class Decoder {
 public:
  Decoder(std::span<const std::uint8_t> bytes, int max_depth)
      : bytes_(bytes), max_depth_(max_depth) {}

  Result<Document> decode() {
    Document document;
    if (!read_document(bytes_.size(), 1, document)) return bson_error(std::move(message_));
    if (pos_ != bytes_.size()) {
      return bson_error("document length " + std::to_string(pos_) + " does not match the " +
                        std::to_string(bytes_.size()) + " bytes given");
    }
    return document;
  }

 private:
  bool fail_at(std::size_t offset, std::string message) {
    message_ = std::move(message) + " at offset " + std::to_string(offset);
    return false;
  }
  bool fail(std::string message) { return fail_at(pos_, std::move(message)); }

  std::size_t remaining(std::size_t limit) const { return limit - pos_; }

  bool read_fixed(std::size_t limit, std::size_t width, std::uint64_t& value, const char* what) {
    if (remaining(limit) < width) return fail(std::string("truncated ") + what);
    value = load_le(bytes_.subspan(pos_, width));
    pos_ += width;
    return true;
  }

  bool read_int32(std::size_t limit, std::int32_t& value, const char* what) {
    std::uint64_t raw = 0;
    if (!read_fixed(limit, 4, raw, what)) return false;
    value = static_cast<std::int32_t>(static_cast<std::uint32_t>(raw));
    return true;
  }

  bool read_bytes(std::size_t limit, std::span<std::uint8_t> out, const char* what) {
    if (remaining(limit) < out.size()) return fail(std::string("truncated ") + what);
    std::copy_n(bytes_.begin() + static_cast<std::ptrdiff_t>(pos_), out.size(), out.begin());
    pos_ += out.size();
    return true;
  }

  bool read_cstring(std::size_t limit, std::string& out, const char* what) {
    const auto begin = bytes_.begin() + static_cast<std::ptrdiff_t>(pos_);
    const auto end = bytes_.begin() + static_cast<std::ptrdiff_t>(limit);
    const auto nul = std::find(begin, end, std::uint8_t{0});
    if (nul == end) return fail(std::string(what) + " without NUL terminator");
    out.assign(begin, nul);
    pos_ += out.size() + 1;
    return true;
  }

  // int32 length (counting the trailing NUL), bytes, NUL.
  bool read_string(std::size_t limit, std::string& out) {
    std::int32_t length = 0;
    if (!read_int32(limit, length, "string length")) return false;
    if (length < 1) return fail("string length " + std::to_string(length) + " is below 1");
    const auto size = static_cast<std::size_t>(length);
    if (size > remaining(limit)) {
      return fail("string length " + std::to_string(length) + " overruns its document");
    }
    if (bytes_[pos_ + size - 1] != 0) return fail("string without NUL terminator");
    out.assign(bytes_.begin() + static_cast<std::ptrdiff_t>(pos_),
               bytes_.begin() + static_cast<std::ptrdiff_t>(pos_ + size - 1));
    pos_ += size;
    return true;
  }

  // Reads a document's elements, handing each key and value to `keep` (which takes them).
  template <typename Keep>
  bool read_elements(std::size_t limit, int depth, Keep&& keep) {
    if (depth > max_depth_) {
      return fail("documents nested deeper than " + std::to_string(max_depth_) + " levels");
    }
    if (remaining(limit) < 4) return fail("truncated document length");
    const auto length = static_cast<std::int32_t>(load_le(bytes_.subspan(pos_, 4)));
    if (length < 5) return fail("document length " + std::to_string(length) + " is below 5");
    const auto size = static_cast<std::size_t>(length);
    if (size > remaining(limit)) {
      return fail("document length " + std::to_string(length) + " overruns the " +
                  std::to_string(remaining(limit)) + " bytes available");
    }
    const std::size_t last = pos_ + size - 1;
    if (bytes_[last] != 0) return fail("document without trailing NUL");
    pos_ += 4;
    while (pos_ < last) {
      const std::size_t element = pos_;
      if (bytes_[element] == 0) return fail("document ends before its declared length");
      ++pos_;
      std::string key;
      if (!read_cstring(last, key, "key")) return false;
      Value value;
      if (!read_value(element, last, depth, value)) return false;
      keep(std::move(key), std::move(value));
    }
    pos_ = last + 1;
    return true;
  }

  // Decoded documents and arrays are kept for the whole scan (a node's replies): no spare
  // capacity is kept with them.
  bool read_document(std::size_t limit, int depth, Document& out) {
    if (!read_elements(limit, depth, [&](std::string key, Value value) {
          out.append(std::move(key), std::move(value));
        })) {
      return false;
    }
    out.shrink_to_fit();
    return true;
  }

  bool read_array(std::size_t limit, int depth, Array& out) {
    if (!read_elements(limit, depth,
                       [&](std::string, Value value) { out.push_back(std::move(value)); })) {
      return false;
    }
    out.shrink_to_fit();
    return true;
  }

  bool read_binary(std::size_t limit, Binary& out) {
    std::int32_t length = 0;
    if (!read_int32(limit, length, "binary length")) return false;
    if (length < 0) return fail("negative binary length " + std::to_string(length));
    const auto size = static_cast<std::size_t>(length);
    if (remaining(limit) < size + 1) {
      return fail("binary length " + std::to_string(length) + " overruns its document");
    }
    out.subtype = bytes_[pos_++];
    if (out.subtype == 0x02) {  // old binary: an inner int32 length repeats the payload size
      std::int32_t inner = 0;
      if (size < 4 || !read_int32(limit, inner, "binary subtype 2 length")) {
        return fail("binary subtype 2 without its inner length");
      }
      if (inner != length - 4) return fail("binary subtype 2 inner length does not match");
      out.bytes.resize(size - 4);
    } else {
      out.bytes.resize(size);
    }
    return read_bytes(limit, out.bytes, "binary");
  }

  // int32 total length, string, document.
  bool read_javascript_with_scope(std::size_t limit, int depth, JavaScriptWithScope& out) {
    constexpr std::int32_t kMinLength = 4 + 5 + 5;  // length, empty string, empty document
    const std::size_t start = pos_;
    std::int32_t length = 0;
    if (!read_int32(limit, length, "code_w_s length")) return false;
    if (length < kMinLength || static_cast<std::size_t>(length) > limit - start) {
      return fail("code_w_s length " + std::to_string(length) + " is out of range");
    }
    const std::size_t end = start + static_cast<std::size_t>(length);
    if (!read_string(end, out.code) || !read_document(end, depth + 1, out.scope)) return false;
    if (pos_ != end) return fail("code_w_s length does not match its contents");
    return true;
  }

  // The value of the element whose type byte is at offset element; pos_ is past its key.
  bool read_value(std::size_t element, std::size_t limit, int depth, Value& out) {
    std::uint64_t raw = 0;
    const std::uint8_t type = bytes_[element];
    switch (static_cast<Type>(type)) {
      case Type::number_double: {
        if (!read_fixed(limit, 8, raw, "double")) return false;
        out = std::bit_cast<double>(raw);
        return true;
      }
      case Type::string: {
        std::string text;
        if (!read_string(limit, text)) return false;
        out = std::move(text);
        return true;
      }
      case Type::document: {
        Document document;
        if (!read_document(limit, depth + 1, document)) return false;
        out = std::move(document);
        return true;
      }
      case Type::array: {
        Array array;
        if (!read_array(limit, depth + 1, array)) return false;
        out = std::move(array);
        return true;
      }
      case Type::binary: {
        Binary binary;
        if (!read_binary(limit, binary)) return false;
        out = std::move(binary);
        return true;
      }
      case Type::undefined:
        out = Undefined{};
        return true;
      case Type::object_id: {
        ObjectId id;
        if (!read_bytes(limit, id.bytes, "ObjectId")) return false;
        out = id;
        return true;
      }
      case Type::boolean: {
        if (remaining(limit) < 1) return fail("truncated bool");
        const std::uint8_t byte = bytes_[pos_];
        if (byte > 1) return fail("invalid bool byte " + std::to_string(byte));
        ++pos_;
        out = byte == 1;
        return true;
      }
      case Type::date_time: {
        if (!read_fixed(limit, 8, raw, "UTC datetime")) return false;
        out = DateTime{static_cast<std::int64_t>(raw)};
        return true;
      }
      case Type::null:
        out = Null{};
        return true;
      case Type::regex: {
        Regex regex;
        if (!read_cstring(limit, regex.pattern, "regex pattern") ||
            !read_cstring(limit, regex.options, "regex options")) {
          return false;
        }
        out = std::move(regex);
        return true;
      }
      case Type::db_pointer: {
        DBPointer pointer;
        if (!read_string(limit, pointer.ref) || !read_bytes(limit, pointer.id.bytes, "DBPointer")) {
          return false;
        }
        out = std::move(pointer);
        return true;
      }
      case Type::javascript: {
        JavaScript code;
        if (!read_string(limit, code.code)) return false;
        out = std::move(code);
        return true;
      }
      case Type::symbol: {
        Symbol symbol;
        if (!read_string(limit, symbol.value)) return false;
        out = std::move(symbol);
        return true;
      }
      case Type::javascript_with_scope: {
        JavaScriptWithScope code;
        if (!read_javascript_with_scope(limit, depth, code)) return false;
        out = std::move(code);
        return true;
      }
      case Type::number_int: {
        std::int32_t value = 0;
        if (!read_int32(limit, value, "int32")) return false;
        out = value;
        return true;
      }
      case Type::timestamp: {
        if (!read_fixed(limit, 8, raw, "timestamp")) return false;
        out = Timestamp{static_cast<std::uint32_t>(raw >> 32), static_cast<std::uint32_t>(raw)};
        return true;
      }
      case Type::number_long: {
        if (!read_fixed(limit, 8, raw, "int64")) return false;
        out = static_cast<std::int64_t>(raw);
        return true;
      }
      case Type::number_decimal: {
        Decimal128 decimal;
        if (!read_bytes(limit, decimal.bytes, "decimal128")) return false;
        out = decimal;
        return true;
      }
      case Type::min_key:
        out = MinKey{};
        return true;
      case Type::max_key:
        out = MaxKey{};
        return true;
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", type);
    return fail_at(element, std::string("unknown element type ") + hex);
  }

  std::span<const std::uint8_t> bytes_;
  int max_depth_;
  std::size_t pos_ = 0;
  std::string message_;
};

// ---------------------------------------------------------------------------------------------
// Binary encoding.

void append_cstring(std::vector<std::uint8_t>& out, std::string_view text) {
  text = text.substr(0, text.find('\0'));
  out.insert(out.end(), text.begin(), text.end());
  out.push_back(0);
}

void append_string(std::vector<std::uint8_t>& out, std::string_view text) {
  append_int32(out, static_cast<std::int32_t>(text.size() + 1));
  out.insert(out.end(), text.begin(), text.end());
  out.push_back(0);
}

void append_document(std::vector<std::uint8_t>& out, const Document& document);

// Writes a value's payload (the element's type byte and key are written by the caller).
struct PayloadWriter {
  std::vector<std::uint8_t>& out;

  void operator()(double value) const { append_le(out, std::bit_cast<std::uint64_t>(value), 8); }
  void operator()(const std::string& value) const { append_string(out, value); }
  void operator()(const Document& value) const { append_document(out, value); }
  void operator()(const Array& value) const {
    Document elements;
    for (std::size_t i = 0; i < value.size(); ++i) elements.append(std::to_string(i), value[i]);
    append_document(out, elements);
  }
  void operator()(const Binary& value) const {
    const bool old_binary = value.subtype == 0x02;
    const auto size = static_cast<std::int32_t>(value.bytes.size());
    append_int32(out, old_binary ? size + 4 : size);
    out.push_back(value.subtype);
    if (old_binary) append_int32(out, size);
    out.insert(out.end(), value.bytes.begin(), value.bytes.end());
  }
  void operator()(const ObjectId& value) const {
    out.insert(out.end(), value.bytes.begin(), value.bytes.end());
  }
  void operator()(bool value) const { out.push_back(value ? 1 : 0); }
  void operator()(const DateTime& value) const {
    append_le(out, static_cast<std::uint64_t>(value.milliseconds_since_epoch), 8);
  }
  void operator()(const Regex& value) const {
    append_cstring(out, value.pattern);
    append_cstring(out, value.options);
  }
  void operator()(const DBPointer& value) const {
    append_string(out, value.ref);
    (*this)(value.id);
  }
  void operator()(const JavaScript& value) const { append_string(out, value.code); }
  void operator()(const Symbol& value) const { append_string(out, value.value); }
  void operator()(const JavaScriptWithScope& value) const {
    const std::size_t start = out.size();
    append_int32(out, 0);
    append_string(out, value.code);
    append_document(out, value.scope);
    const auto length = static_cast<std::uint32_t>(out.size() - start);
    for (std::size_t i = 0; i < 4; ++i)
      out[start + i] = static_cast<std::uint8_t>(length >> (8 * i));
  }
  void operator()(std::int32_t value) const { append_int32(out, value); }
  void operator()(const Timestamp& value) const {
    append_le(out, (std::uint64_t{value.t} << 32) | value.i, 8);
  }
  void operator()(std::int64_t value) const {
    append_le(out, static_cast<std::uint64_t>(value), 8);
  }
  void operator()(const Decimal128& value) const {
    out.insert(out.end(), value.bytes.begin(), value.bytes.end());
  }
  // Undefined, Null, MinKey and MaxKey have no payload.
  void operator()(Undefined) const {}
  void operator()(Null) const {}
  void operator()(MinKey) const {}
  void operator()(MaxKey) const {}
};

void append_document(std::vector<std::uint8_t>& out, const Document& document) {
  const std::size_t start = out.size();
  append_int32(out, 0);
  for (const auto& [key, value] : document) {
    out.push_back(static_cast<std::uint8_t>(value.type()));
    append_cstring(out, key);
    std::visit(PayloadWriter{out}, value.variant());
  }
  out.push_back(0);
  const auto length = static_cast<std::uint32_t>(out.size() - start);
  for (std::size_t i = 0; i < 4; ++i) out[start + i] = static_cast<std::uint8_t>(length >> (8 * i));
}

// ---------------------------------------------------------------------------------------------
// Text helpers for Extended JSON.

constexpr std::string_view kBase64Alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kHexDigits = "0123456789abcdef";
constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

std::string to_base64(std::span<const std::uint8_t> bytes) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t count = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (std::size_t j = 0; j < 3; ++j) group = (group << 8) | (j < count ? bytes[i + j] : 0);
    for (std::size_t j = 0; j < 4; ++j) {
      text.push_back(j <= count ? kBase64Alphabet[(group >> (18 - 6 * j)) & 0x3F] : '=');
    }
  }
  return text;
}

std::optional<std::vector<std::uint8_t>> from_base64(std::string_view text) {
  if (text.size() % 4 != 0) return std::nullopt;
  const std::size_t padding = text.ends_with("==") ? 2 : text.ends_with("=") ? 1 : 0;
  std::vector<std::uint8_t> bytes;
  bytes.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    std::uint32_t group = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      const bool pad = i + j >= text.size() - padding;
      const std::size_t digit = pad ? 0 : kBase64Alphabet.find(text[i + j]);
      if (digit == std::string_view::npos) return std::nullopt;
      group = (group << 6) | static_cast<std::uint32_t>(digit);
    }
    const std::size_t count = i + 4 == text.size() ? 3 - padding : 3;
    for (std::size_t j = 0; j < count; ++j) {
      bytes.push_back(static_cast<std::uint8_t>(group >> (16 - 8 * j)));
    }
  }
  return bytes;
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
  std::string text;
  for (const std::uint8_t byte : bytes) {
    text.push_back(kHexDigits[byte >> 4]);
    text.push_back(kHexDigits[byte & 0x0F]);
  }
  return text;
}

bool from_hex(std::string_view text, std::span<std::uint8_t> out) {
  if (text.size() != out.size() * 2) return false;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto [end, error] =
        std::from_chars(text.data() + 2 * i, text.data() + 2 * i + 2, out[i], 16);
    if (error != std::errc() || end != text.data() + 2 * i + 2) return false;
  }
  return true;
}

// The length of the well-formed UTF-8 sequence at the start of text (RFC 3629), or 0.
std::size_t utf8_sequence_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong
    if (lead == 0xED) high = 0x9F;  // surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // overlong
    if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  }
  return length;
}

std::string valid_utf8(std::string_view text) {
  std::string result;
  result.reserve(text.size());
  while (!text.empty()) {
    const std::size_t length = utf8_sequence_length(text);
    if (length == 0) {
      result += kReplacementCharacter;
      text.remove_prefix(1);
    } else {
      result += text.substr(0, length);
      text.remove_prefix(length);
    }
  }
  return result;
}

// Relaxed Extended JSON shows dates in years 1970 to 9999 as ISO-8601 text.
constexpr std::int64_t kLastIsoMillisecond = 253402300799999;  // 9999-12-31T23:59:59.999Z
constexpr std::int64_t kMillisecondsPerDay = 86400000;

std::string to_iso8601(std::int64_t milliseconds) {
  const std::chrono::year_month_day date{
      std::chrono::sys_days{std::chrono::days{milliseconds / kMillisecondsPerDay}}};
  const std::int64_t in_day = milliseconds % kMillisecondsPerDay;
  char text[32];
  const int length =
      std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d",
                    static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                    static_cast<unsigned>(date.day()), static_cast<int>(in_day / 3600000),
                    static_cast<int>(in_day / 60000 % 60), static_cast<int>(in_day / 1000 % 60));
  std::string iso(text, static_cast<std::size_t>(length));
  if (in_day % 1000 != 0) {
    std::snprintf(text, sizeof text, ".%03d", static_cast<int>(in_day % 1000));
    iso += text;
  }
  return iso + "Z";
}

// "YYYY-MM-DDTHH:MM:SS[.fraction]Z", the form to_iso8601 writes.
std::optional<std::int64_t> parse_iso8601(std::string_view text) {
  int year = 0;
  unsigned month = 0, day = 0;
  int hour = 0, minute = 0, second = 0;
  const auto number = [&](std::size_t at, std::size_t width, auto& value) {
    if (text.size() < at + width || text[at] < '0' || text[at] > '9') return false;
    const auto [end, error] = std::from_chars(text.data() + at, text.data() + at + width, value);
    return error == std::errc() && end == text.data() + at + width;
  };
  const auto separator = [&](std::size_t at, char expected) {
    return text.size() > at && text[at] == expected;
  };
  if (!number(0, 4, year) || !separator(4, '-') || !number(5, 2, month) || !separator(7, '-') ||
      !number(8, 2, day) || !separator(10, 'T') || !number(11, 2, hour) || !separator(13, ':') ||
      !number(14, 2, minute) || !separator(16, ':') || !number(17, 2, second) || hour > 23 ||
      minute > 59 || second > 59) {
    return std::nullopt;
  }
  const std::chrono::year_month_day date{std::chrono::year{year}, std::chrono::month{month},
                                         std::chrono::day{day}};
  if (!date.ok()) return std::nullopt;
  std::int64_t millisecond = 0;
  std::size_t at = 19;
  if (separator(at, '.')) {
    std::size_t digits = 0;
    for (++at; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at, ++digits) {
      if (digits < 3) millisecond = millisecond * 10 + (text[at] - '0');
    }
    if (digits == 0) return std::nullopt;
    for (; digits < 3; ++digits) millisecond *= 10;
  }
  if (text.substr(at) != "Z") return std::nullopt;
  const std::int64_t days_since_epoch = std::chrono::sys_days{date}.time_since_epoch().count();
  return days_since_epoch * kMillisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1000 +
         millisecond;
}

// ---------------------------------------------------------------------------------------------
// Relaxed Extended JSON output.

struct RelaxedJson {
  nlohmann::json operator()(double value) const {
    if (std::isfinite(value)) return value;
    return {{"$numberDouble", std::isnan(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity"}};
  }
  nlohmann::json operator()(const std::string& value) const { return valid_utf8(value); }
  nlohmann::json operator()(const Document& value) const { return to_json(value); }
  nlohmann::json operator()(const Array& value) const {
    nlohmann::json array = nlohmann::json::array();
    for (const Value& element : value) array.push_back(to_json(element));
    return array;
  }
  nlohmann::json operator()(const Binary& value) const {
    return {
        {"$binary",
         {{"base64", to_base64(value.bytes)}, {"subType", to_hex(std::span(&value.subtype, 1))}}}};
  }
  nlohmann::json operator()(Undefined) const { return {{"$undefined", true}}; }
  nlohmann::json operator()(const ObjectId& value) const { return {{"$oid", to_hex(value.bytes)}}; }
  nlohmann::json operator()(bool value) const { return value; }
  nlohmann::json operator()(const DateTime& value) const {
    const std::int64_t milliseconds = value.milliseconds_since_epoch;
    if (milliseconds >= 0 && milliseconds <= kLastIsoMillisecond) {
      return {{"$date", to_iso8601(milliseconds)}};
    }
    return {{"$date", {{"$numberLong", std::to_string(milliseconds)}}}};
  }
  nlohmann::json operator()(Null) const { return nullptr; }
  nlohmann::json operator()(const Regex& value) const {
    return {{"$regularExpression",
             {{"pattern", valid_utf8(value.pattern)}, {"options", valid_utf8(value.options)}}}};
  }
  nlohmann::json operator()(const DBPointer& value) const {
    return {{"$dbPointer", {{"$ref", valid_utf8(value.ref)}, {"$id", (*this)(value.id)}}}};
  }
  nlohmann::json operator()(const JavaScript& value) const {
    return {{"$code", valid_utf8(value.code)}};
  }
  nlohmann::json operator()(const Symbol& value) const {
    return {{"$symbol", valid_utf8(value.value)}};
  }
  nlohmann::json operator()(const JavaScriptWithScope& value) const {
    return {{"$code", valid_utf8(value.code)}, {"$scope", to_json(value.scope)}};
  }
  nlohmann::json operator()(std::int32_t value) const { return value; }
  nlohmann::json operator()(const Timestamp& value) const {
    return {{"$timestamp", {{"t", value.t}, {"i", value.i}}}};
  }
  nlohmann::json operator()(std::int64_t value) const { return value; }
  nlohmann::json operator()(const Decimal128& value) const {
    return {{"$numberDecimal", to_string(value)}};
  }
  nlohmann::json operator()(MinKey) const { return {{"$minKey", 1}}; }
  nlohmann::json operator()(MaxKey) const { return {{"$maxKey", 1}}; }
};

// ---------------------------------------------------------------------------------------------
// Extended JSON input.

Error extjson_error(std::string message) {
  return {ErrorCode::protocol, "extended-json", std::move(message)};
}

template <class Integer>
std::optional<Integer> parse_integer(const std::string& text) {
  Integer value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> parse_double(const std::string& text) {
  if (text == "Infinity") return std::numeric_limits<double>::infinity();
  if (text == "-Infinity") return -std::numeric_limits<double>::infinity();
  if (text == "NaN") return std::numeric_limits<double>::quiet_NaN();
  return parse_integer<double>(text);
}

// The keys that make a JSON object a type wrapper rather than a document.
constexpr std::array<std::string_view, 16> kWrapperKeys = {
    "$oid",    "$symbol", "$numberInt", "$numberLong", "$numberDouble",      "$numberDecimal",
    "$binary", "$code",   "$scope",     "$timestamp",  "$regularExpression", "$dbPointer",
    "$date",   "$minKey", "$maxKey",    "$undefined"};

template <class Json>
class ExtendedJsonReader {
 public:
  Result<Document> document(const Json& object) const {
    Document document;
    for (const auto& [key, json] : object.items()) {
      Result<Value> value = this->value(json);
      if (!value) return value.error();
      document.append(key, std::move(value).value());
    }
    return document;
  }

  Result<Value> value(const Json& json) const {
    switch (json.type()) {
      case nlohmann::json::value_t::null:
        return Value(Null{});
      case nlohmann::json::value_t::boolean:
        return Value(json.template get<bool>());
      case nlohmann::json::value_t::string:
        return Value(json.template get<std::string>());
      case nlohmann::json::value_t::number_float:
        return Value(json.template get<double>());
      case nlohmann::json::value_t::number_integer:
      case nlohmann::json::value_t::number_unsigned:
        return integer(json);
      case nlohmann::json::value_t::array:
        return array(json);
      case nlohmann::json::value_t::object:
        return object(json);
      default:
        return extjson_error("unsupported JSON value " + json.dump());
    }
  }

 private:
  // Relaxed integers: int32 when the value fits, else int64.
  static Result<Value> integer(const Json& json) {
    if (json.is_number_unsigned() &&
        json.template get<std::uint64_t>() >
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return extjson_error("integer " + json.dump() + " does not fit in int64");
    }
    const auto number = json.template get<std::int64_t>();
    if (number >= std::numeric_limits<std::int32_t>::min() &&
        number <= std::numeric_limits<std::int32_t>::max()) {
      return Value(static_cast<std::int32_t>(number));
    }
    return Value(number);
  }

  Result<Value> array(const Json& json) const {
    Array array;
    for (const Json& element : json) {
      Result<Value> value = this->value(element);
      if (!value) return value.error();
      array.push_back(std::move(value).value());
    }
    return Value(std::move(array));
  }

  Result<Value> object(const Json& json) const {
    const auto wrapper = std::find_if(kWrapperKeys.begin(), kWrapperKeys.end(),
                                      [&](std::string_view key) { return json.contains(key); });
    if (wrapper == kWrapperKeys.end()) {
      Result<Document> document = this->document(json);
      if (!document) return document.error();
      return Value(std::move(document).value());
    }
    if (*wrapper == "$code" || *wrapper == "$scope") return code(json);
    if (json.size() != 1) return malformed(*wrapper, json);
    const Json& content = json.begin().value();
    std::optional<Value> value = wrapped(*wrapper, content);
    if (!value) return malformed(*wrapper, json);
    return std::move(*value);
  }

  static Error malformed(std::string_view wrapper, const Json& json) {
    return extjson_error("malformed " + std::string(wrapper) + " value " + json.dump());
  }

  Result<Value> code(const Json& json) const {
    const auto code = json.find("$code");
    if (code == json.end() || !code->is_string()) return malformed("$code", json);
    if (json.size() == 1) return Value(JavaScript{code->template get<std::string>()});
    const auto scope = json.find("$scope");
    if (json.size() != 2 || scope == json.end() || !scope->is_object()) {
      return malformed("$code", json);
    }
    Result<Document> document = this->document(*scope);
    if (!document) return document.error();
    return Value(
        JavaScriptWithScope{code->template get<std::string>(), std::move(document).value()});
  }

  static std::optional<std::string> string_member(const Json& json, std::string_view key) {
    const auto member = json.find(key);
    if (member == json.end() || !member->is_string()) return std::nullopt;
    return member->template get<std::string>();
  }

  static std::optional<std::uint32_t> uint32_member(const Json& json, std::string_view key) {
    const auto member = json.find(key);
    if (member == json.end() || !member->is_number_integer()) return std::nullopt;
    const bool in_range =
        member->is_number_unsigned()
            ? member->template get<std::uint64_t>() <= std::numeric_limits<std::uint32_t>::max()
            : member->template get<std::int64_t>() >= 0 &&
                  member->template get<std::int64_t>() <= std::numeric_limits<std::uint32_t>::max();
    if (!in_range) return std::nullopt;
    return member->template get<std::uint32_t>();
  }

  static std::optional<ObjectId> object_id(const Json& json) {
    ObjectId id;
    if (!json.is_string() || !from_hex(json.template get<std::string>(), id.bytes)) {
      return std::nullopt;
    }
    return id;
  }

  // The value of a single-key wrapper {"$key": content}, or nullopt when content is malformed.
  std::optional<Value> wrapped(std::string_view key, const Json& content) const {
    const std::optional<std::string> text =
        content.is_string() ? std::optional(content.template get<std::string>()) : std::nullopt;
    if (key == "$oid") return object_id(content);
    if (key == "$symbol" && text) return Symbol{*text};
    if (key == "$numberInt" && text) return parse_integer<std::int32_t>(*text);
    if (key == "$numberLong" && text) return parse_integer<std::int64_t>(*text);
    if (key == "$numberDouble" && text) return parse_double(*text);
    if (key == "$numberDecimal" && text) return parse_decimal128(*text);
    if (key == "$date") return date(content);
    if (key == "$minKey" && content == 1) return MinKey{};
    if (key == "$maxKey" && content == 1) return MaxKey{};
    if (key == "$undefined" && content == true) return Undefined{};
    if (!content.is_object()) return std::nullopt;
    if (key == "$binary") return binary(content);
    if (key == "$timestamp") return timestamp(content);
    if (key == "$regularExpression") return regex(content);
    if (key == "$dbPointer") return db_pointer(content);
    return std::nullopt;
  }

  static std::optional<Value> date(const Json& content) {
    if (content.is_string()) {
      const auto milliseconds = parse_iso8601(content.template get<std::string>());
      if (milliseconds) return DateTime{*milliseconds};
      return std::nullopt;
    }
    if (!content.is_object() || content.size() != 1) return std::nullopt;
    const auto text = string_member(content, "$numberLong");
    const auto milliseconds = text ? parse_integer<std::int64_t>(*text) : std::nullopt;
    if (milliseconds) return DateTime{*milliseconds};
    return std::nullopt;
  }

  static std::optional<Value> binary(const Json& content) {
    const auto base64 = string_member(content, "base64");
    const auto subtype_text = string_member(content, "subType");
    if (content.size() != 2 || !base64 || !subtype_text || subtype_text->empty() ||
        subtype_text->size() > 2) {
      return std::nullopt;
    }
    auto bytes = from_base64(*base64);
    const auto subtype = parse_hex_byte(*subtype_text);
    if (!bytes || !subtype) return std::nullopt;
    return Binary{*subtype, std::move(*bytes)};
  }

  static std::optional<std::uint8_t> parse_hex_byte(const std::string& text) {
    std::uint8_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
  }

  static std::optional<Value> timestamp(const Json& content) {
    const auto t = uint32_member(content, "t");
    const auto i = uint32_member(content, "i");
    if (content.size() != 2 || !t || !i) return std::nullopt;
    return Timestamp{*t, *i};
  }

  static std::optional<Value> regex(const Json& content) {
    auto pattern = string_member(content, "pattern");
    auto options = string_member(content, "options");
    if (content.size() != 2 || !pattern || !options) return std::nullopt;
    return Regex{std::move(*pattern), std::move(*options)};
  }

  static std::optional<Value> db_pointer(const Json& content) {
    auto ref = string_member(content, "$ref");
    const auto id = content.find("$id");
    if (content.size() != 2 || !ref || id == content.end() || !id->is_object() || id->size() != 1 ||
        !id->contains("$oid")) {
      return std::nullopt;
    }
    const auto object = object_id(id->at("$oid"));
    if (!object) return std::nullopt;
    return DBPointer{std::move(*ref), *object};
  }
};

template <class Json>
Result<Document> read_extended_json(const Json& json) {
  if (!json.is_object()) return extjson_error("a document must be a JSON object");
  return ExtendedJsonReader<Json>().document(json);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Document and Value.

Document::Document(std::initializer_list<Field> fields) : fields_(fields) {}

void Document::append(std::string key, Value value) {
  fields_.emplace_back(std::move(key), std::move(value));
}

void Document::shrink_to_fit() { fields_.shrink_to_fit(); }

const Value* Document::find(std::string_view key) const {
  const auto field =
      std::find_if(fields_.begin(), fields_.end(), [&](const Field& f) { return f.first == key; });
  return field == fields_.end() ? nullptr : &field->second;
}

namespace {

template <class T>
std::optional<T> get_as(const Document& document, std::string_view key) {
  const Value* value = document.find(key);
  const T* typed = value ? value->get_if<T>() : nullptr;
  if (!typed) return std::nullopt;
  return *typed;
}

}  // namespace

std::optional<std::string> Document::get_string(std::string_view key) const {
  return get_as<std::string>(*this, key);
}

std::optional<bool> Document::get_bool(std::string_view key) const {
  return get_as<bool>(*this, key);
}

std::optional<Document> Document::get_document(std::string_view key) const {
  return get_as<Document>(*this, key);
}

std::optional<Array> Document::get_array(std::string_view key) const {
  return get_as<Array>(*this, key);
}

std::optional<double> Document::get_number(std::string_view key) const {
  const Value* value = find(key);
  if (!value) return std::nullopt;
  if (const auto* number = value->get_if<double>()) return *number;
  if (const auto* number = value->get_if<std::int32_t>()) return *number;
  if (const auto* number = value->get_if<std::int64_t>()) return static_cast<double>(*number);
  return std::nullopt;
}

std::optional<std::int64_t> Document::get_int64(std::string_view key) const {
  const Value* value = find(key);
  if (!value) return std::nullopt;
  if (const auto* number = value->get_if<std::int32_t>()) return *number;
  if (const auto* number = value->get_if<std::int64_t>()) return *number;
  if (const auto* number = value->get_if<double>()) return whole_int64(*number);
  if (const auto* number = value->get_if<Decimal128>()) return whole_int64(*number);
  return std::nullopt;
}

bool Document::operator==(const Document& other) const { return fields_ == other.fields_; }

Type Value::type() const {
  // Indexed like Value::Variant, whose alternatives follow the type bytes.
  static constexpr std::array<Type, std::variant_size_v<Variant>> kTypes = {
      Type::number_double,  Type::string,    Type::document,
      Type::array,          Type::binary,    Type::undefined,
      Type::object_id,      Type::boolean,   Type::date_time,
      Type::null,           Type::regex,     Type::db_pointer,
      Type::javascript,     Type::symbol,    Type::javascript_with_scope,
      Type::number_int,     Type::timestamp, Type::number_long,
      Type::number_decimal, Type::min_key,   Type::max_key};
  return kTypes[variant_.index()];
}

// ---------------------------------------------------------------------------------------------
// Decimal128 text.

std::string to_string(const Decimal128& value) {
  const std::uint64_t high = load_le(std::span(value.bytes).last<8>());
  const std::string sign = (high & kDecimalSignBit) ? "-" : "";
  const auto combination = static_cast<unsigned>((high >> 58) & 0x1F);
  if (combination == 0x1F) return "NaN";
  if (combination == 0x1E) return sign + "Infinity";

  const DecimalParts parts = *decimal_parts(value);
  const int exponent = parts.exponent;
  const std::string digits = decimal_digits(parts.coefficient);
  const int adjusted_exponent = exponent + static_cast<int>(digits.size()) - 1;

  if (exponent > 0 || adjusted_exponent < -6) {
    std::string text = sign + digits.substr(0, 1);
    if (digits.size() > 1) text += "." + digits.substr(1);
    return text + "E" + (adjusted_exponent >= 0 ? "+" : "") + std::to_string(adjusted_exponent);
  }
  if (exponent == 0) return sign + digits;
  const int point = static_cast<int>(digits.size()) + exponent;
  if (point > 0) {
    const auto split = static_cast<std::size_t>(point);
    return sign + digits.substr(0, split) + "." + digits.substr(split);
  }
  return sign + "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
}

std::optional<Decimal128> parse_decimal128(std::string_view text) {
  const bool negative = text.starts_with('-');
  if (negative || text.starts_with('+')) text.remove_prefix(1);
  const std::uint64_t sign = negative ? kDecimalSignBit : 0;
  if (equals_ignoring_case(text, "nan")) return make_decimal(sign | kDecimalNaN, 0);
  if (equals_ignoring_case(text, "inf") || equals_ignoring_case(text, "infinity")) {
    return make_decimal(sign | kDecimalInfinity, 0);
  }

  std::string digits;
  std::int64_t exponent = 0;
  bool point = false;
  std::size_t at = 0;
  for (; at < text.size(); ++at) {
    const char c = text[at];
    if (c == '.' && !point) {
      point = true;
    } else if (c >= '0' && c <= '9') {
      if (!digits.empty() || c != '0') digits.push_back(c);  // leading zeros carry no digit
      if (point) --exponent;
    } else {
      break;
    }
  }
  const bool any_digit = at > (point ? 1u : 0u);
  if (!any_digit) return std::nullopt;
  if (at < text.size()) {
    if (text[at] != 'e' && text[at] != 'E') return std::nullopt;
    std::string_view written = text.substr(at + 1);
    if (written.starts_with('+')) written.remove_prefix(1);
    std::int64_t value = 0;
    const auto [end, error] =
        std::from_chars(written.data(), written.data() + written.size(), value);
    if (error != std::errc() || end != written.data() + written.size() || written.empty() ||
        std::abs(value) > 1'000'000'000) {
      return std::nullopt;
    }
    exponent += value;
  }

  // Exact adjustments only: trailing zeros move into the exponent and back.
  while (digits.size() > kDecimalMaxDigits && digits.back() == '0') {
    digits.pop_back();
    ++exponent;
  }
  if (digits.empty()) {
    exponent = std::clamp(exponent, kDecimalMinExponent, kDecimalMaxExponent);
  }
  while (exponent > kDecimalMaxExponent && digits.size() < kDecimalMaxDigits) {
    digits.push_back('0');
    --exponent;
  }
  while (exponent < kDecimalMinExponent && !digits.empty() && digits.back() == '0') {
    digits.pop_back();
    ++exponent;
  }
  if (digits.size() > kDecimalMaxDigits || exponent > kDecimalMaxExponent ||
      exponent < kDecimalMinExponent) {
    return std::nullopt;
  }
  Uint128 coefficient = 0;
  for (const char digit : digits)
    coefficient = coefficient * 10 + static_cast<unsigned>(digit - '0');
  const auto biased_exponent = static_cast<std::uint64_t>(exponent + kDecimalExponentBias);
  return make_decimal(
      sign | (biased_exponent << 49) | static_cast<std::uint64_t>(coefficient >> 64),
      static_cast<std::uint64_t>(coefficient));
}

// ---------------------------------------------------------------------------------------------
// Public codec entry points.

Result<Document> decode_document(std::span<const std::uint8_t> bytes, int max_depth) {
  return Decoder(bytes, max_depth).decode();
}

std::vector<std::uint8_t> encode_document(const Document& document) {
  std::vector<std::uint8_t> out;
  append_document(out, document);
  return out;
}

nlohmann::json to_json(const Document& document) {
  nlohmann::json object = nlohmann::json::object();
  for (const auto& [key, value] : document) object.emplace(valid_utf8(key), to_json(value));
  return object;
}

nlohmann::json to_json(const Value& value) { return std::visit(RelaxedJson{}, value.variant()); }

Result<Document> from_extended_json(const nlohmann::json& json) { return read_extended_json(json); }

Result<Document> from_extended_json(const nlohmann::ordered_json& json) {
  return read_extended_json(json);
}

}  // namespace mongoscan::bson
