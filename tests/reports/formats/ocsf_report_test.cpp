#include "reports/formats/ocsf_report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/reports/sample_reports.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace ocsf_report_test {
namespace {

using nlohmann::json;

std::string render(const Report& report) {
  std::ostringstream out;
  write_ocsf_report(report, out);
  return out.str();
}

// The events held against OCSF 1.8.0's own definitions (tests/reports/schema/ocsf-1.8.0, a copy
// of github.com/ocsf/ocsf-schema at its v1.8.0 release) by tests/support/ocsf_validate.py.
testing_support::ProcessResult validate(const std::string& events) {
  return testing_support::run_process(
      {"python3", std::string(MONGOSCAN_SOURCE_DIR) + "/tests/support/ocsf_validate.py",
       std::string(MONGOSCAN_SOURCE_DIR) + "/tests/reports/schema/ocsf-1.8.0",
       "compliance_finding"},
      events);
}

// Issue 40 item 6: one Compliance Finding event per result, valid against the OCSF schema, for
// every sample report (nodes, files, strings, namespaces, cloud resources, suppressions).
TEST(OcsfReport, EveryResultIsAValidComplianceFinding) {
  for (const Report& report :
       {testing_support::rich_report(), testing_support::config_scan_report(),
        testing_support::acceptance_report(), testing_support::inventory_report(),
        testing_support::cloud_report(), testing_support::empty_report()}) {
    const std::string text = render(report);
    const json events = json::parse(text);
    ASSERT_EQ(events.size(), report.findings.size());
    const auto verdict = validate(text);
    EXPECT_EQ(verdict.exit_code, 0) << verdict.err;
    for (std::size_t i = 0; i < events.size(); ++i) {
      const Finding& finding = report.findings[i].finding;
      EXPECT_EQ(events[i]["class_uid"], 2003);
      EXPECT_EQ(events[i]["compliance"]["control"], finding.check_id);
      EXPECT_EQ(events[i]["unmapped"]["mongoscan"]["status"], to_string(finding.status));
      EXPECT_EQ(events[i]["status_id"], is_suppressed(finding) ? 3 : 1);
      const int compliance = events[i]["compliance"]["status_id"];
      EXPECT_EQ(compliance, finding.status == Status::pass   ? 1
                            : finding.status == Status::fail ? 3
                                                             : 2);
    }
  }
  EXPECT_EQ(render(testing_support::config_scan_report()).find(testing_support::kPlantedPassword),
            std::string::npos);
}

// The validator is no rubber stamp: a wrong class, a missing required attribute, an attribute
// the class lacks and a value outside its enum are each refused.
TEST(OcsfReport, TheValidatorRefusesWhatTheSchemaDoesNotAllow) {
  json events = json::parse(render(testing_support::rich_report()));
  ASSERT_GE(events.size(), 4u);
  events[0]["class_uid"] = 2004;
  events[1].erase("finding_info");
  events[2]["verdict"] = "fail";
  events[3]["compliance"]["status_id"] = 7;
  const auto verdict = validate(events.dump());
  EXPECT_EQ(verdict.exit_code, 1) << verdict.err;
  EXPECT_NE(verdict.err.find("[0].class_uid: 2004 is not 2003"), std::string::npos) << verdict.err;
  EXPECT_NE(verdict.err.find("[1]: required 'finding_info' is missing"), std::string::npos);
  EXPECT_NE(verdict.err.find("[2]: 'verdict' is not an attribute here"), std::string::npos);
  EXPECT_NE(verdict.err.find("[3].compliance.status_id: 7 is not in the enum"), std::string::npos);
}

}  // namespace
}  // namespace ocsf_report_test
}  // namespace mongoscan
