#include "reports/history/history_run.h"

#include <gtest/gtest.h>

#include "checks/registry.h"

namespace mongoscan {
namespace history_run_test {
namespace {

ReportedFinding finding_in(const std::string& environment, const std::string& fingerprint,
                           Status status) {
  Finding finding{"CONN-005", status, Severity::high, Subject::uri("mongodb://h/?w=1"),
                  "w=1",      {},     fingerprint};
  return {*find_check("CONN-005"), std::move(finding), false, environment};
}

// Findings of two environments, interleaved as nodes of both finish.
Report report_of_two_environments() {
  Report report;
  report.environments.emplace_back().name = "orders";
  report.environments.emplace_back().name = "billing";
  report.environments.emplace_back().name = "empty";
  report.findings.push_back(finding_in("orders", "o1", Status::fail));
  report.findings.push_back(finding_in("billing", "b1", Status::pass));
  report.findings.push_back(finding_in("orders", "o2", Status::warn));
  return report;
}

TEST(HistoryRunTest, FindingsAreGroupedByEnvironmentInTheReportsOrder) {
  const HistoryFindings findings = history_findings(report_of_two_environments());
  ASSERT_EQ(findings.size(), 2u);
  ASSERT_EQ(findings.at("orders").size(), 2u);
  EXPECT_EQ(findings.at("orders")[0].fingerprint, "o1");
  EXPECT_EQ(findings.at("orders")[1].fingerprint, "o2");
  EXPECT_EQ(findings.at("orders")[1].status, "warn");
  ASSERT_EQ(findings.at("billing").size(), 1u);
  EXPECT_EQ(findings.at("billing")[0].status, "pass");
}

TEST(HistoryRunTest, EachEnvironmentOfTheRunHoldsItsFindingsAndCounts) {
  const Report report = report_of_two_environments();
  const HistoryRun run = history_run(report, std::nullopt, history_findings(report));
  ASSERT_EQ(run.environments.size(), 3u);
  EXPECT_EQ(run.environments[0].name, "orders");
  EXPECT_EQ(run.environments[0].findings.size(), 2u);
  EXPECT_EQ(run.environments[0].counts.fail, 1);
  EXPECT_EQ(run.environments[0].counts.warn, 1);
  EXPECT_EQ(run.environments[1].findings.size(), 1u);
  EXPECT_EQ(run.environments[1].counts.pass, 1);
  EXPECT_TRUE(run.environments[2].findings.empty());
}

}  // namespace
}  // namespace history_run_test
}  // namespace mongoscan
