#pragma once
// Text bound for a terminal: made safe to print, measured and cut in code points, not bytes.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

// The text with every control character (C0, DEL, C1) replaced by a space and every byte that is
// not valid UTF-8 replaced by U+FFFD, so nothing in it can move the cursor or restyle the terminal.
std::string console_safe(std::string_view text);

// The number of code points in valid UTF-8 text (the width a terminal gives it, wide glyphs aside).
std::size_t display_width(std::string_view utf8);

// Valid UTF-8 text cut to at most max_width code points, the last one "…" when anything was cut.
std::string truncate_to_width(std::string_view utf8, std::size_t max_width);

// Valid UTF-8 text in lines of at most max_width code points (one line when max_width is 0),
// broken at the last space that fits (the space dropped), else after the last '/', ',', '&', '?'
// or '@' that fits (paths, URIs), else after the last ':' (host:port), else after max_width code
// points. Every other character is kept, in order.
std::vector<std::string> wrap_to_width(std::string_view utf8, std::size_t max_width);

}  // namespace mongoscan
