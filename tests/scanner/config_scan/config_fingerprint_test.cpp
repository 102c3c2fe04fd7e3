#include "scanner/config_scan/config_fingerprint.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace config_fingerprint_test {
namespace {

TEST(ConfigFingerprint, TheSecretIsMaskedSoItsTextDoesNotChangeTheFingerprint) {
  EXPECT_EQ(config_fingerprint("credential_key", "a.yml", "password: one", 10, 3),
            config_fingerprint("credential_key", "a.yml", "password: another", 10, 7));
  EXPECT_NE(config_fingerprint("credential_key", "a.yml", "password: one", 10, 3),
            config_fingerprint("credential_key", "b.yml", "password: one", 10, 3));
}

// A secret that runs past its first line (a quoted value over two lines) is masked up to the
// line's end; an offset past the end masks nothing and throws nothing.
TEST(ConfigFingerprint, ASecretPastTheLineEndIsClampedToTheLine) {
  EXPECT_EQ(config_fingerprint("credential_key", "a.yml", "password: \"ab", 11, 40),
            config_fingerprint("credential_key", "a.yml", "password: \"ab", 11, 2));
  EXPECT_EQ(config_fingerprint("credential_key", "a.yml", "password:", 19, 1),
            config_fingerprint("credential_key", "a.yml", "password:", 9, 0));
}

}  // namespace
}  // namespace config_fingerprint_test
}  // namespace mongoscan
