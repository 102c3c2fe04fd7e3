#include "checks/policy.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace {

TEST(SeverityFor, OverrideWinsOverTheDefault) {
  Policy policy;
  EXPECT_EQ(policy.severity_for("CONN-005", Severity::high), Severity::high);
  policy.severity_overrides["CONN-005"] = Severity::medium;
  EXPECT_EQ(policy.severity_for("CONN-005", Severity::high), Severity::medium);
  EXPECT_EQ(policy.severity_for("CONN-006", Severity::low), Severity::low);
}

}  // namespace
}  // namespace mongoscan
