#include "reports/text/utf8.h"

namespace mongoscan {

std::optional<CodePoint> decode_utf8(std::string_view text) {
  if (text.empty()) return std::nullopt;
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
    if (!is_utf8_continuation(byte(i))) return std::nullopt;
    value = (value << 6) | (byte(i) & 0x3F);
  }
  return CodePoint{value, length};
}

}  // namespace mongoscan
