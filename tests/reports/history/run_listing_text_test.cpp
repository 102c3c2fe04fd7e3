#include "reports/history/run_listing_text.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace run_listing_text_test {
namespace {

TEST(RunListingTextTest, EachRunThenItsEnvironmentsAligned) {
  RunListing run{2, "2026-03-02T09:00:00Z", "0.1.0", {}};
  run.environments.push_back({"production", "fail", {40, 3, 1, 0, 0, 0}, "", {}});
  run.environments.push_back({"reporting", "not scanned", {}, "password_env X is not set", {}});
  EXPECT_EQ(run_listing_text({run}),
            "2026-03-02T09:00:00Z  mongoscan 0.1.0  run 2\n"
            "  production  fail: 3 fail, 1 warn, 40 pass\n"
            "  reporting   not scanned: 0 fail, 0 warn, 0 pass (password_env X is not set)\n");
  EXPECT_EQ(run_listing_text({}), "no runs\n");
}

// Issue 35 item 6: stored text is anyone's to edit; a line break or an escape sequence in it
// cannot forge a line or restyle the terminal.
TEST(RunListingTextTest, ControlCharactersInStoredTextCannotForgeALine) {
  RunListing run{1, "2026-03-02T09:00:00Z", "0.1.0", {}};
  run.environments.push_back(
      {"prod\n2026-03-03T00:00:00Z  mongoscan 9.9.9  run 9", "fail\x1b[32m", {}, "", {}});
  EXPECT_EQ(run_listing_text({run}),
            "2026-03-02T09:00:00Z  mongoscan 0.1.0  run 1\n"
            "  prod 2026-03-03T00:00:00Z  mongoscan 9.9.9  run 9  fail [32m: 0 fail, 0 warn, 0 "
            "pass\n");
}

}  // namespace
}  // namespace run_listing_text_test
}  // namespace mongoscan
