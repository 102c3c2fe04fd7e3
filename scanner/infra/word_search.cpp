#include "scanner/infra/word_search.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "scanner/text/vector_targets.h"

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

constexpr std::size_t kBuckets = 8;

#if defined(__x86_64__)
constexpr std::size_t kVectorBytes = 32;

// The buckets each of 32 bytes may start (tables 0, 1) or end (tables 2, 3) a pair of.
MONGOSCAN_AVX2 inline __m256i buckets_avx2(__m256i bytes, const std::array<std::uint8_t, 16>& low,
                                           const std::array<std::uint8_t, 16>& high) {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const auto table = [](const std::array<std::uint8_t, 16>& entries) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(entries.data()));
  };
  const __m256i low_table = _mm256_set_m128i(table(low), table(low));
  const __m256i high_table = _mm256_set_m128i(table(high), table(high));
  return _mm256_and_si256(
      _mm256_shuffle_epi8(low_table, _mm256_and_si256(bytes, nibble)),
      _mm256_shuffle_epi8(high_table, _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble)));
}

// Bit i set: a selecting pair of a bucket in `buckets` may start at p + i (reads 33 bytes).
MONGOSCAN_AVX2 std::uint32_t pair_starts_avx2(
    const unsigned char* p, const std::array<std::array<std::uint8_t, 16>, 4>& tables,
    std::uint8_t buckets) {
  const __m256i first = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i second = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1));
  const __m256i both =
      _mm256_and_si256(_mm256_and_si256(buckets_avx2(first, tables[0], tables[1]),
                                        buckets_avx2(second, tables[2], tables[3])),
                       _mm256_set1_epi8(static_cast<char>(buckets)));
  return ~static_cast<std::uint32_t>(
      _mm256_movemask_epi8(_mm256_cmpeq_epi8(both, _mm256_setzero_si256())));
}
#endif

}  // namespace

WordSearch::WordSearch(std::initializer_list<std::string_view> words, bool vectors)
    : vectors_(vectors) {
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
  // Distinct pairs ordered by their second byte, then their first, cut into consecutive buckets:
  // pairs ending alike ("s:", "n:") share a bucket and so add few false starts.
  std::vector<std::uint16_t> pairs;
  for (const Candidate& candidate : candidates_) pairs.push_back(candidate.pair);
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  std::sort(pairs.begin(), pairs.end(), [](std::uint16_t a, std::uint16_t b) {
    return std::pair(a >> 8, a & 0xFF) < std::pair(b >> 8, b & 0xFF);
  });
  const std::size_t per_bucket = (pairs.size() + kBuckets - 1) / kBuckets;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::size_t bucket = i / per_bucket;
    const auto bit = static_cast<std::uint8_t>(1u << bucket);
    for (const Candidate& candidate : candidates_) {
      if (candidate.pair == pairs[i]) bucket_words_[bucket] |= std::uint64_t{1} << candidate.word;
    }
    const unsigned first = pairs[i] & 0xFF;
    const unsigned second = pairs[i] >> 8;
    nibble_buckets_[0][first & 0x0F] |= bit;
    nibble_buckets_[1][first >> 4] |= bit;
    nibble_buckets_[2][second & 0x0F] |= bit;
    nibble_buckets_[3][second >> 4] |= bit;
  }
}

void WordSearch::check_pair_at(std::string_view text, std::size_t at, std::uint64_t& found) const {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const std::uint16_t pair = pair_at(bytes + at);
  if ((pairs_[pair >> 6] >> (pair & 63) & 1) == 0) return;
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
}

std::uint64_t WordSearch::found(std::string_view text) const {
  std::uint64_t found = 0;
  const std::uint64_t all =
      words_.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << words_.size()) - 1;
  std::size_t at = 0;
#if defined(__x86_64__)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (vectors_ && avx2) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    // The buckets with a word not found yet: the pairs of the others are passed over.
    std::uint8_t buckets = 0xFF;
    for (; at + kVectorBytes + 1 <= text.size(); at += kVectorBytes) {
      const std::uint64_t before = found;
      for (std::uint32_t starts = pair_starts_avx2(bytes + at, nibble_buckets_, buckets);
           starts != 0; starts &= starts - 1) {
        check_pair_at(text, at + static_cast<std::size_t>(__builtin_ctz(starts)), found);
      }
      if (found == all) return found;
      if (found != before) {
        for (std::size_t bucket = 0; bucket < kBuckets; ++bucket) {
          if ((bucket_words_[bucket] & ~found) == 0)
            buckets = static_cast<std::uint8_t>(buckets & ~(1u << bucket));
        }
      }
    }
  }
#endif
  for (; at + 1 < text.size() && found != all; ++at) check_pair_at(text, at, found);
  return found;
}

}  // namespace mongoscan
