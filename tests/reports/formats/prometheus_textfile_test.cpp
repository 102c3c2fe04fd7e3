#include "reports/formats/prometheus_textfile.h"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/reports/sample_reports.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace prometheus_textfile_test {
namespace {

std::string render(const Report& report, std::optional<std::string_view> previous = {}) {
  std::ostringstream out;
  write_prometheus_textfile(report, previous, out);
  return out.str();
}

// promtool, Prometheus's own checker of the text format (Debian's prometheus package).
void expect_promtool_accepts(const std::string& text) {
  const auto run = testing_support::run_process({"promtool", "check", "metrics"}, text);
  ASSERT_NE(run.exit_code, 127) << "promtool is not installed: run make deps (" << run.err << ")";
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err << text;
}

bool has_line(const std::string& text, const std::string& line) {
  return text.find("\n" + line + "\n") != std::string::npos || text.rfind(line + "\n", 0) == 0;
}

// Issue 40 item 6: fails by environment and severity (zeros too), per check, the gate and the
// incomplete flag per environment, the scan's duration and times; promtool accepts the file.
TEST(PrometheusTextfile, InventoryMetricsPerEnvironmentThatPromtoolAccepts) {
  const Report report = testing_support::inventory_report();
  const std::string text = render(report);
  expect_promtool_accepts(text);
  EXPECT_TRUE(has_line(text, "# TYPE mongoscan_failing_findings gauge")) << text;
  for (const EnvironmentSummary& environment : report.environments) {
    EXPECT_TRUE(has_line(text, "mongoscan_gate_failed{environment=\"" + environment.name + "\"} " +
                                   (environment.gate_fails ? "1" : "0")))
        << environment.name << "\n"
        << text;
    const bool incomplete = !environment.error.empty() || !environment.coverage.complete();
    EXPECT_TRUE(has_line(text, "mongoscan_scan_incomplete{environment=\"" + environment.name +
                                   "\"} " + (incomplete ? "1" : "0")))
        << environment.name;
    for (const char* severity : {"critical", "high", "medium", "low", "info"}) {
      EXPECT_NE(text.find("\nmongoscan_failing_findings{environment=\"" + environment.name +
                          "\",severity=\"" + severity + "\"} "),
                std::string::npos)
          << environment.name << " " << severity << ": every severity, zeros too";
    }
  }
  int failing = 0;
  for (const ReportedFinding& reported : report.findings) {
    failing += reported.finding.status == Status::fail && !is_suppressed(reported.finding);
  }
  int counted = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("mongoscan_failing_findings{", 0) == 0)
      counted += std::stoi(line.substr(line.rfind(' ') + 1));
  }
  EXPECT_EQ(counted, failing);
  EXPECT_NE(text.find("\nmongoscan_scan_duration_seconds "), std::string::npos);
  EXPECT_NE(text.find("\nmongoscan_last_run_timestamp_seconds "), std::string::npos);
}

// The last success is this scan's end when it looked at everything; an incomplete scan keeps the
// one the file it replaces holds, or has none.
TEST(PrometheusTextfile, TheLastSuccessSurvivesAnIncompleteScan) {
  Report complete = testing_support::rich_report();
  complete.coverage = {};
  complete.started_at = "2026-11-30T05:00:00Z";
  complete.finished_at = "2026-11-30T05:00:42Z";
  const std::string first = render(complete);
  expect_promtool_accepts(first);
  EXPECT_TRUE(has_line(first, "mongoscan_last_success_timestamp_seconds 1796014842")) << first;
  EXPECT_TRUE(has_line(first, "mongoscan_scan_duration_seconds 42"));
  EXPECT_TRUE(has_line(first, "mongoscan_scan_incomplete{environment=\"default\"} 0"));

  Report incomplete = complete;
  incomplete.coverage.nodes_not_scanned = 1;
  incomplete.finished_at = "2026-11-30T06:00:00Z";
  const std::string second = render(incomplete, first);
  expect_promtool_accepts(second);
  EXPECT_TRUE(has_line(second, "mongoscan_last_success_timestamp_seconds 1796014842")) << second;
  EXPECT_TRUE(has_line(second, "mongoscan_scan_incomplete{environment=\"default\"} 1"));
  EXPECT_EQ(render(incomplete).find("mongoscan_last_success_timestamp_seconds"), std::string::npos);
}

TEST(PrometheusTextfile, LabelValuesAreEscaped) {
  Report report = testing_support::inventory_report();
  report.environments[0].name = "a\"b\\c";
  for (ReportedFinding& reported : report.findings.held()) reported.environment = "a\"b\\c";
  const std::string text = render(report);
  EXPECT_NE(text.find("environment=\"a\\\"b\\\\c\""), std::string::npos) << text;
  expect_promtool_accepts(text);
}

}  // namespace
}  // namespace prometheus_textfile_test
}  // namespace mongoscan
