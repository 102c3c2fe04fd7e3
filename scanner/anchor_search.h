#pragma once
// The config scan's prefilter: finds, case-insensitively, the few words around which a MongoDB
// credential can be written (mongo, pass, pwd, secret, credential). Everything else in a file is
// never looked at twice. Vectorised (AVX2 when the CPU has it); no regular expressions.

#include <cstddef>
#include <string_view>

namespace mongoscan {

enum class Anchor { mongo, pass, pwd, secret, credential };

struct AnchorHit {
  Anchor anchor;
  std::size_t offset;  // where the word starts
};

// The first anchor word starting at or after `from`, or nullopt-like {.., npos} when none.
// Words are matched ASCII case-insensitively and may sit inside longer words (MONGO_PASSWORD).
AnchorHit find_anchor(std::string_view text, std::size_t from);

inline constexpr std::size_t kNoAnchor = std::string_view::npos;

// The anchor's word, lower case: "mongo", "pass", ...
std::string_view anchor_word(Anchor anchor);

}  // namespace mongoscan
