#include "reports/console_text.h"

#include <optional>

namespace mongoscan {
namespace {

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD
constexpr std::string_view kEllipsis = "\xE2\x80\xA6";              // U+2026

struct CodePoint {
  char32_t value;
  std::size_t length;  // bytes
};

bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// The code point starting at text[0], or nullopt if the bytes there are not valid UTF-8
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
std::optional<CodePoint> decode(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return CodePoint{lead, 1};
  std::size_t length = 0;
  char32_t value = 0;
  unsigned char min_second = 0x80, max_second = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, value = lead & 0x0F;
    if (lead == 0xE0) min_second = 0xA0;
    if (lead == 0xED) max_second = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, value = lead & 0x07;
    if (lead == 0xF0) min_second = 0x90;
    if (lead == 0xF4) max_second = 0x8F;
  } else {
    return std::nullopt;
  }
  if (text.size() < length || byte(1) < min_second || byte(1) > max_second) return std::nullopt;
  for (std::size_t i = 1; i < length; ++i) {
    if (!is_continuation(byte(i))) return std::nullopt;
    value = (value << 6) | (byte(i) & 0x3F);
  }
  return CodePoint{value, length};
}

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

}  // namespace

std::string console_safe(std::string_view text) {
  std::string safe;
  safe.reserve(text.size());
  while (!text.empty()) {
    const std::optional<CodePoint> cp = decode(text);
    if (!cp) {
      safe += kReplacementCharacter;
      text.remove_prefix(1);
      continue;
    }
    if (is_control(cp->value)) {
      safe += ' ';
    } else {
      safe += text.substr(0, cp->length);
    }
    text.remove_prefix(cp->length);
  }
  return safe;
}

std::size_t display_width(std::string_view utf8) {
  std::size_t width = 0;
  for (const char c : utf8) {
    if (!is_continuation(static_cast<unsigned char>(c))) ++width;
  }
  return width;
}

std::string truncate_to_width(std::string_view utf8, std::size_t max_width) {
  if (display_width(utf8) <= max_width) return std::string(utf8);
  if (max_width == 0) return {};
  std::size_t kept = 0, end = 0;
  while (end < utf8.size()) {
    if (!is_continuation(static_cast<unsigned char>(utf8[end])) && kept++ == max_width - 1) break;
    ++end;
  }
  return std::string(utf8.substr(0, end)) + std::string(kEllipsis);
}

}  // namespace mongoscan
