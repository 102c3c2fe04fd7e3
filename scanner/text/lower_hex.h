#pragma once
// Bytes as lower-case hexadecimal, two digits a byte: digests, signatures, random nonces.

#include <string>
#include <string_view>

namespace mongoscan {

inline std::string lower_hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(bytes.size() * 2);
  for (const unsigned char byte : bytes) {
    text.push_back(kDigits[byte >> 4]);
    text.push_back(kDigits[byte & 0x0f]);
  }
  return text;
}

}  // namespace mongoscan
