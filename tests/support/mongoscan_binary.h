#pragma once
// The mongoscan executable the tests run: $MONGOSCAN_BINARY (ctest sets it, to the sanitized build
// for the sanitized test binary), else the release build's.

#include <cstdlib>
#include <filesystem>
#include <string>

namespace mongoscan::testing_support {

inline std::string mongoscan_binary() {
  const char* configured = std::getenv("MONGOSCAN_BINARY");
  return configured != nullptr && *configured != '\0' ? configured : MONGOSCAN_DEFAULT_BINARY;
}

// Whether the tests run the release build. Memory bounds hold for it alone: the sanitized build
// adds shadow memory and a quarantine of freed blocks (256 MiB by default), which are the
// sanitizer's, not mongoscan's.
inline bool runs_the_release_build() {
  std::error_code error;
  return std::filesystem::equivalent(mongoscan_binary(), MONGOSCAN_DEFAULT_BINARY, error);
}

}  // namespace mongoscan::testing_support
