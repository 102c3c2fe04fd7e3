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

}  // namespace
}  // namespace report_changes_test
}  // namespace mongoscan
