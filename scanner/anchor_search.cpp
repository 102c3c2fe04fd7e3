#include "scanner/anchor_search.h"

#include <array>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace mongoscan {
namespace {

struct AnchorWord {
  Anchor anchor;
  std::string_view word;
};

constexpr std::array<AnchorWord, 5> kAnchors{{{Anchor::mongo, "mongo"},
                                              {Anchor::pass, "pass"},
                                              {Anchor::pwd, "pwd"},
                                              {Anchor::secret, "secret"},
                                              {Anchor::credential, "credential"}}};

// ASCII lower case of a byte that is compared with a lower-case letter: setting bit 5 maps exactly
// 'A'-'Z' onto 'a'-'z' and never makes another byte equal to a letter.
inline unsigned char folded(char c) { return static_cast<unsigned char>(c) | 0x20; }

bool word_at(std::string_view text, std::size_t offset, std::string_view word) {
  if (text.size() - offset < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (folded(text[offset + i]) != static_cast<unsigned char>(word[i])) return false;
  }
  return true;
}

// The anchor whose word starts at offset, if any.
const AnchorWord* anchor_at(std::string_view text, std::size_t offset) {
  for (const AnchorWord& anchor : kAnchors) {
    if (word_at(text, offset, anchor.word)) return &anchor;
  }
  return nullptr;
}

// Candidates are positions whose first three letters begin an anchor word (mon, pas, pwd, sec,
// cre); each block finder returns them as a bit mask over `width` positions starting at p.
#if defined(__x86_64__)
#define MONGOSCAN_AVX2 __attribute__((target("avx2")))

MONGOSCAN_AVX2 inline __m256i folded_avx2(const char* p) {
  return _mm256_or_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
                         _mm256_set1_epi8(0x20));
}
MONGOSCAN_AVX2 inline __m256i is_avx2(__m256i v, char c) {
  return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c));
}
MONGOSCAN_AVX2 inline __m256i both_avx2(__m256i a, __m256i b) { return _mm256_and_si256(a, b); }

MONGOSCAN_AVX2 std::uint32_t candidates_avx2(const char* p) {
  const __m256i c0 = folded_avx2(p);
  const __m256i c1 = folded_avx2(p + 1);
  const __m256i c2 = folded_avx2(p + 2);
  const __m256i mon = both_avx2(both_avx2(is_avx2(c0, 'm'), is_avx2(c1, 'o')), is_avx2(c2, 'n'));
  const __m256i pas_pwd =
      both_avx2(is_avx2(c0, 'p'), _mm256_or_si256(both_avx2(is_avx2(c1, 'a'), is_avx2(c2, 's')),
                                                  both_avx2(is_avx2(c1, 'w'), is_avx2(c2, 'd'))));
  const __m256i sec = both_avx2(both_avx2(is_avx2(c0, 's'), is_avx2(c1, 'e')), is_avx2(c2, 'c'));
  const __m256i cre = both_avx2(both_avx2(is_avx2(c0, 'c'), is_avx2(c1, 'r')), is_avx2(c2, 'e'));
  const __m256i any = _mm256_or_si256(_mm256_or_si256(mon, pas_pwd), _mm256_or_si256(sec, cre));
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(any));
}

std::uint32_t candidates_sse2(const char* p) {
  const __m128i bit5 = _mm_set1_epi8(0x20);
  const __m128i c0 = _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), bit5);
  const __m128i c1 = _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1)), bit5);
  const __m128i c2 = _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 2)), bit5);
  auto is = [](__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  auto both = [](__m128i a, __m128i b) { return _mm_and_si128(a, b); };
  const __m128i mon = both(both(is(c0, 'm'), is(c1, 'o')), is(c2, 'n'));
  const __m128i pas_pwd = both(
      is(c0, 'p'), _mm_or_si128(both(is(c1, 'a'), is(c2, 's')), both(is(c1, 'w'), is(c2, 'd'))));
  const __m128i sec = both(both(is(c0, 's'), is(c1, 'e')), is(c2, 'c'));
  const __m128i cre = both(both(is(c0, 'c'), is(c1, 'r')), is(c2, 'e'));
  const __m128i any = _mm_or_si128(_mm_or_si128(mon, pas_pwd), _mm_or_si128(sec, cre));
  return static_cast<std::uint32_t>(_mm_movemask_epi8(any));
}

struct BlockFinder {
  std::uint32_t (*candidates)(const char*);
  std::size_t width;
};

BlockFinder block_finder() {
  static const BlockFinder finder = __builtin_cpu_supports("avx2")
                                        ? BlockFinder{candidates_avx2, 32}
                                        : BlockFinder{candidates_sse2, 16};
  return finder;
}
#endif

}  // namespace

std::string_view anchor_word(Anchor anchor) {
  for (const AnchorWord& word : kAnchors) {
    if (word.anchor == anchor) return word.word;
  }
  return {};
}

AnchorHit find_anchor(std::string_view text, std::size_t from) {
  std::size_t offset = from;
#if defined(__x86_64__)
  const BlockFinder finder = block_finder();
  // A block reads width + 2 bytes.
  while (text.size() >= finder.width + 2 && offset <= text.size() - finder.width - 2) {
    std::uint32_t mask = finder.candidates(text.data() + offset);
    while (mask != 0) {
      const std::size_t at = offset + static_cast<std::size_t>(__builtin_ctz(mask));
      if (const AnchorWord* anchor = anchor_at(text, at)) return {anchor->anchor, at};
      mask &= mask - 1;
    }
    offset += finder.width;
  }
#endif
  for (; offset < text.size(); ++offset) {
    if (const AnchorWord* anchor = anchor_at(text, offset)) return {anchor->anchor, offset};
  }
  return {Anchor::mongo, kNoAnchor};
}

}  // namespace mongoscan
