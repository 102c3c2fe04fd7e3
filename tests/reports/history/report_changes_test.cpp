#include "reports/history/report_changes.h"

#include <gtest/gtest.h>

#include "checks/registry.h"

namespace mongoscan {
namespace report_changes_test {
namespace {

ReportedFinding failing(const std::string& fingerprint, Severity severity, bool gates) {
  Finding finding{"CONN-005", Status::fail, severity,   Subject::uri("mongodb://h/?w=1"),
                  "w=1",      {},           fingerprint};
  return {*find_check("CONN-005"), std::move(finding), gates, "orders"};
}

// One environment, "orders": "fresh" is new since its previous run, "old" failed then too and
// gated by --fail-on.
Report report_with_new_finding() {
  Report report;
  EnvironmentSummary& orders = report.environments.emplace_back();
  orders.name = "orders";
  orders.changes.emplace();
  orders.changes->new_findings.push_back({"fresh", "CONN-005", Severity::high, "", "", "", ""});
  report.findings.push_back(failing("fresh", Severity::high, false));
  report.findings.push_back(failing("old", Severity::high, true));
  return report;
}

TEST(ReportChangesTest, OnlyNewFindingsAtTheThresholdGate) {
  Report report = report_with_new_finding();
  EXPECT_TRUE(gate_on_new(report, Severity::medium, false));
  EXPECT_TRUE(report.findings[0].gates);
  EXPECT_FALSE(report.findings[1].gates) << "an old failure no longer gates";
  EXPECT_TRUE(report.environments[0].gate_fails);

  Report above = report_with_new_finding();
  EXPECT_FALSE(gate_on_new(above, Severity::critical, false));
  EXPECT_FALSE(above.environments[0].gate_fails);
}

TEST(ReportChangesTest, AnExplicitFailOnKeepsItsGates) {
  Report report = report_with_new_finding();
  EXPECT_TRUE(gate_on_new(report, Severity::critical, true));
  EXPECT_FALSE(report.findings[0].gates);
  EXPECT_TRUE(report.findings[1].gates);
}

// The report's findings are compared with each environment's past: "fresh" is new, "old" failed
// in the previous run too.
TEST(ReportChangesTest, ChangesAreTheFindingsNotInThePast) {
  Report report;
  report.started_at = "2026-01-02T00:00:00Z";
  report.environments.emplace_back().name = "orders";
  report.findings.push_back(failing("fresh", Severity::high, false));
  report.findings.push_back(failing("old", Severity::high, false));
  EnvironmentPasts pasts;
  EnvironmentPast& past = pasts["orders"];
  past.previous_run = "2026-01-01T00:00:00Z";
  past.previous_findings.push_back(history_finding(report.findings[1].finding));
  past.first_failed["old"] = "2026-01-01T00:00:00Z";

  ASSERT_TRUE(add_changes(pasts, history_findings(report), report).ok());
  ASSERT_TRUE(report.environments[0].changes.has_value());
  ASSERT_EQ(report.environments[0].changes->new_findings.size(), 1u);
  EXPECT_EQ(report.environments[0].changes->new_findings[0].fingerprint, "fresh");
}

// An environment whose past was not read is an error, not an environment never scanned (every
// finding of it would be taken for new).
TEST(ReportChangesTest, AnEnvironmentWithoutItsPastIsAnError) {
  Report report = report_with_new_finding();
  const auto added = add_changes({}, history_findings(report), report);
  ASSERT_FALSE(added.ok());
  EXPECT_EQ(added.error().message, "history: the past of environment orders was not read");
}

}  // namespace
}  // namespace report_changes_test
}  // namespace mongoscan
