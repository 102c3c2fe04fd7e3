#pragma once
// ASCII case folding for protocol names (option keys, mechanism names, host names).

#include <algorithm>
#include <string>
#include <string_view>

namespace mongoscan {

inline char to_lower_ascii(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

inline std::string to_lower_ascii(std::string_view text) {
  std::string lowered(text);
  std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                 [](char c) { return to_lower_ascii(c); });
  return lowered;
}

// (A plain loop, which the compiler inlines: the config scan compares millions of short words.)
inline bool equals_ignore_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_lower_ascii(a[i]) != to_lower_ascii(b[i])) return false;
  }
  return true;
}

// Whether `text` starts with `prefix`, in any case.
inline bool starts_with_ignore_case(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && equals_ignore_case(text.substr(0, prefix.size()), prefix);
}

// Whether `text` holds `lower_word` (lower case) in any case.
inline bool contains_ignore_case(std::string_view text, std::string_view lower_word) {
  return std::search(text.begin(), text.end(), lower_word.begin(), lower_word.end(),
                     [](char x, char y) { return to_lower_ascii(x) == y; }) != text.end();
}

}  // namespace mongoscan
