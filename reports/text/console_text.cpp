#include "reports/text/console_text.h"

#include <optional>

#include "reports/text/utf8.h"

namespace mongoscan {
namespace {

constexpr std::string_view kEllipsis = "\xE2\x80\xA6";  // U+2026

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

}  // namespace

std::string console_safe(std::string_view text) {
  std::string safe;
  safe.reserve(text.size());
  while (!text.empty()) {
    const std::optional<CodePoint> cp = decode_utf8(text);
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
    if (!is_utf8_continuation(static_cast<unsigned char>(c))) ++width;
  }
  return width;
}

std::string truncate_to_width(std::string_view utf8, std::size_t max_width) {
  if (display_width(utf8) <= max_width) return std::string(utf8);
  if (max_width == 0) return {};
  std::size_t kept = 0, end = 0;
  while (end < utf8.size()) {
    if (!is_utf8_continuation(static_cast<unsigned char>(utf8[end])) && kept++ == max_width - 1)
      break;
    ++end;
  }
  return std::string(utf8.substr(0, end)) + std::string(kEllipsis);
}

}  // namespace mongoscan
