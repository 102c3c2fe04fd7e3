#include "scanner/secrets/secret.h"

namespace mongoscan {

std::string redact_secret(const Secret& secret) {
  constexpr std::size_t kShortestShown = 8;
  const std::string& value = secret.reveal();
  if (value.size() < kShortestShown) return kRedacted;
  // Two UTF-8 characters: skip continuation bytes (10xxxxxx) after each lead byte.
  std::size_t end = 0;
  for (int characters = 0; characters < 2 && end < value.size(); ++characters) {
    ++end;
    while (end < value.size() && (static_cast<unsigned char>(value[end]) & 0xC0) == 0x80) ++end;
  }
  return value.substr(0, end) + kRedacted;
}

}  // namespace mongoscan
