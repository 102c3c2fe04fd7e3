#pragma once
// Counts line feeds in a text, vectorised (AVX2 when the CPU has it, else SSE2): the config scan
// numbers the lines of nearly every file it reads, so this runs over most of the bytes.

#include <cstddef>
#include <string_view>

namespace mongoscan {

// How many '\n' bytes `text` holds.
std::size_t count_newlines(std::string_view text);

}  // namespace mongoscan
