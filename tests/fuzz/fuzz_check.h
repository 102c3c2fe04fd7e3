#pragma once
// What a harness asserts: a property that does not hold aborts the run, so libFuzzer keeps the
// input as a crash and the replay test fails. The message names the property, never the input
// (an input may hold a secret the property is about).

#include <cstdio>
#include <cstdlib>

namespace mongoscan::fuzz {

inline void check(bool holds, const char* property) {
  if (holds) return;
  std::fprintf(stderr, "fuzz property violated: %s\n", property);
  std::abort();
}

}  // namespace mongoscan::fuzz
