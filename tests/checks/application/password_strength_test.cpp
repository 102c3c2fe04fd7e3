// AUTHN-005: each password rule at its boundary, the policy switches, and no trace of the password
// in what the check reports.

#include "checks/application/password_strength.h"

#include <gtest/gtest.h>

#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace password_strength_test {
namespace {

using check_test::uri_target;
using Rules = std::vector<std::string>;

Rules failed(const std::string& password, std::optional<std::string_view> username = std::nullopt,
             const PasswordRules& rules = PasswordRules{}) {
  return assess_password(Secret(password), username, rules).failed_rules;
}

Finding check_uri(const std::string& uri, const Policy& policy = Policy{}) {
  const auto target = uri_target(uri);
  return check_password_strength(target.connection, Subject::uri(target.redacted_uri), policy);
}

TEST(AssessPassword, StrongPasswordBreaksNoRule) { EXPECT_EQ(failed("Xk9#mQ2$vL7!pR4w"), Rules{}); }

TEST(AssessPassword, MinimumLengthBoundary) {
  EXPECT_EQ(failed("Zebra#Quilt9"), Rules{});
  EXPECT_EQ(failed("Zebra#Quilt"), (Rules{"min_length", "digit"}));
  EXPECT_EQ(failed("Zebr#Quilt9"), Rules{"min_length"});
  EXPECT_EQ(assess_password(Secret("Zebr#Quilt9"), std::nullopt, {}).length, 11u);
}

TEST(AssessPassword, LengthCountsCharactersNotBytes) {
  EXPECT_EQ(assess_password(Secret("Zebra#Quilté"), std::nullopt, {}).length, 12u);
}

TEST(AssessPassword, EachCharacterClass) {
  EXPECT_EQ(failed("zebra#quilt9x"), Rules{"upper"});
  EXPECT_EQ(failed("ZEBRA#QUILT9X"), Rules{"lower"});
  EXPECT_EQ(failed("Zebra#QuiltXx"), Rules{"digit"});
  EXPECT_EQ(failed("Zebra7Quilt9x"), Rules{"special"});
  EXPECT_EQ(failed("Zebra7Quiltéx"), Rules{});
}

TEST(AssessPassword, EveryRuleCanBeSwitchedOff) {
  PasswordRules lenient;
  lenient.min_length = 4;
  lenient.require_upper = lenient.require_lower = lenient.require_digit = false;
  lenient.require_special = lenient.reject_common = lenient.reject_username = false;
  EXPECT_EQ(failed("password", "password", lenient), Rules{});
  lenient.min_length = 9;
  EXPECT_EQ(failed("password", "password", lenient), Rules{"min_length"});
}

TEST(AssessPassword, CommonPasswordsIgnoringCase) {
  PasswordRules only_common;
  only_common.require_upper = only_common.require_lower = false;
  only_common.require_digit = only_common.require_special = false;
  only_common.min_length = 0;
  EXPECT_EQ(failed("LetMeIn", std::nullopt, only_common), Rules{"common"});
  EXPECT_EQ(failed("QWERTY", std::nullopt, only_common), Rules{"common"});
}

TEST(AssessPassword, CommonStemWithSuffixOrLeetspeakBelowSixteenCharacters) {
  EXPECT_EQ(failed("Password123!"), Rules{"common_variant"});
  EXPECT_EQ(failed("P@ssw0rd2024!"), Rules{"common_variant"});
  EXPECT_EQ(failed("Dr@gon!Dr@gon!1"), Rules{});   // no listed stem
  EXPECT_EQ(failed("Password1234567!"), Rules{});  // 16 characters
  EXPECT_EQ(failed("Mad!2024#$%&"), Rules{});      // "mad" is listed but too short to be a stem
}

TEST(AssessPassword, ContainsTheUserNameIgnoringCase) {
  EXPECT_EQ(failed("Xalice#2024Zq!", "ALICE"), Rules{"contains_username"});
  EXPECT_EQ(failed("Xalice#2024Zq!", "bob"), Rules{});
  EXPECT_EQ(failed("Xab#2024Zqrst!", "ab"), Rules{});  // too short to look for
}

TEST(PasswordStrengthCheck, SkippedWithoutAPassword) {
  EXPECT_EQ(check_uri("mongodb://db1,db2").status, Status::skipped);
  const auto user_only = check_uri("mongodb://app@db1,db2");
  EXPECT_EQ(user_only.status, Status::skipped);
  EXPECT_EQ(user_only.message, "no password in the connection string");
}

TEST(PasswordStrengthCheck, SkipsAwsSecretAccessKeys) {
  EXPECT_EQ(check_uri("mongodb://AKIDEXAMPLE:abc123@db1,db2/?authMechanism=MONGODB-AWS").status,
            Status::skipped);
}

TEST(PasswordStrengthCheck, FailListsRulesAndLengthAtHighSeverity) {
  const auto finding = check_uri("mongodb://app:app2024@db1,db2");
  EXPECT_EQ(finding.check_id, "AUTHN-005");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::high);
  EXPECT_EQ(finding.evidence["length"], 7);
  EXPECT_EQ(finding.evidence["failed_rules"],
            nlohmann::json::array({"min_length", "upper", "special", "contains_username"}));
  EXPECT_NE(finding.message.find("shorter than 12 characters"), std::string::npos);
}

TEST(PasswordStrengthCheck, PercentEncodedPasswordIsJudgedDecoded) {
  EXPECT_EQ(check_uri("mongodb://app:Zebra%23Quilt9@db1,db2").status, Status::pass);
}

TEST(PasswordStrengthCheck, PolicyRaisesTheMinimumLength) {
  Policy policy;
  policy.passwords.min_length = 16;
  const auto finding = check_uri("mongodb://app:Zebra%23Quilt9@db1,db2", policy);
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["failed_rules"], nlohmann::json::array({"min_length"}));
  EXPECT_NE(finding.message.find("shorter than 16"), std::string::npos);
}

}  // namespace
}  // namespace password_strength_test
}  // namespace mongoscan
