#include "scanner/config_scan/anchor_search.h"

#include <array>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "scanner/text/vector_targets.h"

namespace mongoscan {
namespace {

struct AnchorWord {
  Anchor anchor;
  std::string_view word;
};

// Candidates among the 64 positions from p (reads 66 bytes).
using BlockFinder = std::uint64_t (*)(const char*);

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
  const auto matches = [&](const AnchorWord& anchor) {
    return word_at(text, offset, anchor.word) ? &anchor : nullptr;
  };
  switch (folded(text[offset])) {
    case 'm':
      return matches(kAnchors[0]);
    case 'p':
      if (const AnchorWord* pass = matches(kAnchors[1])) return pass;
      return matches(kAnchors[2]);
    case 's':
      return matches(kAnchors[3]);
    case 'c':
      return matches(kAnchors[4]);
    default:
      return nullptr;
  }
}

// Candidates are positions whose first three letters begin an anchor word (mon, pas, pwd, sec,
// cre); each block finder returns them as a bit mask over `width` positions starting at p.
#if defined(__x86_64__)
MONGOSCAN_AVX2 inline __m256i folded_avx2(const char* p) {
  return _mm256_or_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
                         _mm256_set1_epi8(0x20));
}
MONGOSCAN_AVX2 inline __m256i is_avx2(__m256i v, char c) {
  return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c));
}
MONGOSCAN_AVX2 inline __m256i both_avx2(__m256i a, __m256i b) { return _mm256_and_si256(a, b); }

MONGOSCAN_AVX2 __attribute__((always_inline)) inline std::uint32_t candidates_avx2(const char* p) {
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

__attribute__((always_inline)) inline std::uint32_t candidates_sse2(const char* p) {
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

MONGOSCAN_AVX2 std::uint64_t block_avx2(const char* p) {
  return candidates_avx2(p) | (static_cast<std::uint64_t>(candidates_avx2(p + 32)) << 32);
}

std::uint64_t block_sse2(const char* p) {
  std::uint64_t mask = 0;
  for (int part = 0; part < 4; ++part) {
    mask |= static_cast<std::uint64_t>(candidates_sse2(p + 16 * part)) << (16 * part);
  }
  return mask;
}

// With AVX-512BW a block is one vector, and comparisons give bit masks directly.
MONGOSCAN_AVX512 inline __m512i folded_avx512(const char* p) {
  return _mm512_or_si512(_mm512_loadu_si512(p), _mm512_set1_epi8(0x20));
}
MONGOSCAN_AVX512 inline __mmask64 is_avx512(__m512i v, char c) {
  return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(c));
}
// Compared only where `so_far` is set: the letters before matched.
MONGOSCAN_AVX512 inline __mmask64 then_avx512(__mmask64 so_far, __m512i v, char c) {
  return _mm512_mask_cmpeq_epi8_mask(so_far, v, _mm512_set1_epi8(c));
}

MONGOSCAN_AVX512 std::uint64_t block_avx512(const char* p) {
  const __m512i c0 = folded_avx512(p);
  const __m512i c1 = folded_avx512(p + 1);
  const __m512i c2 = folded_avx512(p + 2);
  const __mmask64 p0 = is_avx512(c0, 'p');
  const __mmask64 mon = then_avx512(then_avx512(is_avx512(c0, 'm'), c1, 'o'), c2, 'n');
  const __mmask64 pas = then_avx512(then_avx512(p0, c1, 'a'), c2, 's');
  const __mmask64 pwd = then_avx512(then_avx512(p0, c1, 'w'), c2, 'd');
  const __mmask64 sec = then_avx512(then_avx512(is_avx512(c0, 's'), c1, 'e'), c2, 'c');
  const __mmask64 cre = then_avx512(then_avx512(is_avx512(c0, 'c'), c1, 'r'), c2, 'e');
  return mon | pas | pwd | sec | cre;
}

BlockFinder block_finder(AnchorVectors vectors) {
  switch (vectors) {
    case AnchorVectors::avx512:
      return block_avx512;
    case AnchorVectors::avx2:
      return block_avx2;
    case AnchorVectors::sse2:
      break;
  }
  return block_sse2;
}
#else
BlockFinder block_finder(AnchorVectors) { return nullptr; }
#endif

constexpr std::size_t kBlock = 64;
constexpr std::size_t kBlockRead = kBlock + 2;

}  // namespace

std::string_view anchor_word(Anchor anchor) {
  for (const AnchorWord& word : kAnchors) {
    if (word.anchor == anchor) return word.word;
  }
  return {};
}

bool cpu_runs(AnchorVectors vectors) {
#if defined(__x86_64__)
  switch (vectors) {
    case AnchorVectors::avx512:
      return __builtin_cpu_supports("avx512bw");
    case AnchorVectors::avx2:
      return __builtin_cpu_supports("avx2");
    case AnchorVectors::sse2:
      return true;
  }
#endif
  return false;
}

AnchorVectors widest_anchor_vectors() {
  static const AnchorVectors widest = cpu_runs(AnchorVectors::avx512) ? AnchorVectors::avx512
                                      : cpu_runs(AnchorVectors::avx2) ? AnchorVectors::avx2
                                                                      : AnchorVectors::sse2;
  return widest;
}

AnchorSearch::AnchorSearch(std::string_view text, AnchorVectors vectors)
    : text_(text), find_block_(block_finder(vectors)) {}

AnchorHit AnchorSearch::next(std::size_t from) {
#if defined(__x86_64__)
  while (text_.size() >= kBlockRead && from <= text_.size() - kBlockRead) {
    if (block_ == std::string_view::npos || from < block_ || from >= block_ + kBlock) {
      block_ = from;
      candidates_ = find_block_(text_.data() + from);
    }
    for (std::uint64_t mask = candidates_ & (~std::uint64_t{0} << (from - block_)); mask != 0;
         mask &= mask - 1) {
      const std::size_t at = block_ + static_cast<std::size_t>(__builtin_ctzll(mask));
      if (const AnchorWord* anchor = anchor_at(text_, at)) return {anchor->anchor, at};
    }
    from = block_ + kBlock;
  }
#endif
  for (; from < text_.size(); ++from) {
    if (const AnchorWord* anchor = anchor_at(text_, from)) return {anchor->anchor, from};
  }
  return {Anchor::mongo, kNoAnchor};
}

}  // namespace mongoscan
