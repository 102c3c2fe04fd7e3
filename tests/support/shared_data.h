#pragma once
// Locates ../shared (third-party spec tests, real server replies). Tests skip visibly without it.

#include <filesystem>
#include <optional>

namespace mongoscan::testing_support {

// $MONGOSCAN_SHARED_DIR if set, else the CMake MONGOSCAN_SHARED_DIR; nullopt when it does not
// exist.
std::optional<std::filesystem::path> shared_dir();

}  // namespace mongoscan::testing_support
