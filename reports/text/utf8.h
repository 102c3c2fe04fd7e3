#pragma once
// UTF-8 decoding for reports that must pass text on in a stricter alphabet (terminals, XML).

#include <cstddef>
#include <optional>
#include <string_view>

namespace mongoscan {

struct CodePoint {
  char32_t value;
  std::size_t length;  // bytes
};

// The code point starting at text[0], or nullopt if text is empty or the bytes there are not
// valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
std::optional<CodePoint> decode_utf8(std::string_view text);

// True for a byte inside a UTF-8 sequence (10xxxxxx), which starts no character.
constexpr bool is_utf8_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// U+FFFD, what reports write in place of bytes that are not valid UTF-8.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

}  // namespace mongoscan
