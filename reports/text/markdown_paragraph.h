#pragma once
// Markdown prose wrapped at a column, so that generated Markdown reads in a terminal as it renders.

#include <cstddef>
#include <string>
#include <string_view>

namespace mongoscan {

// `text` (one paragraph, words separated by spaces) as lines of at most `width` code points,
// broken between words: the first line starts with `first_prefix`, the others with `next_prefix`.
// A word longer than a line stands alone; a word that would open a line as a block of its own (a
// list marker, '#', '>', '|', a number ending in '.' or ')') stays on the line before. The lines
// end with '\n'.
std::string wrap_markdown(std::string_view text, std::size_t width,
                          std::string_view first_prefix = "", std::string_view next_prefix = "");

}  // namespace mongoscan
