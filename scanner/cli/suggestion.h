#pragma once
// "Did you mean": the known name closest to a mistyped one.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

// The candidate within two edits of `word` (insertions, deletions, substitutions, and swaps of
// two neighbours, as in "fromat" for "format"), the closest first, the earliest on a tie; never
// one as far as the word is long. nullopt when none is that close.
std::optional<std::string> closest_name(std::string_view word,
                                        const std::vector<std::string>& candidates);

}  // namespace mongoscan
