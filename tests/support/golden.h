#pragma once
// Golden-file comparison for rendered output.
//
// To accept new output after an intended change, run the tests with MONGOSCAN_UPDATE_GOLDEN=1,
// e.g. `MONGOSCAN_UPDATE_GOLDEN=1 build/mongoscan_tests --gtest_filter='*Report*'`, and review the
// rewritten files with `git diff` before committing them.

#include <gtest/gtest.h>

#include <string>

namespace mongoscan::testing_support {

// Succeeds if actual equals the golden file at golden_path (relative to the source tree) byte for
// byte. On a difference, names the first differing line and writes actual to a temporary file for
// `diff -u`. With MONGOSCAN_UPDATE_GOLDEN=1 it rewrites the golden file instead and succeeds.
::testing::AssertionResult matches_golden(const std::string& golden_path,
                                          const std::string& actual);

}  // namespace mongoscan::testing_support
