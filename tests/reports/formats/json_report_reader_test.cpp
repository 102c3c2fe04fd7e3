#include "reports/formats/json_report_reader.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "reports/formats/json_report.h"
#include "reports/reporter.h"
#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace json_report_reader_test {
namespace {

using nlohmann::json;

constexpr ReportFormat kEveryFormat[] = {ReportFormat::table, ReportFormat::json,
                                         ReportFormat::html,  ReportFormat::sarif,
                                         ReportFormat::junit, ReportFormat::md};

std::string rendered(const Report& report, ReportFormat format) {
  std::ostringstream out;
  RenderOptions options;
  options.sarif.deployment_results = true;  // every finding in the SARIF, not only file ones
  write_report(report, format, options, out);
  return out.str();
}

std::string json_of(const Report& report) { return rendered(report, ReportFormat::json); }

// The error read_json_report gives for `text`; empty when it reads.
std::string read_error(const std::string& text) {
  const Result<Report> read = read_json_report(text);
  return read.ok() ? std::string() : read.error().message;
}

// The rich report's JSON with one change made to its parsed form.
template <class Edit>
std::string edited_rich_json(Edit edit) {
  json report = json::parse(json_of(testing_support::rich_report()));
  edit(report);
  return report.dump();
}

// Every format renders a report read back from its JSON exactly as it rendered the report itself:
// nothing a format shows is lost on the way through JSON.
void expect_every_format_survives_json(const Report& original) {
  const Result<Report> read = read_json_report(json_of(original));
  ASSERT_TRUE(read.ok()) << read.error().message;
  for (const ReportFormat format : kEveryFormat) {
    EXPECT_EQ(rendered(read.value(), format), rendered(original, format))
        << "format " << static_cast<int>(format);
  }
}

TEST(JsonReportReaderTest, EmptyReportSurvivesJsonInEveryFormat) {
  expect_every_format_survives_json(testing_support::empty_report());
}

TEST(JsonReportReaderTest, RichReportSurvivesJsonInEveryFormat) {
  expect_every_format_survives_json(testing_support::rich_report());
}

TEST(JsonReportReaderTest, ConfigScanReportSurvivesJsonInEveryFormat) {
  expect_every_format_survives_json(testing_support::config_scan_report());
}

TEST(JsonReportReaderTest, AcceptanceReportSurvivesJsonInEveryFormat) {
  expect_every_format_survives_json(testing_support::acceptance_report());
}

TEST(JsonReportReaderTest, ManyNodesReportSurvivesJsonInEveryFormat) {
  expect_every_format_survives_json(testing_support::many_nodes_report(20));
}

TEST(JsonReportReaderTest, InventoryReportSurvivesJsonInEveryFormat) {
  expect_every_format_survives_json(testing_support::inventory_report());
}

TEST(JsonReportReaderTest, HistoryReportSurvivesJsonInEveryFormat) {
  expect_every_format_survives_json(testing_support::history_report());
}

TEST(JsonReportReaderTest, CloudReportSurvivesJsonInEveryFormat) {
  expect_every_format_survives_json(testing_support::cloud_report());
}

TEST(JsonReportReaderTest, GateAndDefaultSeverityComeFromTheReportNotFromTheReader) {
  Report report = testing_support::rich_report();
  ASSERT_FALSE(report.findings.empty());
  report.findings[0].gates = !report.findings[0].gates;
  CheckSpec spec = *report.findings[0].spec;
  spec.severity = Severity::info;
  report.findings[0].spec = spec;
  const Result<Report> read = read_json_report(json_of(report));
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(read.value().findings[0].gates, report.findings[0].gates);
  EXPECT_EQ(read.value().findings[0].spec->severity, Severity::info);
}

TEST(JsonReportReaderTest, TextThatIsNotJsonSaysWhereItBreaks) {
  EXPECT_EQ(read_error("{\"schema_version\": 1,"), "not JSON (syntax error at byte 22)");
}

TEST(JsonReportReaderTest, OtherJsonIsNotAReport) {
  EXPECT_EQ(read_error(R"({"version": "2.1.0", "runs": []})"),
            "not a mongoscan JSON report (no schema_version)");
  EXPECT_EQ(read_error("[1, 2]"), "not a mongoscan JSON report (no schema_version)");
}

TEST(JsonReportReaderTest, AnotherSchemaVersionIsRefused) {
  const std::string text = edited_rich_json([](json& report) { report["schema_version"] = 2; });
  EXPECT_EQ(read_error(text), "/schema_version: 2 is not 1, the version this mongoscan reads");
}

TEST(JsonReportReaderTest, AMissingMemberIsNamedByItsPointer) {
  const std::string text =
      edited_rich_json([](json& report) { report["targets"][0]["nodes"][0].erase("address"); });
  EXPECT_EQ(read_error(text), "/targets/0/nodes/0/address: missing");
  EXPECT_EQ(read_error(edited_rich_json([](json& report) { report.erase("coverage"); })),
            "/coverage: missing");
  EXPECT_EQ(
      read_error(edited_rich_json([](json& report) { report["findings"][1].erase("gates"); })),
      "/findings/1/gates: missing");
}

TEST(JsonReportReaderTest, AWrongValueIsNamedByItsPointerButNeverQuoted) {
  const std::string planted = "Zr7-not-a-status-but-a-secret";
  const std::string status = read_error(
      edited_rich_json([&](json& report) { report["findings"][2]["status"] = planted; }));
  EXPECT_EQ(status, "/findings/2/status: not one of pass fail warn error skipped");
  const std::string suppression = read_error(
      edited_rich_json([&](json& report) { report["findings"][0]["suppression"] = planted; }));
  EXPECT_EQ(suppression, "/findings/0/suppression: not one of inline accepted baseline");
  EXPECT_EQ(read_error(edited_rich_json([](json& report) { report["inputs"][1] = 7; })),
            "/inputs/1: not a string");
  EXPECT_EQ(read_error(edited_rich_json([](json& report) { report["statistics"]["nodes"] = -1; })),
            "/statistics/nodes: not a count");
  EXPECT_EQ(read_error(edited_rich_json([](json& report) { report["findings"] = json::object(); })),
            "/findings: not an array");
  EXPECT_EQ(read_error(edited_rich_json([](json& report) {
              report["findings"][0]["subject"] = {{"file", "a"}, {"line", 1.5}};
            })),
            "/findings/0/subject/line: not an integer in range");
}

TEST(JsonReportReaderTest, AReferenceThatIsNoControlIsNamedByItsPointer) {
  EXPECT_EQ(read_error(edited_rich_json([](json& report) {
              report["findings"][0]["references"][0] = "CIS MongoDB 8 Benchmark 7.1: Ensure TLS";
            })),
            "/findings/0/references/0: not a control reference (\"<framework> <id>: <title>\")");
}

TEST(JsonReportReaderTest, ControlsSectionsSurviveJson) {
  const Report original = testing_support::rich_report();
  const Result<Report> read = read_json_report(json_of(original));
  ASSERT_TRUE(read.ok()) << read.error().message;
  for (const Framework framework : {Framework::cis, Framework::stig, Framework::checklist,
                                    Framework::devspec, Framework::prowler, Framework::stig7}) {
    RenderOptions options;
    options.framework = FrameworkChoice{framework};
    for (const ReportFormat format : {ReportFormat::html, ReportFormat::md}) {
      std::ostringstream from_json;
      std::ostringstream from_report;
      write_report(read.value(), format, options, from_json);
      write_report(original, format, options, from_report);
      EXPECT_EQ(from_json.str(), from_report.str()) << to_string(framework);
    }
  }
}

TEST(JsonReportReaderTest, PointersEscapeSlashAndTilde) {
  const std::string text = edited_rich_json([](json& report) {
    report["config_scan"] = {{"roots", json::array()},
                             {"files_scanned", 0},
                             {"bytes_scanned", 0},
                             {"skipped", json::array()},
                             {"suppressed_by_rule", {{"a/b~c", "three"}}}};
  });
  EXPECT_EQ(read_error(text), "/config_scan/suppressed_by_rule/a~1b~0c: not a count");
}

TEST(JsonReportReaderTest, MembersItDoesNotKnowAreIgnored) {
  const std::string text = edited_rich_json([](json& report) {
    report["findings"][0]["added_later"] = {1, 2};
  });
  const Result<Report> read = read_json_report(text);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(json_of(read.value()), json_of(testing_support::rich_report()));
}

}  // namespace
}  // namespace json_report_reader_test
}  // namespace mongoscan
