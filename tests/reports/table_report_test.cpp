#include "reports/table_report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "reports/console_text.h"
#include "tests/reports/sample_reports.h"
#include "tests/support/golden.h"

namespace mongoscan {
namespace {

using testing_support::empty_report;
using testing_support::matches_golden;
using testing_support::rich_report;

std::string render(const Report& report, bool color) {
  std::ostringstream out;
  write_table_report(report, color, out);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The code-point column at which needle starts in line.
std::size_t column_of(const std::string& line, const std::string& needle) {
  return display_width(line.substr(0, line.find(needle)));
}

TEST(TableReportTest, EmptyReportMatchesGolden) {
  EXPECT_TRUE(
      matches_golden("tests/reports/golden/empty.table.txt", render(empty_report(), false)));
}

TEST(TableReportTest, EmptyReportWithColorMatchesGolden) {
  EXPECT_TRUE(
      matches_golden("tests/reports/golden/empty.table-color.txt", render(empty_report(), true)));
}

TEST(TableReportTest, RichReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/rich.table.txt", render(rich_report(), false)));
}

TEST(TableReportTest, RichReportWithColorMatchesGolden) {
  EXPECT_TRUE(
      matches_golden("tests/reports/golden/rich.table-color.txt", render(rich_report(), true)));
}

TEST(TableReportTest, NoEscapeSequencesWithoutColor) {
  EXPECT_EQ(render(rich_report(), false).find('\x1b'), std::string::npos);
  EXPECT_NE(render(rich_report(), true).find("\x1b[1;31mFAIL\x1b[0m"), std::string::npos);
}

TEST(TableReportTest, ColumnsAlignAcrossMultibyteText) {
  const Report report = rich_report();
  const std::vector<std::string> lines = lines_of(render(report, false));
  std::size_t rows = 0;
  for (const ReportedFinding& reported : report.findings) {
    for (const std::string& line : lines) {
      if (line.find("  " + reported.finding.check_id + "  ") == std::string::npos) continue;
      ++rows;
      EXPECT_EQ(column_of(line, reported.finding.check_id), 21u) << line;
      EXPECT_EQ(column_of(line, std::string(reported.finding.message, 0, 12)), 74u) << line;
    }
  }
  EXPECT_EQ(rows, report.findings.size());
}

TEST(TableReportTest, GroupsByLayerInLayerOrder) {
  const std::string table = render(rich_report(), false);
  const std::vector<std::string> headings = {
      "\nDiscovery\n",     "\nNetwork exposure\n",         "\nAuthentication\n",
      "\nAuthorization\n", "\nTransport security (TLS)\n", "\nServer hardening\n",
      "\nVersions\n",      "\nConnection strings\n",       "\nCredentials in files\n",
      "\nData model\n"};
  std::size_t previous = 0;
  for (const std::string& heading : headings) {
    const std::size_t at = table.find(heading);
    ASSERT_NE(at, std::string::npos) << heading;
    EXPECT_GT(at, previous) << heading;
    previous = at;
  }
}

TEST(TableReportTest, CutsLongMessagesAndKeepsShortOnes) {
  const std::string table = render(rich_report(), false);
  EXPECT_NE(table.find("MongoDB 6.0.13 reaches its end of life"), std::string::npos);
  EXPECT_EQ(table.find("security fixes stop"), std::string::npos);
  EXPECT_NE(table.find("…"), std::string::npos);
  EXPECT_NE(table.find("Collection «Kundendaten_Übersicht» is not lowercase — 顧客 ünïcödé"),
            std::string::npos);
}

TEST(TableReportTest, EndsWithTheSummaryLine) {
  const std::string table = render(rich_report(), false);
  EXPECT_TRUE(table.ends_with("\n13 checks: 5 fail, 3 warn, 3 pass, 1 error, 1 skipped\n"))
      << table;
  EXPECT_TRUE(render(empty_report(), false)
                  .ends_with("\n0 checks: 0 fail, 0 warn, 0 pass, 0 error, 0 skipped\n"));
}

TEST(TableReportTest, TerminalControlCharactersNeverReachTheOutput) {
  Report report = empty_report();
  report.inputs = {"config/\x1b]0;owned\x07.yaml"};
  report.findings.push_back({CheckSpec{"NET-001", "t", Layer::network, Severity::low, {}, ""},
                             Finding{"NET-001", Status::fail, Severity::low, Subject::node("h:1"),
                                     "evil\x1b[2J\r\nline \xc2\x9b"
                                     "31m",
                                     nullptr}});
  for (const bool color : {false, true}) {
    const std::string table = render(report, color);
    EXPECT_EQ(table.find("\x1b]"), std::string::npos);
    EXPECT_EQ(table.find("\x1b[2J"), std::string::npos);
    EXPECT_EQ(table.find('\r'), std::string::npos);
    EXPECT_EQ(table.find("\xc2\x9b"), std::string::npos);
    EXPECT_NE(table.find("evil [2J  line  31m"), std::string::npos) << table;
  }
}

}  // namespace
}  // namespace mongoscan
