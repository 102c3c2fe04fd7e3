#include "reports/formats/json_report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/reports/sample_reports.h"
#include "tests/support/golden.h"
#include "tests/support/report_schema.h"

namespace mongoscan {
namespace json_report_test {
namespace {

using nlohmann::json;
using testing_support::acceptance_report;
using testing_support::cloud_report;
using testing_support::config_scan_report;
using testing_support::empty_report;
using testing_support::matches_golden;
using testing_support::matches_report_schema;
using testing_support::rich_report;

std::string render(const Report& report) {
  std::ostringstream out;
  write_json_report(report, out);
  return out.str();
}

TEST(JsonReportTest, EmptyReportMatchesGoldenAndSchema) {
  const std::string text = render(empty_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/empty.json", text));
  EXPECT_TRUE(matches_report_schema(text));
}

TEST(JsonReportTest, RichReportMatchesGoldenAndSchema) {
  const std::string text = render(rich_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/rich.json", text));
  EXPECT_TRUE(matches_report_schema(text));
}

// Issue 38 item 9: the Cloud part, each node joined to its managed deployment.
TEST(JsonReportTest, CloudReportMatchesGoldenAndSchema) {
  const std::string text = render(cloud_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/cloud.json", text));
  EXPECT_TRUE(matches_report_schema(text));
}

TEST(JsonReportTest, ConfigScanReportMatchesGoldenAndSchema) {
  const std::string text = render(config_scan_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/config-scan.json", text));
  EXPECT_TRUE(matches_report_schema(text));
}

// Issue 22: with a history, each environment says what changed since its previous run; a
// finding failing then and not judged now is unverified, never fixed.
TEST(JsonReportTest, HistoryReportCarriesChangesInEachEnvironment) {
  const std::string text = render(testing_support::history_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/history.json", text));
  EXPECT_TRUE(matches_report_schema(text));
  const json report = json::parse(text);
  const json& production = report["environments"][0]["changes"];
  EXPECT_EQ(production["previous_run"], "2026-03-01T09:00:00Z");
  ASSERT_EQ(production["new"].size(), 1u);
  EXPECT_EQ(production["new"][0]["check_id"], "AUTHN-001");
  ASSERT_EQ(production["fixed"].size(), 1u);
  EXPECT_EQ(production["fixed"][0]["check_id"], "CONN-002");
  ASSERT_EQ(production["unverified"].size(), 1u);
  EXPECT_EQ(production["unverified"][0]["now"], "absent");
  EXPECT_EQ(production["unchanged"], 1);
  EXPECT_EQ(production["still_failing"][0]["first_seen"], "2026-01-15T09:00:00Z");
  EXPECT_TRUE(report["environments"][1]["changes"]["previous_run"].is_null());
  EXPECT_FALSE(json::parse(render(testing_support::inventory_report()))["environments"][0].contains(
      "changes"))
      << "no history, no changes";
}

// Issue 22: an inventory scan's environments, each with its verdict, counts and coverage; its
// targets and findings name their environment.
TEST(JsonReportTest, InventoryReportMatchesGoldenAndSchema) {
  const std::string text = render(testing_support::inventory_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/inventory.json", text));
  EXPECT_TRUE(matches_report_schema(text));
  const json report = json::parse(text);
  ASSERT_EQ(report["environments"].size(), 3u);
  EXPECT_EQ(report["environments"][0]["name"], "production");
  EXPECT_EQ(report["environments"][0]["verdict"], "fail");
  EXPECT_EQ(report["environments"][0]["summary"]["fail"], 1);
  EXPECT_EQ(report["environments"][0]["summary"]["pass"], 1);
  EXPECT_EQ(report["environments"][0]["tags"]["tier"], "prod");
  EXPECT_EQ(report["environments"][1]["verdict"], "incomplete");
  EXPECT_EQ(report["environments"][1]["summary"]["error"], 1);
  EXPECT_EQ(report["environments"][2]["verdict"], "not scanned");
  EXPECT_EQ(report["environments"][2]["coverage"]["environments_not_scanned"], 1);
  EXPECT_EQ(report["coverage"]["statement"],
            "incomplete: 1 node not scanned, 1 check in error, 1 environment not scanned");
  EXPECT_EQ(report["targets"][1]["environment"], "staging");
  EXPECT_EQ(report["findings"][0]["environment"], "production");
  EXPECT_FALSE(json::parse(render(rich_report())).contains("environments"));
}

TEST(JsonReportTest, AcceptanceReportMatchesGoldenAndSchema) {
  const std::string text = render(acceptance_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/acceptance.json", text));
  EXPECT_TRUE(matches_report_schema(text));
  const json report = json::parse(text);
  EXPECT_EQ(report["findings"][0]["suppression"], "accepted");
  EXPECT_EQ(report["findings"][0]["acceptance"],
            json({{"reason", "lab network only <until the VPN moves>"},
                  {"expires", "2025-06-30"},
                  {"owner", "team-db"},
                  {"expired", false}}));
  EXPECT_FALSE(report["findings"][1].contains("suppression"));
  EXPECT_EQ(report["findings"][1]["acceptance"]["expired"], true);
  EXPECT_EQ(report["findings"][2]["acceptance"],
            json({{"reason", "test fixture"}, {"expired", false}}));
  EXPECT_EQ(report["stale_acceptances"].size(), 2u);
  EXPECT_EQ(report["stale_acceptances"][1]["expired"], true);
  EXPECT_FALSE(json::parse(render(config_scan_report())).contains("stale_acceptances"));
}

TEST(JsonReportTest, CarriesTheConfigScan) {
  const json report = json::parse(render(config_scan_report()));
  const json& scan = report["config_scan"];
  EXPECT_EQ(scan["roots"], json({"services", "deploy"}));
  EXPECT_EQ(scan["files_scanned"], 42);
  EXPECT_EQ(scan["bytes_scanned"], 183245);
  EXPECT_EQ(scan["skipped"][3], json({{"path", "services/data/dump 2024.json"},
                                      {"reason", "larger than 10485760 bytes"}}));
  EXPECT_EQ(scan["suppressed_by_rule"], json({{"example-value", 1}, {"placeholder-template", 3}}));
  EXPECT_EQ(report["summary"]["suppressed"], 2);
  EXPECT_FALSE(json::parse(render(rich_report())).contains("config_scan"))
      << "only a scan that read files has one";
}

// Like every optional key of the report: present when set, absent when empty.
TEST(JsonReportTest, FingerprintAndSuppressionOnlyWhenSet) {
  const json findings = json::parse(render(config_scan_report()))["findings"];
  EXPECT_EQ(findings[0]["fingerprint"], "3f9c2a7e5b1d4c08");
  EXPECT_FALSE(findings[0].contains("suppression"));
  EXPECT_EQ(findings[2]["suppression"], "inline");
  EXPECT_EQ(findings[3]["suppression"], "baseline");
  EXPECT_FALSE(findings[4].contains("fingerprint")) << "the sample's node finding has none";
  EXPECT_EQ(findings[0]["evidence"]["redacted_value"], "Tq***");
}

TEST(JsonReportTest, KeysComeInSchemaOrder) {
  const json report = json::parse(render(rich_report()));
  std::string text = render(rich_report());
  std::vector<std::size_t> positions;
  for (const char* key : {"\"schema_version\"", "\"tool\"", "\"started_at\"", "\"finished_at\"",
                          "\"inputs\"", "\"targets\"", "\"findings\"", "\"summary\""}) {
    positions.push_back(text.find(key));
  }
  EXPECT_TRUE(std::is_sorted(positions.begin(), positions.end()));
  EXPECT_EQ(report["schema_version"], 1);
  EXPECT_TRUE(text.starts_with("{\n  \"schema_version\": 1,\n  \"tool\": {\n    \"name\""));
  EXPECT_TRUE(text.ends_with("}\n"));
}

TEST(JsonReportTest, CarriesEveryFindingInFull) {
  const Report source = rich_report();
  const json report = json::parse(render(source));
  ASSERT_EQ(report["findings"].size(), source.findings.size());
  const json& version = report["findings"][12];
  EXPECT_EQ(version["check_id"], "VER-001");
  EXPECT_EQ(version["message"], source.findings[12].finding.message);
  EXPECT_EQ(report["findings"][8]["subject"],
            json({{"file", "config/app.yaml"}, {"line", 3}, {"column", 9}}));
  EXPECT_EQ(report["findings"][0]["subject"],
            json({{"uri", "mongodb://app:***@db1.example.test:27017/crm"},
                  {"file", "deploy/targets.txt"},
                  {"line", 2}}))
      << "a string from a --uri-file keeps its list line";
  EXPECT_EQ(report["findings"][1]["subject"],
            json({{"uri", "mongodb+srv://reporting:***@cluster0.example.test/"}}))
      << "a string given as an argument has none";
  EXPECT_EQ(report["findings"][2]["subject"], json({{"node", "db1.example.test:27017"}}));
  EXPECT_EQ(report["findings"][6]["evidence"], json::object()) << "null evidence is written as {}";
  EXPECT_EQ(report["summary"], json({{"pass", 15},
                                     {"fail", 10},
                                     {"warn", 4},
                                     {"error", 2},
                                     {"skipped", 1},
                                     {"suppressed", 0}}));
  EXPECT_EQ(
      report["targets"][0]["nodes"][2]["errors"][0],
      json({{"phase", "connect"}, {"code", "timeout"}, {"message", "timed out after 5000 ms"}}));
}

TEST(JsonReportTest, InvalidUtf8BecomesReplacementCharacter) {
  Report report = empty_report();
  report.inputs = {"config/caf\xe9.yaml"};
  const std::string text = render(report);
  EXPECT_NE(text.find("config/caf\xef\xbf\xbd.yaml"), std::string::npos) << text;
  EXPECT_TRUE(matches_report_schema(text));
}

}  // namespace
}  // namespace json_report_test
}  // namespace mongoscan
