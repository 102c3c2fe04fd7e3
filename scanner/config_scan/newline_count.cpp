#include "scanner/config_scan/newline_count.h"

#include <algorithm>
#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "scanner/text/vector_targets.h"

namespace mongoscan {
namespace {

#if defined(__x86_64__)
// Each block adds 1 per '\n' to byte lanes (cmpeq gives -1, subtracted), at most 255 blocks before
// the lanes are summed with SAD, so no lane overflows.
constexpr std::size_t kBlocksPerSum = 255;

MONGOSCAN_AVX2 std::size_t count_newlines_avx2(const char* p, std::size_t size, std::size_t& done) {
  const __m256i newline = _mm256_set1_epi8('\n');
  std::size_t total = 0;
  while (size - done >= 32) {
    const std::size_t blocks = std::min((size - done) / 32, kBlocksPerSum);
    __m256i lanes = _mm256_setzero_si256();
    for (std::size_t block = 0; block < blocks; ++block, done += 32) {
      const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + done));
      lanes = _mm256_sub_epi8(lanes, _mm256_cmpeq_epi8(bytes, newline));
    }
    const __m256i sums = _mm256_sad_epu8(lanes, _mm256_setzero_si256());
    total +=
        static_cast<std::size_t>(_mm256_extract_epi64(sums, 0) + _mm256_extract_epi64(sums, 1) +
                                 _mm256_extract_epi64(sums, 2) + _mm256_extract_epi64(sums, 3));
  }
  return total;
}

std::size_t count_newlines_sse2(const char* p, std::size_t size, std::size_t& done) {
  const __m128i newline = _mm_set1_epi8('\n');
  std::size_t total = 0;
  while (size - done >= 16) {
    const std::size_t blocks = std::min((size - done) / 16, kBlocksPerSum);
    __m128i lanes = _mm_setzero_si128();
    for (std::size_t block = 0; block < blocks; ++block, done += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + done));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(bytes, newline));
    }
    const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    total += static_cast<std::size_t>(_mm_cvtsi128_si64(sums) +
                                      _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
  return total;
}
#endif

}  // namespace

std::size_t count_newlines(std::string_view text) {
  std::size_t done = 0;
  std::size_t total = 0;
#if defined(__x86_64__)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  total = avx2 ? count_newlines_avx2(text.data(), text.size(), done)
               : count_newlines_sse2(text.data(), text.size(), done);
#endif
  return total + static_cast<std::size_t>(std::count(text.begin() + done, text.end(), '\n'));
}

}  // namespace mongoscan
