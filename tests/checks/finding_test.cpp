#include "checks/finding.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace finding_test {
namespace {

TEST(Status, NamesMatchTheReportSchema) {
  EXPECT_EQ(to_string(Status::pass), "pass");
  EXPECT_EQ(to_string(Status::fail), "fail");
  EXPECT_EQ(to_string(Status::warn), "warn");
  EXPECT_EQ(to_string(Status::error), "error");
  EXPECT_EQ(to_string(Status::skipped), "skipped");
}

}  // namespace
}  // namespace finding_test
}  // namespace mongoscan
