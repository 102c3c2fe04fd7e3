#include "checks/baseline.h"

#include <gtest/gtest.h>

#include "checks/gate.h"

namespace mongoscan {
namespace baseline_test {
namespace {

Finding config_finding(std::string fingerprint, Status status = Status::fail) {
  return {"APP-002", status, Severity::high, Subject::file("a.yml", 1, 11), "m", {}, fingerprint};
}

TEST(Baseline, WrittenTextParsesBackToTheFailedFingerprints) {
  Finding inline_allowed = config_finding("c");
  inline_allowed.suppression = "inline";
  const std::string text =
      baseline_text({config_finding("b"), config_finding("a"), config_finding("p", Status::pass),
                     inline_allowed, config_finding("")});
  const auto parsed = parse_baseline(text);
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(parsed.value(), (Baseline{"a", "b"}));
}

TEST(Baseline, BadFilesAreUsageErrorsThatSayWhat) {
  EXPECT_EQ(parse_baseline("[").error().message, "not a JSON object");
  EXPECT_EQ(parse_baseline(R"({"fingerprints": []})").error().message,
            "\"mongoscan_baseline\" must be 1");
  EXPECT_EQ(parse_baseline(R"({"mongoscan_baseline": 1, "fingerprints": [3]})").error().message,
            "\"fingerprints\" must be an array of strings");
}

TEST(Baseline, BaselinedFindingsNoLongerFailTheGateButNewOnesDo) {
  std::vector<Finding> findings = {config_finding("known"), config_finding("new")};
  apply_baseline(Baseline{"known"}, findings);
  EXPECT_EQ(findings[0].suppression, "baseline");
  EXPECT_TRUE(findings[1].suppression.empty());
  EXPECT_TRUE(fails_gate(findings, Severity::high));
  findings.pop_back();
  EXPECT_FALSE(fails_gate(findings, Severity::high));
}

TEST(Baseline, AnExpiredAcceptanceIsNotCoveredByTheBaseline) {
  std::vector<Finding> findings = {config_finding("known")};
  findings[0].acceptance = FindingAcceptance{"fixture", "2020-01-01", "", true};
  apply_baseline(Baseline{"known"}, findings);
  EXPECT_TRUE(findings[0].suppression.empty());
  EXPECT_TRUE(fails_gate(findings, Severity::high));
}

}  // namespace
}  // namespace baseline_test
}  // namespace mongoscan
