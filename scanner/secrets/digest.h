#pragma once
// Short, stable identities of texts that must not be reversible to them.

#include <string>
#include <string_view>

namespace mongoscan {

// The first 128 bits of the text's SHA-256, as 32 lower-case hex digits.
std::string sha256_hex128(std::string_view text);

}  // namespace mongoscan
