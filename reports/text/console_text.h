#pragma once
// Text bound for a terminal: made safe to print, measured and cut in code points, not bytes.

#include <cstddef>
#include <string>
#include <string_view>

namespace mongoscan {

// The text with every control character (C0, DEL, C1) replaced by a space and every byte that is
// not valid UTF-8 replaced by U+FFFD, so nothing in it can move the cursor or restyle the terminal.
std::string console_safe(std::string_view text);

// The number of code points in valid UTF-8 text (the width a terminal gives it, wide glyphs aside).
std::size_t display_width(std::string_view utf8);

// Valid UTF-8 text cut to at most max_width code points, the last one "…" when anything was cut.
std::string truncate_to_width(std::string_view utf8, std::size_t max_width);

}  // namespace mongoscan
