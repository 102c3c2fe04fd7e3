#include "checks/inline_allow.h"

#include <gtest/gtest.h>

#include "checks/gate.h"

namespace mongoscan {
namespace inline_allow_test {
namespace {

Finding failed(std::string check) {
  return {std::move(check), Status::fail, Severity::high, Subject::file("a.yml", 1, 11), "m", {}};
}

TEST(InlineAllow, AFirstWordThatIsACheckIdLimitsTheCommentAndTheRestIsTheReason) {
  const InlineAllow named = parse_allow_comment(" APP-002 test fixture ");
  EXPECT_EQ(named.check, "APP-002");
  EXPECT_EQ(named.reason, "test fixture");
  const InlineAllow bare = parse_allow_comment("");
  EXPECT_EQ(bare.check, "");
  EXPECT_EQ(bare.reason, "");
  const InlineAllow reason_only = parse_allow_comment("local lab only");
  EXPECT_EQ(reason_only.check, "");
  EXPECT_EQ(reason_only.reason, "local lab only");
  EXPECT_EQ(parse_allow_comment("AUTHN-005").check, "AUTHN-005");
  EXPECT_EQ(parse_allow_comment("App-002 x").check, "") << "not a check id";
}

TEST(InlineAllow, TheFindingIsSuppressedWithTheReasonAndDoesNotGate) {
  std::vector<Finding> findings = {failed("APP-002")};
  apply_inline_allow("APP-002 test fixture", "Xy9!kLm2Qw", findings[0]);
  EXPECT_EQ(findings[0].suppression, "inline");
  ASSERT_TRUE(findings[0].acceptance);
  EXPECT_EQ(findings[0].acceptance->reason, "test fixture");
  EXPECT_EQ(findings[0].acceptance->expires, "");
  EXPECT_FALSE(fails_gate(findings, Severity::info));
}

TEST(InlineAllow, ACommentNamingAnotherCheckLeavesTheFindingCounting) {
  Finding finding = failed("APP-001");
  apply_inline_allow("APP-002 test fixture", "", finding);
  EXPECT_TRUE(finding.suppression.empty());
  EXPECT_FALSE(finding.acceptance);
}

TEST(InlineAllow, AReasonHoldingTheSecretIsDroppedButTheCommentStillAllows) {
  Finding finding = failed("APP-002");
  apply_inline_allow("was Xy9!kLm2Qw before", "Xy9!kLm2Qw", finding);
  EXPECT_EQ(finding.suppression, "inline");
  EXPECT_FALSE(finding.acceptance);

  Finding passed = failed("CONN-001");
  passed.status = Status::pass;
  apply_inline_allow("", "", passed);
  EXPECT_TRUE(passed.suppression.empty()) << "a pass is never suppressed";
}

}  // namespace
}  // namespace inline_allow_test
}  // namespace mongoscan
