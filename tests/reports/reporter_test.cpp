#include "reports/reporter.h"

#include <gtest/gtest.h>

#include <sstream>

#include "reports/formats/html_report.h"
#include "reports/formats/json_report.h"
#include "reports/formats/junit_report.h"
#include "reports/formats/markdown_report.h"
#include "reports/formats/sarif_report.h"
#include "reports/formats/table_report.h"
#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace reporter_test {
namespace {

TEST(ReporterTest, ParsesFormatNames) {
  EXPECT_EQ(parse_report_format("table"), ReportFormat::table);
  EXPECT_EQ(parse_report_format("json"), ReportFormat::json);
  EXPECT_EQ(parse_report_format("html"), ReportFormat::html);
  EXPECT_EQ(parse_report_format("sarif"), ReportFormat::sarif);
  EXPECT_EQ(parse_report_format("junit"), ReportFormat::junit);
  EXPECT_EQ(parse_report_format("md"), ReportFormat::md);
  EXPECT_EQ(parse_report_format("JSON"), std::nullopt);
  EXPECT_EQ(parse_report_format(""), std::nullopt);
  EXPECT_EQ(parse_report_format("markdown"), std::nullopt);
}

TEST(ReporterTest, DispatchesToTheFormatsWriter) {
  const Report report = testing_support::rich_report();
  const auto via_reporter = [&](ReportFormat format, bool color) {
    std::ostringstream out;
    write_report(report, format, RenderOptions{color}, out);
    return out.str();
  };
  std::ostringstream table, colored_table, json, html, sarif, junit, markdown;
  write_table_report(report, false, table);
  write_table_report(report, true, colored_table);
  write_json_report(report, json);
  write_html_report(report, html);
  write_sarif_report(report, SarifOptions{}, sarif);
  write_junit_report(report, junit);
  write_markdown_report(report, markdown);
  EXPECT_EQ(via_reporter(ReportFormat::table, false), table.str());
  EXPECT_EQ(via_reporter(ReportFormat::table, true), colored_table.str());
  EXPECT_EQ(via_reporter(ReportFormat::json, false), json.str());
  EXPECT_EQ(via_reporter(ReportFormat::html, false), html.str());
  EXPECT_EQ(via_reporter(ReportFormat::sarif, false), sarif.str());
  EXPECT_EQ(via_reporter(ReportFormat::junit, false), junit.str());
  EXPECT_EQ(via_reporter(ReportFormat::md, false), markdown.str());
}

constexpr ReportFormat kFormats[] = {ReportFormat::table, ReportFormat::json,  ReportFormat::html,
                                     ReportFormat::sarif, ReportFormat::junit, ReportFormat::md};

// The config sample's findings were redacted from a planted password: every format shows the
// redacted value and none the password.
TEST(ReporterTest, NoFormatShowsAPassword) {
  const Report report = testing_support::config_scan_report();
  for (const ReportFormat format : kFormats) {
    for (const bool color : {false, true}) {
      std::ostringstream out;
      write_report(report, format, RenderOptions{color}, out);
      const std::string text = out.str();
      EXPECT_EQ(text.find(testing_support::kPlantedPassword), std::string::npos)
          << static_cast<int>(format);
      EXPECT_EQ(text.find("hunter2"), std::string::npos) << static_cast<int>(format);
      if (format != ReportFormat::table && format != ReportFormat::md) {
        EXPECT_NE(text.find("Tq***"), std::string::npos) << static_cast<int>(format);
      }
    }
  }
}

TEST(ReporterTest, ColorAffectsOnlyTheTable) {
  const Report report = testing_support::rich_report();
  for (const ReportFormat format : kFormats) {
    if (format == ReportFormat::table) continue;
    std::ostringstream plain, colored;
    write_report(report, format, RenderOptions{false}, plain);
    write_report(report, format, RenderOptions{true}, colored);
    EXPECT_EQ(plain.str(), colored.str());
    EXPECT_EQ(colored.str().find('\x1b'), std::string::npos);
  }
}

}  // namespace
}  // namespace reporter_test
}  // namespace mongoscan
