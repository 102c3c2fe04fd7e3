#include "scanner/secrets/secret.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace secret_test {
namespace {

TEST(Secret, RedactionShowsTwoCharactersOfLongSecretsOnly) {
  EXPECT_EQ(redact_secret(Secret("Tq8#vLm2!Rz")), "Tq***");
  EXPECT_EQ(redact_secret(Secret("short12")), "***");
  EXPECT_EQ(redact_secret(Secret("\xC3\xA9\xC3\xA0xxxxxx")), "\xC3\xA9\xC3\xA0***")
      << "two UTF-8 characters, not two bytes";
}

}  // namespace
}  // namespace secret_test
}  // namespace mongoscan
