#include "scanner/config_scan/config_fingerprint.h"

#include <algorithm>

#include "scanner/secrets/digest.h"
#include "scanner/secrets/secret.h"

namespace mongoscan {
namespace {

constexpr std::size_t kContext = 128;

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

std::string config_fingerprint(std::string_view kind, std::string_view path, std::string_view line,
                               std::size_t secret_offset, std::size_t secret_length) {
  // A secret may run past its first line: only the part on the line is masked.
  secret_offset = std::min(secret_offset, line.size());
  secret_length = std::min(secret_length, line.size() - secret_offset);
  std::string_view before = line.substr(0, secret_offset);
  std::string_view after = line.substr(secret_offset + secret_length);
  if (line.size() > 2 * kContext) {
    if (before.size() > kContext) before = before.substr(before.size() - kContext);
    after = after.substr(0, kContext);
  }
  const std::string masked_line = std::string(before) + kRedacted + std::string(after);
  const std::string identity =
      std::string(kind) + '\0' + std::string(path) + '\0' + std::string(trimmed(masked_line));
  return sha256_hex128(identity);
}

}  // namespace mongoscan
