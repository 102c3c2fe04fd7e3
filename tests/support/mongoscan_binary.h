#pragma once
// The mongoscan executable the tests run: $MONGOSCAN_BINARY (ctest sets it, to the sanitized build
// for the sanitized test binary), else the release build's.

#include <cstdlib>
#include <string>

namespace mongoscan::testing_support {

inline std::string mongoscan_binary() {
  const char* configured = std::getenv("MONGOSCAN_BINARY");
  return configured != nullptr && *configured != '\0' ? configured : MONGOSCAN_DEFAULT_BINARY;
}

}  // namespace mongoscan::testing_support
