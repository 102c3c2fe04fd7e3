#include "scanner/cli/report_destinations.h"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/support/background_program.h"
#include "tests/support/file_text.h"

namespace mongoscan {
namespace report_destinations_test {
namespace {

using Reports = std::vector<ReportDestination>;

TEST(ReportDestinations, TheFormatReportAloneByDefault) {
  EXPECT_EQ(report_destinations({}).value(), (Reports{{ReportFormat::table, "-"}}));
  EXPECT_EQ(report_destinations({"json", "out.json", true, {}}).value(),
            (Reports{{ReportFormat::json, "out.json"}}));
  // -o - is standard output, not a file named "-".
  EXPECT_EQ(report_destinations({"md", "-", true, {}}).value(), (Reports{{ReportFormat::md, "-"}}));
}

TEST(ReportDestinations, EachReportOptionAddsOneInOrder) {
  const auto reports = report_destinations(
      {"table", "", false, {"sarif:out/mongoscan.sarif", "html:report.html", "json:r.json"}});
  EXPECT_EQ(reports.value(), (Reports{{ReportFormat::table, "-"},
                                      {ReportFormat::sarif, "out/mongoscan.sarif"},
                                      {ReportFormat::html, "report.html"},
                                      {ReportFormat::json, "r.json"}}));
  // A path may hold a colon: only the first one ends the format.
  EXPECT_EQ(report_destinations({"table", "", false, {"junit:C:/ci/junit.xml"}}).value()[1].path,
            "C:/ci/junit.xml");
}

// A --report to standard output takes the default table's place, unless --format or -o was given.
TEST(ReportDestinations, AReportToStdoutReplacesTheDefaultTable) {
  EXPECT_EQ(report_destinations({"table", "", false, {"json:-", "sarif:s.sarif"}}).value(),
            (Reports{{ReportFormat::json, "-"}, {ReportFormat::sarif, "s.sarif"}}));
  EXPECT_EQ(report_destinations({"html", "r.html", true, {"json:-"}}).value(),
            (Reports{{ReportFormat::html, "r.html"}, {ReportFormat::json, "-"}}));
}

TEST(ReportDestinations, UsageErrorsNameTheValue) {
  for (const char* bad : {"sarif", "sarif:", "xml:out.xml", ":out.json"}) {
    const auto reports = report_destinations({"table", "", false, {bad}});
    ASSERT_FALSE(reports) << bad;
    EXPECT_EQ(reports.error().phase, "--report");
    EXPECT_NE(reports.error().message.find(bad), std::string::npos) << reports.error().message;
  }
  const auto twice = report_destinations({"json", "r.json", true, {"html:r.json"}});
  ASSERT_FALSE(twice);
  EXPECT_NE(twice.error().message.find("two reports would write r.json"), std::string::npos);
  const auto stdout_twice = report_destinations({"table", "", true, {"json:-"}});
  ASSERT_FALSE(stdout_twice);
  EXPECT_NE(stdout_twice.error().message.find("standard output"), std::string::npos);
}

// Issue 40 item 6: a Prometheus textfile rewritten by a scan that could not look at everything
// keeps the last success of the file it replaces.
TEST(ReportDestinations, APrometheusTextfileKeepsTheLastSuccessItReplaces) {
  const auto dir = testing_support::make_temporary_directory("textfile");
  const std::string path = (dir / "mongoscan.prom").string();
  testing_support::write_file(path, "mongoscan_last_success_timestamp_seconds 1796014842\n");
  Report incomplete;
  incomplete.started_at = "2026-11-30T06:00:00Z";
  incomplete.finished_at = "2026-11-30T06:00:05Z";
  incomplete.coverage.nodes_not_scanned = 1;
  std::ostringstream out;
  std::ostringstream err;
  const CliStreams streams{out, err};
  ASSERT_FALSE(write_reports(incomplete, {{ReportFormat::prometheus, path}}, {}, streams));
  const std::string text = testing_support::read_file(path);
  EXPECT_NE(text.find("\nmongoscan_last_success_timestamp_seconds 1796014842\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("mongoscan_scan_incomplete{environment=\"default\"} 1"), std::string::npos);
}

}  // namespace
}  // namespace report_destinations_test
}  // namespace mongoscan
