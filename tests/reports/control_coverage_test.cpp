#include "reports/control_coverage.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "checks/control_catalogue.h"
#include "checks/registry.h"

namespace mongoscan {
namespace control_coverage_test {
namespace {

const ControlReference kTls{
    Framework::cis, "4.3",
    "Ensure Encryption of Data in Transit TLS or SSL (Transport Encryption)"};
const ControlReference kPort{Framework::cis, "6.1", "Ensure that MongoDB uses a non-default port"};

CheckSpec spec(std::string id, std::vector<ControlReference> references) {
  return {std::move(id), "title", Layer::transport, Severity::high, std::move(references), "fix"};
}

ReportedFinding finding(const CheckSpec& spec, Status status) {
  ReportedFinding reported;
  reported.spec = spec;
  reported.finding = {spec.id, status, spec.severity, Subject::node("db1:27017"), "m", {}};
  return reported;
}

const ControlCoverage& control(const std::vector<ControlCoverage>& controls, std::string_view id) {
  const auto found = std::find_if(controls.begin(), controls.end(),
                                  [&](const ControlCoverage& c) { return c.id == id; });
  EXPECT_NE(found, controls.end()) << id;
  return *found;
}

TEST(ControlCoverage, EveryControlOfTheTableInOrderTheUncitedNotAssessed) {
  const std::vector<ControlCoverage> controls = control_coverage(Report{}, Framework::cis, {});
  const auto table = framework_controls(Framework::cis);
  ASSERT_EQ(controls.size(), table.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    EXPECT_EQ(controls[i].id, table[i].id);
    EXPECT_EQ(controls[i].title, table[i].title);
    EXPECT_TRUE(controls[i].checks.empty());
    EXPECT_EQ(controls[i].result, ControlResult::not_assessed);
  }
}

TEST(ControlCoverage, TheWorstResultOfTheCitingChecksFailBeforeErrorBeforePass) {
  const CheckSpec a = spec("TLS-001", {kTls});
  const CheckSpec b = spec("TLS-003", {kTls, kPort});
  Report report;
  report.findings = {finding(a, Status::pass), finding(b, Status::error)};
  auto controls = control_coverage(report, Framework::cis, {a, b});
  EXPECT_EQ(control(controls, "4.3").result, ControlResult::error);
  ASSERT_EQ(control(controls, "4.3").checks.size(), 2u);
  EXPECT_EQ(control(controls, "4.3").checks[0].id, "TLS-001");
  EXPECT_EQ(control(controls, "4.3").checks[0].result, ControlResult::pass);
  EXPECT_EQ(control(controls, "4.3").checks[1].result, ControlResult::error);
  EXPECT_EQ(control(controls, "6.1").result, ControlResult::error);

  report.findings.push_back(finding(a, Status::warn));
  controls = control_coverage(report, Framework::cis, {a, b});
  EXPECT_EQ(control(controls, "4.3").result, ControlResult::fail);
  EXPECT_EQ(control(controls, "6.1").result, ControlResult::error);
}

TEST(ControlCoverage, CitedButWithoutResultsOrOnlySkippedIsNotRun) {
  const CheckSpec a = spec("TLS-001", {kTls});
  const CheckSpec b = spec("NET-003", {kPort});
  Report report;
  report.findings = {finding(b, Status::skipped)};
  const auto controls = control_coverage(report, Framework::cis, {a, b});
  EXPECT_EQ(control(controls, "4.3").result, ControlResult::not_run);
  EXPECT_EQ(control(controls, "6.1").result, ControlResult::not_run);
  EXPECT_EQ(control(controls, "5.1").result, ControlResult::not_assessed);
}

TEST(ControlCoverage, OnlyTheChosenFrameworksReferencesCount) {
  const CheckSpec a = spec("TLS-001", {kTls, {Framework::devspec, "A3.6", "Transport: SSL/TLS"}});
  Report report;
  report.findings = {finding(a, Status::fail)};
  const auto controls = control_coverage(report, Framework::devspec, {a});
  EXPECT_EQ(control(controls, "A3.6").result, ControlResult::fail);
  EXPECT_EQ(control(controls, "A3.5").result, ControlResult::not_assessed);
  EXPECT_EQ(controls.size(), framework_controls(Framework::devspec).size());
}

TEST(ControlCoverage, ChecksAndControlsOnlyTheReportKnowsAreKept) {
  const CheckSpec old = spec("OLD-001", {{Framework::cis, "9.9", "A control of another build"}});
  Report report;
  report.findings = {finding(old, Status::pass)};
  const auto controls = control_coverage(report, Framework::cis, {});
  ASSERT_EQ(controls.size(), framework_controls(Framework::cis).size() + 1);
  EXPECT_EQ(controls.back().id, "9.9");
  EXPECT_EQ(controls.back().title, "A control of another build");
  EXPECT_EQ(controls.back().result, ControlResult::pass);
}

TEST(ControlCoverage, TheBuildsCatalogueLeavesSomeCisControlsNotAssessed) {
  const auto controls = control_coverage(Report{}, Framework::cis, check_catalogue());
  EXPECT_EQ(control(controls, "4.3").result, ControlResult::not_run);
  EXPECT_EQ(control(controls, "7.1").result, ControlResult::not_assessed);
  EXPECT_EQ(control(controls, "7.2").result, ControlResult::not_assessed);
}

TEST(ControlResult, Names) {
  EXPECT_EQ(to_string(ControlResult::fail), "fail");
  EXPECT_EQ(to_string(ControlResult::not_run), "not run");
  EXPECT_EQ(to_string(ControlResult::not_assessed), "not assessed");
}

}  // namespace
}  // namespace control_coverage_test
}  // namespace mongoscan
