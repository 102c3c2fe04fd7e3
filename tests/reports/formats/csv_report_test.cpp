#include "reports/formats/csv_report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/reports/sample_reports.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace csv_report_test {
namespace {

using testing_support::config_scan_report;
using testing_support::rich_report;

std::string render(const Report& report) {
  std::ostringstream out;
  write_csv_report(report, out);
  return out.str();
}

// Python's csv module (RFC 4180 as spreadsheets read it) parses the text back into rows.
nlohmann::json parsed_by_python(const std::string& text) {
  const auto run = testing_support::run_process(
      {"python3", "-c",
       "import csv, io, json, sys\n"
       "rows = list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode(), newline='')))\n"
       "print(json.dumps(rows))\n"},
      text);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return nlohmann::json::parse(run.out);
}

// Issue 40 item 6: a header and a row per result, every field read back as written by a real CSV
// parser, whatever commas, quotes, line breaks and non-ASCII text the messages hold.
TEST(CsvReport, EveryResultIsARowThatACsvParserReadsBack) {
  const Report report = rich_report();
  const std::string text = render(report);
  EXPECT_EQ(text.substr(0, text.find("\r\n")),
            "environment,check_id,title,layer,status,severity,gates,suppression,subject,message,"
            "remediation,references,fingerprint");
  const nlohmann::json rows = parsed_by_python(text);
  ASSERT_EQ(rows.size(), report.findings.size() + 1);
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const ReportedFinding& reported = report.findings[i];
    const nlohmann::json& row = rows[i + 1];
    ASSERT_EQ(row.size(), 13u);
    EXPECT_EQ(row[1], reported.finding.check_id);
    EXPECT_EQ(row[4], to_string(reported.finding.status));
    EXPECT_EQ(row[6], reported.gates ? "true" : "false");
    const std::string message = reported.finding.message;
    const bool defused =
        !message.empty() && std::string("=+-@\t\r").find(message[0]) != std::string::npos;
    EXPECT_EQ(row[9], defused ? "'" + message : message) << reported.finding.check_id;
  }
}

// A field that would run as a spreadsheet formula is defused; quotes double inside quotes.
TEST(CsvReport, FormulasAreDefusedAndQuotesDoubled) {
  Report report = rich_report();
  ASSERT_FALSE(report.findings.empty());
  report.findings.held().resize(1);
  report.findings[0].finding.message = "=HYPERLINK(\"http://x\",\"a, b\")";
  report.findings[0].environment = "@prod";
  const std::string text = render(report);
  EXPECT_NE(text.find("\"'=HYPERLINK(\"\"http://x\"\",\"\"a, b\"\")\""), std::string::npos) << text;
  const nlohmann::json rows = parsed_by_python(text);
  EXPECT_EQ(rows[1][0], "'@prod");
  EXPECT_EQ(rows[1][9], "'=HYPERLINK(\"http://x\",\"a, b\")");
}

TEST(CsvReport, NoSecretOfTheConfigSample) {
  EXPECT_EQ(render(config_scan_report()).find(testing_support::kPlantedPassword),
            std::string::npos);
}

}  // namespace
}  // namespace csv_report_test
}  // namespace mongoscan
