#include "reports/formats/sarif_report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "checks/registry.h"
#include "tests/reports/sample_reports.h"
#include "tests/support/golden.h"
#include "tests/support/report_schema.h"

namespace mongoscan {
namespace {

using nlohmann::json;
using testing_support::acceptance_report;
using testing_support::config_scan_report;
using testing_support::empty_report;
using testing_support::matches_golden;
using testing_support::matches_schema;
using testing_support::rich_report;

// The official SARIF 2.1.0 schema (tests/reports/schema/README.md says where it comes from).
constexpr const char* kSarifSchema = "tests/reports/schema/sarif-schema-2.1.0.json";

// Golden files pin the rules to the checks the sample findings name, so that they do not change
// whenever a check joins the registry.
std::string render(const Report& report) {
  std::ostringstream out;
  write_sarif_report(report, {}, out);
  return out.str();
}

::testing::AssertionResult matches_sarif_schema(const std::string& text) {
  return matches_schema(text, kSarifSchema, {"uri", "uri-reference"});
}

const json& result_at(const json& log, std::size_t index) {
  return log["runs"][0]["results"][index];
}

TEST(SarifReportTest, EmptyReportMatchesGoldenAndSchema) {
  const std::string text = render(empty_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/empty.sarif", text));
  EXPECT_TRUE(matches_sarif_schema(text));
}

TEST(SarifReportTest, RichReportMatchesGoldenAndSchema) {
  const std::string text = render(rich_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/rich.sarif", text));
  EXPECT_TRUE(matches_sarif_schema(text));
}

TEST(SarifReportTest, ConfigScanReportMatchesGoldenAndSchema) {
  const std::string text = render(config_scan_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/config-scan.sarif", text));
  EXPECT_TRUE(matches_sarif_schema(text));
}

TEST(SarifReportTest, AcceptanceReportMatchesGoldenAndSchemaWithTheReasonAsJustification) {
  const std::string text = render(acceptance_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/acceptance.sarif", text));
  EXPECT_TRUE(matches_sarif_schema(text));
  const json log = json::parse(text);
  const json& accepted = log["runs"][0]["results"][0]["suppressions"][0];
  EXPECT_EQ(accepted["kind"], "external");
  EXPECT_EQ(accepted["justification"], "lab network only <until the VPN moves>");
  EXPECT_EQ(accepted["properties"]["expires"], "2025-06-30");
  EXPECT_FALSE(log["runs"][0]["results"][1].contains("suppressions")) << "expired: it counts";
  EXPECT_EQ(log["runs"][0]["results"][2]["suppressions"][0]["justification"],
            "a mongoscan:allow comment on the line: test fixture");
}

TEST(SarifReportTest, TheSchemaValidatorRejectsABrokenLog) {
  json log = json::parse(render(config_scan_report()));
  log["runs"][0]["results"][0]["level"] = "fatal";
  log["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] =
      "deploy/a b.yaml";
  const ::testing::AssertionResult verdict = matches_sarif_schema(log.dump());
  EXPECT_FALSE(verdict);
  EXPECT_NE(std::string(verdict.message()).find("'fatal' is not one of"), std::string::npos)
      << verdict.message();
  EXPECT_NE(std::string(verdict.message()).find("is not a 'uri-reference'"), std::string::npos)
      << verdict.message();
}

// By default the rules are the whole catalogue, in its order, and stay within GitHub code
// scanning's 1000 rules; checks the catalogue lacks follow it.
TEST(SarifReportTest, RulesAreTheCheckCatalogue) {
  std::ostringstream out;
  write_sarif_report(config_scan_report(), out);
  EXPECT_TRUE(matches_sarif_schema(out.str()));
  const json log = json::parse(out.str());
  const json& rules = log["runs"][0]["tool"]["driver"]["rules"];
  const std::vector<CheckSpec>& catalogue = check_catalogue();
  ASSERT_GE(rules.size(), catalogue.size());
  EXPECT_LE(rules.size(), 1000u);
  for (std::size_t i = 0; i < catalogue.size(); ++i) EXPECT_EQ(rules[i]["id"], catalogue[i].id);
  for (const json& result : log["runs"][0]["results"]) {
    EXPECT_EQ(rules[result["ruleIndex"].get<std::size_t>()]["id"], result["ruleId"]);
  }
}

TEST(SarifReportTest, RulesCarryTheCheckSpec) {
  const json log = json::parse(render(config_scan_report()));
  const json& rule = log["runs"][0]["tool"]["driver"]["rules"][1];
  EXPECT_EQ(rule["id"], "APP-002");
  EXPECT_EQ(rule["name"], "NoHardcodedPasswordValues");
  EXPECT_EQ(rule["shortDescription"]["text"], "No hardcoded password values");
  EXPECT_EQ(rule["defaultConfiguration"]["level"], "error");
  EXPECT_EQ(rule["help"]["markdown"],
            "**Remediation:** Move the value to a secret store.\n\n**References:**\n\n"
            "- OWASP ASVS 2.10.4\n- CWE-798");
  EXPECT_EQ(rule["properties"]["tags"],
            json({"security", "mongodb", "credentials", "OWASP ASVS 2.10.4", "CWE-798"}));
  EXPECT_EQ(rule["properties"]["security-severity"], "8.0");
}

// Passes and skipped checks are no results; fails, warns and errors are, in report order.
TEST(SarifReportTest, ResultsAreFailsWarnsAndErrors) {
  const Report report = rich_report();
  const json log = json::parse(render(report));
  std::vector<std::string> expected;
  for (const ReportedFinding& reported : report.findings) {
    const Status status = reported.finding.status;
    if (status == Status::fail || status == Status::warn || status == Status::error)
      expected.push_back(reported.finding.message);
  }
  const json& results = log["runs"][0]["results"];
  ASSERT_EQ(results.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(results[i]["message"]["text"], expected[i]);
}

TEST(SarifReportTest, LevelsFollowStatusAndSeverity) {
  Report report = config_scan_report();
  const CheckSpec info{"INFO-001", "Informational", Layer::hardening, Severity::info, {}, ""};
  report.findings.push_back(
      {info, Finding{"INFO-001", Status::warn, Severity::info, Subject::node("h:1"), "i", {}}});
  report.findings.push_back(
      {info, Finding{"INFO-001", Status::error, Severity::info, Subject::node("h:1"), "e", {}}});
  const json log = json::parse(render(report));
  EXPECT_EQ(result_at(log, 0)["level"], "error") << "critical fail";
  EXPECT_EQ(result_at(log, 1)["level"], "warning") << "low fail (weak value, severity lowered)";
  EXPECT_EQ(result_at(log, 5)["level"], "warning") << "medium warn";
  EXPECT_EQ(result_at(log, 6)["level"], "note") << "info warn";
  EXPECT_EQ(result_at(log, 7)["kind"], "open") << "error: the check could not judge";
  EXPECT_EQ(result_at(log, 7)["level"], "none");
  EXPECT_TRUE(matches_sarif_schema(log.dump()));
}

TEST(SarifReportTest, FileFindingsPointAtTheirLine) {
  const json log = json::parse(render(config_scan_report()));
  const json& location = result_at(log, 3)["locations"][0]["physicalLocation"];
  EXPECT_EQ(location["artifactLocation"], json({{"uri", "deploy/compose%20f%C3%BCr%20prod.yaml"}}));
  EXPECT_EQ(location["region"], json({{"startLine", 22}, {"startColumn", 18}}));
  EXPECT_EQ(result_at(log, 0)["partialFingerprints"], json({{"mongoscan/v1", "3f9c2a7e5b1d4c08"}}));
}

// GitHub code scanning rejects a whole upload if one result lacks a physical location, so nodes
// and connection strings get one under the MONGODB_TARGETS base id, and their name as a logical
// location.
TEST(SarifReportTest, NodeAndUriFindingsHaveAPhysicalLocationToo) {
  const json log = json::parse(render(config_scan_report()));
  const json& node = result_at(log, 4)["locations"][0];
  EXPECT_EQ(node["physicalLocation"]["artifactLocation"],
            json({{"uri", "db1.example.test%3A27017"}, {"uriBaseId", "MONGODB_TARGETS"}}));
  EXPECT_EQ(node["logicalLocations"][0],
            json({{"name", "db1.example.test:27017"}, {"kind", "resource"}}));
  const json& uri = result_at(log, 5)["locations"][0];
  EXPECT_EQ(
      uri["physicalLocation"]["artifactLocation"]["uri"],
      "mongodb%3A%2F%2Fapp%3A%2A%2A%2A%40db1.example.test%3A27017%2Fcrm%3FretryWrites%3Dfalse");
  EXPECT_TRUE(log["runs"][0]["originalUriBaseIds"].contains("MONGODB_TARGETS"));
  EXPECT_FALSE(json::parse(render(empty_report()))["runs"][0].contains("originalUriBaseIds"));
  for (const json& result : log["runs"][0]["results"]) {
    EXPECT_TRUE(result["locations"][0]["physicalLocation"]["artifactLocation"].contains("uri"))
        << result;
  }
}

TEST(SarifReportTest, SuppressionsSayWhereTheyAreKept) {
  const json log = json::parse(render(config_scan_report()));
  EXPECT_FALSE(result_at(log, 0).contains("suppressions"));
  EXPECT_EQ(result_at(log, 2)["suppressions"][0]["kind"], "inSource");
  EXPECT_EQ(result_at(log, 3)["suppressions"][0]["kind"], "external");
}

TEST(SarifReportTest, SkippedFilesAreToolExecutionNotes) {
  const json log = json::parse(render(config_scan_report()));
  const json& invocation = log["runs"][0]["invocations"][0];
  EXPECT_EQ(invocation["executionSuccessful"], true);
  const json& notifications = invocation["toolExecutionNotifications"];
  ASSERT_EQ(notifications.size(), 4u);
  EXPECT_EQ(notifications[0]["level"], "note");
  EXPECT_EQ(notifications[0]["message"]["text"], "skipped: unreadable: Permission denied");
  EXPECT_EQ(notifications[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "deploy/Konfiguration%20f%C3%BCr%20Gr%C3%B6%C3%9Fe/app.yaml");
  EXPECT_FALSE(json::parse(render(empty_report()))["runs"][0]["invocations"][0].contains(
      "toolExecutionNotifications"));
}

// An incomplete scan is not a successful execution, and an error notification says why.
TEST(SarifReportTest, AnIncompleteScanIsAnUnsuccessfulExecution) {
  const json invocation = json::parse(render(rich_report()))["runs"][0]["invocations"][0];
  EXPECT_EQ(invocation["executionSuccessful"], false);
  ASSERT_EQ(invocation["toolExecutionNotifications"].size(), 1u);
  EXPECT_EQ(invocation["toolExecutionNotifications"][0]["level"], "error");
  EXPECT_EQ(invocation["toolExecutionNotifications"][0]["message"]["text"],
            "incomplete: 1 node not scanned, 2 checks in error");
}

}  // namespace
}  // namespace mongoscan
