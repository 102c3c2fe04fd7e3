#pragma once
// Which of a few words occur in a text, in one pass over it. The infrastructure prefilters ask
// this of every YAML and JSON file a config scan reads; one pass costs a fraction of one memmem
// per word.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

class WordSearch {
 public:
  // At most 64 words, none shorter than 2 bytes; bit i of found() stands for the i-th word.
  // `vectors`: found() uses the AVX2 prefilter where the CPU runs it; a test turns it off to check
  // the byte-by-byte path, which other CPUs run.
  explicit WordSearch(std::initializer_list<std::string_view> words, bool vectors = true);

  // The words that occur in `text`, case-sensitively, as a bit mask.
  std::uint64_t found(std::string_view text) const;

 private:
  // A word and where in it the byte pair that selects it sits.
  struct Candidate {
    std::uint16_t pair;
    std::uint8_t word;
    std::uint8_t offset;
  };

  // Adds to `found` the words whose selecting pair starts at `at` in text.
  void check_pair_at(std::string_view text, std::size_t at, std::uint64_t& found) const;

  bool vectors_;
  std::vector<std::string> words_;
  std::vector<Candidate> candidates_;        // by pair
  std::array<std::uint64_t, 1024> pairs_{};  // bit per byte pair some word is selected by
  // The vector prefilter's tables (Hyperscan's "Teddy"): the selecting pairs fall in eight
  // buckets; entry n of a table has bit b set when a pair of bucket b has n as the low (high)
  // nibble of its first (second) byte. Laid out first_low, first_high, second_low, second_high.
  std::array<std::array<std::uint8_t, 16>, 4> nibble_buckets_{};
  std::array<std::uint64_t, 8> bucket_words_{};  // the words each bucket's pairs select
};

}  // namespace mongoscan
