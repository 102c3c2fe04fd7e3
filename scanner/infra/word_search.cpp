#include "scanner/infra/word_search.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace mongoscan {
namespace {

std::uint16_t pair_at(const unsigned char* at) {
  return static_cast<std::uint16_t>(at[0] | (at[1] << 8));
}

bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }

// How often a byte pair is met in source and config text, roughly: two lower-case letters are
// everywhere, a lower-case letter before a capital (a camelCase joint) is rare, anything else lies
// between.
int commonness(unsigned char first, unsigned char second) {
  if (is_lower(first) && is_upper(second)) return 0;
  if (is_lower(first) && is_lower(second)) return 2;
  return 1;
}

}  // namespace

WordSearch::WordSearch(std::initializer_list<std::string_view> words) {
  if (words.size() > 64) throw std::invalid_argument("WordSearch: more than 64 words");
  for (const std::string_view word : words) {
    if (word.size() < 2 || word.size() > 255) throw std::invalid_argument("WordSearch: word size");
    const auto* bytes = reinterpret_cast<const unsigned char*>(word.data());
    std::size_t best = 0;
    for (std::size_t at = 1; at + 1 < word.size(); ++at) {
      if (commonness(bytes[at], bytes[at + 1]) < commonness(bytes[best], bytes[best + 1]))
        best = at;
    }
    const std::uint16_t pair = pair_at(bytes + best);
    candidates_.push_back(
        {pair, static_cast<std::uint8_t>(words_.size()), static_cast<std::uint8_t>(best)});
    pairs_[pair >> 6] |= std::uint64_t{1} << (pair & 63);
    words_.emplace_back(word);
  }
  std::stable_sort(candidates_.begin(), candidates_.end(),
                   [](const Candidate& a, const Candidate& b) { return a.pair < b.pair; });
}

std::uint64_t WordSearch::found(std::string_view text) const {
  std::uint64_t found = 0;
  const std::uint64_t all =
      words_.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << words_.size()) - 1;
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t at = 0; at + 1 < text.size(); ++at) {
    const std::uint16_t pair = pair_at(bytes + at);
    if ((pairs_[pair >> 6] >> (pair & 63) & 1) == 0) continue;
    auto candidate = std::lower_bound(
        candidates_.begin(), candidates_.end(), pair,
        [](const Candidate& entry, std::uint16_t wanted) { return entry.pair < wanted; });
    for (; candidate != candidates_.end() && candidate->pair == pair; ++candidate) {
      const std::string& word = words_[candidate->word];
      if (at < candidate->offset) continue;
      const std::size_t start = at - candidate->offset;
      if (start + word.size() <= text.size() &&
          std::memcmp(bytes + start, word.data(), word.size()) == 0)
        found |= std::uint64_t{1} << candidate->word;
    }
    if (found == all) break;
  }
  return found;
}

}  // namespace mongoscan
