#include "checks/acceptance.h"

#include <gtest/gtest.h>

#include "checks/gate.h"

namespace mongoscan {
namespace acceptance_test {
namespace {

Finding failed(std::string check, Subject subject) {
  return {std::move(check), Status::fail, Severity::high, std::move(subject), "m", {}};
}

Acceptance entry(std::string check, std::string subject, std::string expires = "2026-12-31") {
  return {std::move(check),   std::move(subject), "test fixture",
          std::move(expires), "team-db",          "accept.yaml:1"};
}

constexpr std::string_view kToday = "2026-11-26";

// Every finding accepted at once, as a scan's are: the entries that matched none.
std::vector<StaleAcceptance> apply_acceptances(const std::vector<Acceptance>& acceptances,
                                               std::string_view today,
                                               std::vector<Finding>& findings) {
  AcceptanceMatcher matcher(acceptances, today);
  matcher.accept(findings);
  return matcher.stale();
}

TEST(Acceptance, GlobsMatchCheckAndSubjectNameAcrossSlashes) {
  EXPECT_TRUE(acceptance_matches(entry("APP-002", "fixtures/*"), "APP-002", "fixtures/a/b.yml"));
  EXPECT_TRUE(
      acceptance_matches(entry("NET-*", "db?.acme.io:27017"), "NET-001", "db1.acme.io:27017"));
  EXPECT_TRUE(acceptance_matches(entry("CONN-003", "mongodb://app:***@db1/app"), "CONN-003",
                                 "mongodb://app:***@db1/app"));
  EXPECT_FALSE(acceptance_matches(entry("APP-002", "fixtures/*"), "APP-001", "fixtures/a.yml"));
  EXPECT_FALSE(acceptance_matches(entry("APP-002", "fixtures/*"), "APP-002", "src/fixtures/a"));
  EXPECT_FALSE(acceptance_matches(entry("NET-001", "db1:27017"), "NET-001", "db1:27018"));
}

TEST(Acceptance, AnAcceptedFindingKeepsItsStatusCarriesTheReasonAndNeverGates) {
  std::vector<Finding> findings = {failed("APP-002", Subject::file("fixtures/a.yml", 3, 1))};
  const auto stale = apply_acceptances({entry("APP-002", "fixtures/*")}, kToday, findings);
  EXPECT_TRUE(stale.empty());
  EXPECT_EQ(findings[0].status, Status::fail);
  EXPECT_EQ(findings[0].suppression, "accepted");
  ASSERT_TRUE(findings[0].acceptance);
  EXPECT_EQ(findings[0].acceptance->reason, "test fixture");
  EXPECT_EQ(findings[0].acceptance->expires, "2026-12-31");
  EXPECT_EQ(findings[0].acceptance->owner, "team-db");
  EXPECT_FALSE(findings[0].acceptance->expired);
  EXPECT_FALSE(fails_gate(findings, Severity::info));
}

TEST(Acceptance, TheLastDayStillHoldsAndTheDayAfterGatesAgainSayingItExpired) {
  std::vector<Finding> findings = {failed("NET-001", Subject::node("db1:27017"))};
  apply_acceptances({entry("NET-001", "db1:27017", std::string(kToday))}, kToday, findings);
  EXPECT_EQ(findings[0].suppression, "accepted");

  findings = {failed("NET-001", Subject::node("db1:27017"))};
  const auto stale =
      apply_acceptances({entry("NET-001", "db1:27017", "2026-11-25")}, kToday, findings);
  EXPECT_TRUE(stale.empty()) << "an expired entry that matched is expired, not stale";
  EXPECT_TRUE(findings[0].suppression.empty());
  ASSERT_TRUE(findings[0].acceptance);
  EXPECT_TRUE(findings[0].acceptance->expired);
  EXPECT_EQ(findings[0].message, "acceptance expired on 2026-11-25: m");
  EXPECT_TRUE(fails_gate(findings, Severity::high));
}

TEST(Acceptance, EntriesThatMatchNoFailedFindingAreStale) {
  Finding passed = failed("NET-001", Subject::node("db1:27017"));
  passed.status = Status::pass;
  Finding allowed = failed("APP-002", Subject::file("a.yml", 1, 1));
  allowed.suppression = "inline";
  std::vector<Finding> findings = {passed, allowed};
  const auto stale = apply_acceptances(
      {entry("NET-001", "db1:27017"), entry("APP-002", "a.yml"), entry("X-1", "*", "2020-01-01")},
      kToday, findings);
  ASSERT_EQ(stale.size(), 3u);
  EXPECT_EQ(stale[0].acceptance.check, "NET-001");
  EXPECT_FALSE(stale[0].expired);
  EXPECT_TRUE(stale[2].expired);
  EXPECT_EQ(findings[1].suppression, "inline") << "an inline comment keeps its own suppression";
  EXPECT_FALSE(findings[0].acceptance);
}

TEST(Acceptance, TheFirstMatchingEntryWinsAndLaterOnesMayBeStale) {
  std::vector<Finding> findings = {failed("APP-002", Subject::file("a.yml", 1, 1))};
  Acceptance later = entry("APP-*", "*");
  later.reason = "everything";
  const auto stale = apply_acceptances({entry("APP-002", "a.yml"), later}, kToday, findings);
  EXPECT_EQ(findings[0].acceptance->reason, "test fixture");
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_EQ(stale[0].acceptance.reason, "everything");
}

// The matcher that accepts a node's findings as soon as it is judged: an entry counts as used
// only once a finding it matched is kept (use()), so that the findings of a node the report
// leaves out do not hide a stale entry.
TEST(Acceptance, TheMatcherCountsAnEntryUsedOnlyOnceItsFindingIsKept) {
  const std::vector<Acceptance> entries = {entry("NET-001", "db1:27017"),
                                           entry("NET-*", "db2:27017", "2026-11-01")};
  AcceptanceMatcher matcher(entries, kToday);
  Finding kept = failed("NET-001", Subject::node("db1:27017"));
  Finding left_out = failed("NET-002", Subject::node("db2:27017"));
  Finding passed = {"NET-001", Status::pass, Severity::high, Subject::node("db1:27017"), "m", {}};
  EXPECT_EQ(matcher.apply(kept), std::optional<std::size_t>(0));
  EXPECT_EQ(matcher.apply(left_out), std::optional<std::size_t>(1));
  EXPECT_EQ(matcher.apply(passed), std::nullopt);
  EXPECT_EQ(kept.suppression, "accepted");
  EXPECT_TRUE(left_out.suppression.empty());  // expired: it counts again, and says so
  EXPECT_EQ(left_out.message, "acceptance expired on 2026-11-01: m");
  EXPECT_FALSE(passed.acceptance);
  matcher.use(0);
  const auto stale = matcher.stale();
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_EQ(stale[0].acceptance.subject, "db2:27017");
  EXPECT_TRUE(stale[0].expired);
}

}  // namespace
}  // namespace acceptance_test
}  // namespace mongoscan
