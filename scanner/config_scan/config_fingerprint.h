#pragma once
// The identity of a config finding that a baseline remembers: stable when lines move, and free of
// the secret (a hash of a short password could be brute-forced from a published baseline).

#include <string>
#include <string_view>

namespace mongoscan {

// Hex SHA-256 (first 128 bits) of the finding's kind, the path and the line's text with the secret
// replaced by "***" and surrounding white space trimmed. Lines longer than 256 bytes contribute
// only the 128 bytes on either side of the secret (minified files).
std::string config_fingerprint(std::string_view kind, std::string_view path, std::string_view line,
                               std::size_t secret_offset, std::size_t secret_length);

}  // namespace mongoscan
