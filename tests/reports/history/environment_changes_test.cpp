#include "reports/history/environment_changes.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace environment_changes_test {
namespace {

constexpr const char* kNow = "2026-03-02T09:00:00Z";

HistoryFinding with(const std::string& fingerprint, const std::string& status,
                    bool suppressed = false) {
  return {fingerprint, "CHK-" + fingerprint, status, suppressed, "high", "db1:27017", "said"};
}

std::vector<std::string> fingerprints(const std::vector<ChangedFinding>& findings) {
  std::vector<std::string> result;
  for (const ChangedFinding& finding : findings) result.push_back(finding.fingerprint);
  return result;
}

EnvironmentPast previous(std::vector<HistoryFinding> findings) {
  EnvironmentPast past;
  past.previous_run = "2026-03-01T09:00:00Z";
  past.previous_findings = std::move(findings);
  for (const HistoryFinding& finding : past.previous_findings) {
    if (is_failing(finding)) past.first_failed[finding.fingerprint] = "2026-02-01T09:00:00Z";
  }
  return past;
}

TEST(EnvironmentChangesTest, TheFirstRunCallsEveryFailingFindingNew) {
  const EnvironmentChanges changes = environment_changes(
      {}, {with("a", "fail"), with("b", "warn"), with("c", "pass"), with("d", "fail", true)}, kNow);
  EXPECT_FALSE(changes.previous_run.has_value());
  EXPECT_EQ(fingerprints(changes.new_findings), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(changes.new_findings[0].first_seen, kNow);
  EXPECT_TRUE(changes.fixed.empty());
  EXPECT_TRUE(changes.unverified.empty());
  EXPECT_TRUE(changes.unchanged.empty());
}

TEST(EnvironmentChangesTest, NewFixedAndUnchangedByFingerprint) {
  const EnvironmentChanges changes = environment_changes(
      previous({with("kept", "fail"), with("gone", "warn"), with("ok", "pass")}),
      {with("kept", "warn"), with("gone", "pass"), with("ok", "fail"), with("fresh", "fail")},
      kNow);
  EXPECT_EQ(changes.previous_run, "2026-03-01T09:00:00Z");
  EXPECT_EQ(fingerprints(changes.new_findings), (std::vector<std::string>{"ok", "fresh"}));
  EXPECT_EQ(fingerprints(changes.fixed), (std::vector<std::string>{"gone"}));
  EXPECT_EQ(fingerprints(changes.unchanged), (std::vector<std::string>{"kept"}));
  EXPECT_EQ(changes.unchanged[0].first_seen, "2026-02-01T09:00:00Z");
  EXPECT_TRUE(changes.unverified.empty());
}

// No false assurance: what failed and is now not judged, or only accepted, is not fixed.
TEST(EnvironmentChangesTest, AFailureNotJudgedNowIsUnverifiedNeverFixed) {
  const EnvironmentChanges changes = environment_changes(
      previous({with("absent", "fail"), with("error", "fail"), with("skipped", "fail"),
                with("suppressed", "fail")}),
      {with("error", "error"), with("skipped", "skipped"), with("suppressed", "fail", true)}, kNow);
  EXPECT_TRUE(changes.fixed.empty());
  ASSERT_EQ(changes.unverified.size(), 4u);
  for (const ChangedFinding& finding : changes.unverified) {
    EXPECT_EQ(finding.now, finding.fingerprint);
    EXPECT_EQ(finding.first_seen, "2026-02-01T09:00:00Z");
  }
}

// A fingerprint in several findings counts once: failing if any fails, fixed only if one passes
// and none fails.
TEST(EnvironmentChangesTest, AFingerprintCountsOnce) {
  const EnvironmentChanges changes = environment_changes(
      previous({with("a", "fail"), with("a", "fail"), with("b", "fail")}),
      {with("a", "pass"), with("a", "fail"), with("b", "pass"), with("b", "error")}, kNow);
  EXPECT_EQ(fingerprints(changes.unchanged), (std::vector<std::string>{"a"}));
  EXPECT_EQ(fingerprints(changes.fixed), (std::vector<std::string>{"b"}));
  EXPECT_TRUE(changes.new_findings.empty());
}

}  // namespace
}  // namespace environment_changes_test
}  // namespace mongoscan
