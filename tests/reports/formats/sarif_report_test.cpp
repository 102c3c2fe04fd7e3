#include "reports/formats/sarif_report.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "checks/registry.h"
#include "tests/reports/sample_reports.h"
#include "tests/support/golden.h"
#include "tests/support/report_schema.h"

namespace mongoscan {
namespace sarif_report_test {
namespace {

using nlohmann::json;
using testing_support::acceptance_report;
using testing_support::cloud_report;
using testing_support::config_scan_report;
using testing_support::empty_report;
using testing_support::matches_golden;
using testing_support::matches_schema;
using testing_support::rich_report;

// The official SARIF 2.1.0 schema (tests/reports/schema/README.md says where it comes from).
constexpr const char* kSarifSchema = "tests/reports/schema/sarif-schema-2.1.0.json";

// Golden files pin the rules to the checks the sample findings name, so that they do not change
// whenever a check joins the registry.
std::string render(const Report& report, const SarifOptions& options = {}) {
  std::ostringstream out;
  write_sarif_report(report, std::vector<CheckSpec>{}, options, out);
  return out.str();
}

SarifOptions with_deployment() {
  SarifOptions options;
  options.deployment_results = true;
  return options;
}

// The report with --sarif-deployment, every deployment subject named at line 1 of targets.txt
// (as a --uri-file names its targets): results are left out where no list line places them.
Report listed(Report report) {
  for (ReportedFinding& reported : report.findings.held()) {
    Subject& subject = reported.finding.subject;
    if (subject.kind != Subject::Kind::file && !subject.listed_at)
      subject.listed_at = ListedAt{"targets.txt", 1};
  }
  return report;
}

std::string render_deployment(const Report& report) {
  return render(listed(report), with_deployment());
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

// Issue 38 item 9: the Cloud part in the run's property bag.
TEST(SarifReportTest, CloudReportMatchesGoldenAndSchema) {
  const std::string text = render(cloud_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/cloud.sarif", text));
  EXPECT_TRUE(matches_sarif_schema(text));
}

TEST(SarifReportTest, ConfigScanReportMatchesGoldenAndSchema) {
  const std::string text = render(config_scan_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/config-scan.sarif", text));
  EXPECT_TRUE(matches_sarif_schema(text));
}

TEST(SarifReportTest, DeploymentResultsMatchGoldenAndSchema) {
  const std::string text = render_deployment(rich_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/rich-deployment.sarif", text));
  EXPECT_TRUE(matches_sarif_schema(text));
}

TEST(SarifReportTest, AcceptanceReportMatchesGoldenAndSchemaWithTheReasonAsJustification) {
  // Its connection strings were given as arguments: their results need --sarif-deployment.
  const std::string text = render_deployment(acceptance_report());
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
  write_sarif_report(config_scan_report(), SarifOptions{}, out);
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
            "- Development specification A3.7: Application: credential storage\n"
            "- Development specification A2.5: No disabled authentication and no arbitrary "
            "public exposure in production");
  EXPECT_FALSE(rule.contains("helpUri")) << "no base given: mongoscan has no public home";
  EXPECT_EQ(rule["properties"]["tags"], json({"security", "external/cwe/cwe-798", "credentials"}));
  EXPECT_EQ(rule["properties"]["security-severity"], "8.0");
  const json& conn004 = log["runs"][0]["tool"]["driver"]["rules"][4];
  EXPECT_EQ(conn004["id"], "CONN-004");
  EXPECT_EQ(conn004["properties"]["tags"], json({"security", "connection_string"}))
      << "no CWE fits a retry setting";
}

TEST(SarifReportTest, HelpUriFollowsTheConfiguredBase) {
  SarifOptions options;
  options.help_base = "https://example.test/docs/checks.md";
  const json log = json::parse(render(config_scan_report(), options));
  EXPECT_EQ(log["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"],
            "https://example.test/docs/checks.md#check-app-001");
}

// With a base given, helpUri's fragment is an anchor of the checks reference, for every check of
// the catalogue.
TEST(SarifReportTest, EveryHelpUriAnchorIsInTheChecksReference) {
  std::ifstream file(std::string(MONGOSCAN_SOURCE_DIR) + "/docs/checks.md");
  std::ostringstream reference;
  reference << file.rdbuf();
  ASSERT_FALSE(reference.str().empty());
  SarifOptions options;
  options.help_base = "https://example.test/docs/checks.md";
  std::ostringstream out;
  write_sarif_report(empty_report(), options, out);
  std::size_t rules = 0;
  const json log = json::parse(out.str());
  for (const json& rule : log["runs"][0]["tool"]["driver"]["rules"]) {
    const std::string uri = rule["helpUri"];
    const std::string anchor = "<a id=\"" + uri.substr(uri.find('#') + 1) + "\"></a>";
    EXPECT_NE(reference.str().find(anchor), std::string::npos) << rule["id"];
    ++rules;
  }
  EXPECT_EQ(rules, check_catalogue().size());
}

// A rule's security-severity is the highest effective severity among its results: APP-002's
// results are low (a weak value, lowered) and high (suppressed inline); a policy that lowers
// every APP-002 result lowers the rule; a rule without results keeps its default.
TEST(SarifReportTest, SecuritySeverityIsTheHighestEffectiveSeverity) {
  Report report = config_scan_report();
  const auto app002 = [](const Report& rendered) {
    return json::parse(render(rendered))["runs"][0]["tool"]["driver"]["rules"][1];
  };
  EXPECT_EQ(app002(report)["properties"]["security-severity"], "8.0");
  for (ReportedFinding& reported : report.findings.held()) {
    if (reported.finding.check_id == "APP-002") reported.finding.severity = Severity::low;
  }
  EXPECT_EQ(app002(report)["properties"]["security-severity"], "3.0");
  EXPECT_EQ(app002(report)["defaultConfiguration"]["level"], "warning");
  for (ReportedFinding& reported : report.findings.held()) {
    if (reported.finding.check_id == "APP-002") reported.finding.severity = Severity::critical;
  }
  EXPECT_EQ(app002(report)["properties"]["security-severity"], "9.5");
  const json pass_only =
      json::parse(render(config_scan_report()))["runs"][0]["tool"]["driver"]["rules"][3];
  EXPECT_EQ(pass_only["id"], "CONN-001");
  EXPECT_EQ(pass_only["properties"]["security-severity"], "5.5") << "medium by default";
}

// Passes and skipped checks are no results; fails, warns and errors are, in report order: by
// default only those in a file (a config finding, a listed string), with --sarif-deployment all,
// a deployment result's message naming its subject.
TEST(SarifReportTest, ResultsAreFailsWarnsAndErrors) {
  // The messages in report order: with `deployment`, those of every subject, a deployment
  // subject's naming it; else those in a file.
  const auto expected = [](const Report& report, bool deployment) {
    std::vector<std::string> messages;
    for (const ReportedFinding& reported : report.findings) {
      const Finding& finding = reported.finding;
      if (finding.status == Status::pass || finding.status == Status::skipped) continue;
      const bool in_file =
          finding.subject.kind == Subject::Kind::file ||
          (finding.subject.kind == Subject::Kind::uri && finding.subject.listed_at);
      if (in_file) {
        messages.push_back(finding.message);
      } else if (deployment) {
        messages.push_back(finding.subject.name + ": " + finding.message);
      }
    }
    return messages;
  };
  const std::vector<std::string> in_files = expected(rich_report(), false);
  ASSERT_EQ(in_files.size(), 3u) << "two APP findings and the listed CONN-001";
  const json results = json::parse(render(rich_report()))["runs"][0]["results"];
  ASSERT_EQ(results.size(), in_files.size());
  for (std::size_t i = 0; i < in_files.size(); ++i) {
    EXPECT_EQ(results[i]["message"]["text"], in_files[i]);
  }
  const std::vector<std::string> all = expected(listed(rich_report()), true);
  const json every = json::parse(render_deployment(rich_report()))["runs"][0]["results"];
  ASSERT_EQ(every.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(every[i]["message"]["text"], all[i]);
}

// GitHub matches alerts across runs by partialFingerprints: every result has one, the finding's
// own, else the identity finding_fingerprint gives it.
TEST(SarifReportTest, EveryResultHasAFingerprint) {
  const Report report = rich_report();
  const json results = json::parse(render_deployment(report))["runs"][0]["results"];
  ASSERT_FALSE(results.empty());
  for (const json& result : results) {
    const std::string fingerprint = result["partialFingerprints"]["mongoscan/v1"];
    EXPECT_EQ(fingerprint.size(), 32u) << result;
  }
  EXPECT_EQ(
      json::parse(render(
          config_scan_report()))["runs"][0]["results"][0]["partialFingerprints"]["mongoscan/v1"],
      "3f9c2a7e5b1d4c08");
}

// Issue 21: warns are notes whatever their severity, so that code scanning never shows one as an
// error; fails keep their severity's level.
TEST(SarifReportTest, WarnsAreNotes) {
  const Report report = rich_report();
  const json results = json::parse(render_deployment(report))["runs"][0]["results"];
  std::size_t warns = 0;
  for (const json& result : results) {
    if (result["properties"]["status"] != "warn") continue;
    ++warns;
    EXPECT_EQ(result["level"], "note") << result;
  }
  EXPECT_GE(warns, 3u);
}

TEST(SarifReportTest, LevelsFollowStatusAndSeverity) {
  Report report = config_scan_report();
  const CheckSpec info{"INFO-001", "Informational", Layer::hardening, Severity::info, {}, ""};
  report.findings.push_back(
      {info, Finding{"INFO-001", Status::warn, Severity::info, Subject::node("h:1"), "i", {}}});
  report.findings.push_back(
      {info, Finding{"INFO-001", Status::error, Severity::info, Subject::node("h:1"), "e", {}}});
  const json log = json::parse(render_deployment(report));
  EXPECT_EQ(result_at(log, 0)["level"], "error") << "critical fail";
  EXPECT_EQ(result_at(log, 1)["level"], "warning") << "low fail (weak value, severity lowered)";
  EXPECT_EQ(result_at(log, 4)["level"], "error") << "critical fail on a node";
  EXPECT_EQ(result_at(log, 5)["level"], "note") << "medium warn";
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

// A string from --uri-file or --app-uri-file is located at its list line; a node is left out
// unless --sarif-deployment, then at its deployment's list line, else at the pseudo-path, its
// name the logical location. GitHub rejects a whole upload if one result lacks a physical
// location, so every result has one.
TEST(SarifReportTest, ListedStringsAndDeploymentResultsHaveARealLocation) {
  Report report = config_scan_report();
  const json log = json::parse(render(report));
  ASSERT_EQ(log["runs"][0]["results"].size(), 5u) << "four file findings and the listed string";
  const json& listed = result_at(log, 4)["locations"][0];
  EXPECT_EQ(listed["physicalLocation"],
            json({{"artifactLocation", {{"uri", "deploy/app%20uris.txt"}}},
                  {"region", {{"startLine", 4}}}}));
  EXPECT_EQ(listed["logicalLocations"][0]["name"],
            "mongodb://app:***@db1.example.test:27017/crm?retryWrites=false");
  for (const json& result : log["runs"][0]["results"]) {
    EXPECT_NE(result["ruleId"], "AUTHN-001") << "a node result without --sarif-deployment";
  }

  // Without a list line a node has no place in the repository: left out, with a note.
  const json all = json::parse(render(report, with_deployment()));
  EXPECT_EQ(all["runs"][0]["results"].size(), 5u);
  const json& notes = all["runs"][0]["invocations"][0]["toolExecutionNotifications"];
  EXPECT_NE(notes.back()["message"]["text"].get<std::string>().find(
                "have no list line to place them at and are left out"),
            std::string::npos)
      << notes.back();

  for (ReportedFinding& reported : report.findings.held()) {
    if (reported.finding.subject.kind == Subject::Kind::node) {
      reported.finding.subject.listed_at = ListedAt{"targets.txt", 7};
    }
  }
  const json listed_node = json::parse(render(report, with_deployment()));
  const json& node = result_at(listed_node, 4);
  EXPECT_EQ(node["ruleId"], "AUTHN-001");
  EXPECT_EQ(node["locations"][0]["physicalLocation"],
            json({{"artifactLocation", {{"uri", "targets.txt"}}}, {"region", {{"startLine", 7}}}}));
  EXPECT_EQ(node["locations"][0]["logicalLocations"][0],
            json({{"name", "db1.example.test:27017"}, {"kind", "resource"}}));
  EXPECT_FALSE(all["runs"][0].contains("originalUriBaseIds"));
  for (const json& result : all["runs"][0]["results"]) {
    EXPECT_TRUE(result["locations"][0]["physicalLocation"]["artifactLocation"].contains("uri"))
        << result;
  }
  EXPECT_TRUE(matches_sarif_schema(all.dump()));
}

// Issue 40 item 2: every suppression says where it is kept and that it is in effect.
TEST(SarifReportTest, SuppressionsSayWhereTheyAreKept) {
  const json log = json::parse(render(config_scan_report()));
  EXPECT_FALSE(result_at(log, 0).contains("suppressions"));
  EXPECT_EQ(result_at(log, 2)["suppressions"][0]["kind"], "inSource");
  EXPECT_EQ(result_at(log, 3)["suppressions"][0]["kind"], "external");
  for (const std::size_t index : {std::size_t{2}, std::size_t{3}}) {
    EXPECT_EQ(result_at(log, index)["suppressions"][0]["status"], "accepted") << index;
  }
  EXPECT_TRUE(matches_sarif_schema(log.dump())) << "the OASIS schema has suppression.status";
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

// Issue 40 item 2: code scanning's severity follows each result: a fail at its own, a warning or
// an error at most low, per result and in its rule (the highest among the rule's results), so a
// warning never shows as High; every rule says its precision.
TEST(SarifReportTest, AWarningNeverReadsAsAHighAlert) {
  Report report = config_scan_report();
  const CheckSpec spec{"HIGH-001", "A high check", Layer::hardening, Severity::high, {}, ""};
  report.findings.push_back(
      {spec,
       Finding{
           "HIGH-001", Status::warn, Severity::critical, Subject::file("a.conf", 1, 1), "w", {}}});
  const json log = json::parse(render(report));
  const json& results = log["runs"][0]["results"];
  const json& warned = results.back();
  EXPECT_EQ(warned["ruleId"], "HIGH-001");
  EXPECT_EQ(warned["properties"]["security-severity"], "3.0");
  for (const json& rule : log["runs"][0]["tool"]["driver"]["rules"]) {
    if (rule["id"] == "HIGH-001") {
      EXPECT_EQ(rule["properties"]["security-severity"], "3.0");
    }
    const std::string precision = rule["properties"]["precision"];
    EXPECT_TRUE(precision == "high" || precision == "very-high") << rule["id"];
  }
  EXPECT_EQ(results[0]["properties"]["security-severity"], "9.5") << "a critical fail";
}

// Issue 40 item 2: one code-scanning category per set of environments, so that shards and
// environments uploaded apart keep their own alerts.
TEST(SarifReportTest, TheCategoryFollowsTheEnvironments) {
  EXPECT_EQ(sarif_category(empty_report()), "mongoscan/scan/");
  Report report = testing_support::inventory_report();
  EXPECT_EQ(sarif_category(report), "mongoscan/production+staging+reporting/");
  EXPECT_EQ(json::parse(render(report))["runs"][0]["automationDetails"]["id"],
            "mongoscan/production+staging+reporting/");
  for (const char* name : {"a", "b", "c"}) {
    EnvironmentSummary environment;
    environment.name = name;
    report.environments.push_back(environment);
  }
  const std::string many = sarif_category(report);
  EXPECT_TRUE(many.starts_with("mongoscan/6-environments-")) << many;
  std::reverse(report.environments.begin(), report.environments.end());
  EXPECT_EQ(sarif_category(report), many) << "whatever their order";
}

// Issue 22: an inventory's results say which environment they belong to.
TEST(SarifReportTest, InventoryResultsNameTheirEnvironment) {
  const json sarif = json::parse(render_deployment(testing_support::inventory_report()));
  std::set<std::string> environments;
  for (const json& result : sarif["runs"][0]["results"]) {
    if (result.contains("properties") && result["properties"].contains("environment"))
      environments.insert(result["properties"]["environment"]);
  }
  EXPECT_EQ(environments, (std::set<std::string>{"production", "staging"}));
}

// Issue 22: with a history, a failing result says whether it is new since its environment's
// previous run or unchanged (SARIF 2.1.0 3.27.24 baselineState); without one, nothing.
TEST(SarifReportTest, HistoryResultsCarryTheirBaselineState) {
  Report report = testing_support::history_report();
  std::vector<std::string> failing;
  for (ReportedFinding& reported : report.findings.held()) {
    Finding& finding = reported.finding;
    if (reported.environment != "production" || finding.status != Status::fail) continue;
    finding.fingerprint = "fp-" + std::to_string(failing.size());
    failing.push_back(finding.fingerprint);
  }
  ASSERT_EQ(failing.size(), 1u);
  report.environments[0].changes->new_findings[0].fingerprint = failing[0];
  const json results = json::parse(render_deployment(report))["runs"][0]["results"];
  std::size_t stated = 0;
  for (const json& result : results) {
    if (!result.contains("baselineState")) continue;
    ++stated;
    EXPECT_EQ(result["baselineState"], "new");
    EXPECT_EQ(result["partialFingerprints"].begin().value(), failing[0]);
  }
  EXPECT_EQ(stated, 1u);

  report.environments[0].changes->new_findings.clear();
  report.environments[0].changes->unchanged[0].fingerprint = failing[0];
  const std::string unchanged = render_deployment(report);
  EXPECT_TRUE(matches_sarif_schema(unchanged));
  EXPECT_NE(unchanged.find("\"baselineState\": \"unchanged\""), std::string::npos);

  EXPECT_EQ(render_deployment(testing_support::inventory_report()).find("baselineState"),
            std::string::npos);
}

}  // namespace
}  // namespace sarif_report_test
}  // namespace mongoscan
