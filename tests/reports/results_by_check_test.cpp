#include "reports/results_by_check.h"

#include <gtest/gtest.h>

#include <string>

namespace mongoscan {
namespace results_by_check_test {
namespace {

ReportedFinding result(const std::string& check, Severity severity, const std::string& node,
                       const std::string& message, Status status = Status::fail) {
  Finding finding;
  finding.check_id = check;
  finding.status = status;
  finding.severity = severity;
  finding.subject = Subject::node(node);
  finding.message = message;
  finding.evidence = {{"seen", message}};
  return {CheckSpec{check, check + " title", Layer::network, severity, {}, "fix " + check},
          std::move(finding)};
}

std::vector<std::string> subjects_of(const SharedResult& shared) {
  std::vector<std::string> subjects;
  for (const ReportedFinding* reported : shared.findings)
    subjects.push_back(reported->finding.subject.name);
  return subjects;
}

// Issue 40 item 5: a check failing alike on several nodes is one entry naming them all; another
// message or evidence is an entry of its own; checks by severity, then how many results.
TEST(ResultsByCheck, SharedResultsAreOneEntryAndChecksWorstFirst) {
  Report report;
  report.findings.push_back(result("VER-1", Severity::high, "a:1", "old"));
  report.findings.push_back(result("NET-1", Severity::medium, "a:1", "open"));
  report.findings.push_back(result("VER-1", Severity::high, "b:1", "old"));
  report.findings.push_back(result("VER-1", Severity::high, "c:1", "older"));
  report.findings.push_back(result("NET-1", Severity::medium, "b:1", "open"));
  report.findings.push_back(result("AUTH-1", Severity::medium, "a:1", "none"));
  report.findings.push_back(result("CRIT-1", Severity::critical, "a:1", "x", Status::warn));
  ReportedFinding other_evidence = result("NET-1", Severity::medium, "c:1", "open");
  other_evidence.finding.evidence = {{"seen", "elsewhere"}};
  report.findings.push_back(other_evidence);

  const std::vector<CheckResults> checks = results_by_check(report, Status::fail);
  ASSERT_EQ(checks.size(), 3u);
  EXPECT_EQ(checks[0].spec->id, "VER-1");
  EXPECT_EQ(checks[1].spec->id, "NET-1") << "three results before AUTH-1's one";
  EXPECT_EQ(checks[2].spec->id, "AUTH-1");
  EXPECT_EQ(checks[0].count, 3u);
  ASSERT_EQ(checks[0].results.size(), 2u);
  EXPECT_EQ(subjects_of(checks[0].results[0]), (std::vector<std::string>{"a:1", "b:1"}));
  EXPECT_EQ(subjects_of(checks[0].results[1]), (std::vector<std::string>{"c:1"}));
  ASSERT_EQ(checks[1].results.size(), 2u) << "the same message with other evidence";
  EXPECT_EQ(results_by_check(report, Status::warn).size(), 1u);
  EXPECT_TRUE(results_by_check(report, Status::error).empty());
}

// A suppressed result is never merged with an unsuppressed one, and comes after them.
TEST(ResultsByCheck, SuppressedResultsComeLast) {
  Report report;
  ReportedFinding accepted = result("NET-1", Severity::high, "a:1", "open");
  accepted.finding.suppression = "baseline";
  report.findings.push_back(accepted);
  report.findings.push_back(result("NET-1", Severity::high, "b:1", "open"));
  const std::vector<CheckResults> checks = results_by_check(report, Status::fail);
  ASSERT_EQ(checks.size(), 1u);
  ASSERT_EQ(checks[0].results.size(), 2u);
  EXPECT_EQ(subjects_of(checks[0].results[0]), (std::vector<std::string>{"b:1"}));
  EXPECT_EQ(subjects_of(checks[0].results[1]), (std::vector<std::string>{"a:1"}));
}

}  // namespace
}  // namespace results_by_check_test
}  // namespace mongoscan
