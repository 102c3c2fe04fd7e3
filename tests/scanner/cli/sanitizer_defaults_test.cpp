// scanner/cli/sanitizer_defaults.cpp is linked into the sanitized executables only: there the
// AddressSanitizer runtime reads its defaults, which make a UBSan trap a report with a stack.

#include <gtest/gtest.h>

#include <string>

extern "C" const char* __asan_default_options() __attribute__((weak));

namespace mongoscan {
namespace sanitizer_defaults_test {
namespace {

TEST(SanitizerDefaults, TheSanitizedBuildReportsTrapsWithTheirStack) {
  if (__asan_default_options == nullptr) {
    GTEST_SKIP() << "the release build: no sanitizer runtime to configure";
  }
  EXPECT_NE(std::string(__asan_default_options()).find("handle_sigill=1"), std::string::npos);
}

}  // namespace
}  // namespace sanitizer_defaults_test
}  // namespace mongoscan
