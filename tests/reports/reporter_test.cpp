#include "reports/reporter.h"

#include <gtest/gtest.h>

#include <sstream>

#include "reports/html_report.h"
#include "reports/json_report.h"
#include "reports/table_report.h"
#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace {

TEST(ReporterTest, ParsesFormatNames) {
  EXPECT_EQ(parse_report_format("table"), ReportFormat::table);
  EXPECT_EQ(parse_report_format("json"), ReportFormat::json);
  EXPECT_EQ(parse_report_format("html"), ReportFormat::html);
  EXPECT_EQ(parse_report_format("JSON"), std::nullopt);
  EXPECT_EQ(parse_report_format(""), std::nullopt);
  EXPECT_EQ(parse_report_format("sarif"), std::nullopt);
}

TEST(ReporterTest, DispatchesToTheFormatsWriter) {
  const Report report = testing_support::rich_report();
  const auto via_reporter = [&](ReportFormat format, bool color) {
    std::ostringstream out;
    write_report(report, format, RenderOptions{color}, out);
    return out.str();
  };
  std::ostringstream table, colored_table, json, html;
  write_table_report(report, false, table);
  write_table_report(report, true, colored_table);
  write_json_report(report, json);
  write_html_report(report, html);
  EXPECT_EQ(via_reporter(ReportFormat::table, false), table.str());
  EXPECT_EQ(via_reporter(ReportFormat::table, true), colored_table.str());
  EXPECT_EQ(via_reporter(ReportFormat::json, false), json.str());
  EXPECT_EQ(via_reporter(ReportFormat::html, false), html.str());
}

TEST(ReporterTest, ColorAffectsOnlyTheTable) {
  const Report report = testing_support::rich_report();
  for (const ReportFormat format : {ReportFormat::json, ReportFormat::html}) {
    std::ostringstream plain, colored;
    write_report(report, format, RenderOptions{false}, plain);
    write_report(report, format, RenderOptions{true}, colored);
    EXPECT_EQ(plain.str(), colored.str());
    EXPECT_EQ(colored.str().find('\x1b'), std::string::npos);
  }
}

}  // namespace
}  // namespace mongoscan
