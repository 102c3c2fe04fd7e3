#include "checks/application/common_passwords.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace mongoscan {
namespace common_passwords_test {
namespace {

TEST(CommonPasswords, CompiledTextIsTheShippedList) {
  std::ifstream file(MONGOSCAN_SOURCE_DIR "/checks/data/common-passwords.txt", std::ios::binary);
  ASSERT_TRUE(file) << "checks/data/common-passwords.txt";
  std::ostringstream text;
  text << file.rdbuf();
  EXPECT_EQ(text.str(), kCommonPasswordsText);
}

TEST(CommonPasswords, HoldsTheTopTenThousand) { EXPECT_GE(common_password_list_size(), 10000u); }

TEST(CommonPasswords, LookupIgnoresCase) {
  EXPECT_TRUE(is_common_password("password"));
  EXPECT_TRUE(is_common_password("PaSsWoRd"));
  EXPECT_TRUE(is_common_password("LETMEIN"));
  EXPECT_TRUE(is_common_password("Sasha_007"));
  EXPECT_TRUE(is_common_password("W_PASS"));
}

TEST(CommonPasswords, RejectsWhatIsNotListed) {
  EXPECT_FALSE(is_common_password(""));
  EXPECT_FALSE(is_common_password("Xk9#mQ2$vL7!pR4w"));
  EXPECT_FALSE(is_common_password("password "));
}

}  // namespace
}  // namespace common_passwords_test
}  // namespace mongoscan
