#pragma once
// The harnesses the replay executable holds (tests/fuzz/replay_main.cpp): each one's entry point,
// LLVMFuzzerTestOneInput renamed after its file, under that file's name ("bson_fuzz").

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mongoscan::fuzz {

struct ReplayHarness {
  const char* name;
  int (*test_one_input)(const std::uint8_t* data, std::size_t size);
};

// Generated from the harness files (CMakeLists.txt).
const std::vector<ReplayHarness>& replay_harnesses();

}  // namespace mongoscan::fuzz
