#pragma once
// The config scan's prefilter: finds, case-insensitively, the few words around which a MongoDB
// credential can be written (mongo, pass, pwd, secret, credential). Everything else in a file is
// never looked at twice. Vectorised (AVX2 when the CPU has it); no regular expressions.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace mongoscan {

enum class Anchor { mongo, pass, pwd, secret, credential };

struct AnchorHit {
  Anchor anchor;
  std::size_t offset;  // where the word starts
};

// The vector instructions that find candidate words (x86-64): the widest the CPU runs, unless a
// test picks narrower ones.
enum class AnchorVectors { sse2, avx2, avx512 };
bool cpu_runs(AnchorVectors vectors);
AnchorVectors widest_anchor_vectors();

// The anchor words of one text, in order. It keeps the candidates of the 64-byte block it looked
// at last, so asking again from an offset inside that block does no new vector work.
class AnchorSearch {
 public:
  explicit AnchorSearch(std::string_view text, AnchorVectors vectors = widest_anchor_vectors());

  // The first anchor word starting at or after `from`, or {.., kNoAnchor} when none. Words are
  // matched ASCII case-insensitively and may sit inside longer words (MONGO_PASSWORD).
  AnchorHit next(std::size_t from);

 private:
  std::string_view text_;
  std::uint64_t (*find_block_)(const char*);    // candidates among 64 positions, reading 66 bytes
  std::size_t block_ = std::string_view::npos;  // where the cached block starts
  std::uint64_t candidates_ = 0;                // bit i: a word may start at block_ + i
};

inline constexpr std::size_t kNoAnchor = std::string_view::npos;

// The anchor's word, lower case: "mongo", "pass", ...
std::string_view anchor_word(Anchor anchor);

}  // namespace mongoscan
