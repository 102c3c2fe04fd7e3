#include "reports/formats/junit_report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/reports/sample_reports.h"
#include "tests/support/golden.h"
#include "tests/support/xml_check.h"

namespace mongoscan {
namespace junit_report_test {
namespace {

using testing_support::acceptance_report;
using testing_support::cloud_report;
using testing_support::config_scan_report;
using testing_support::empty_report;
using testing_support::is_well_formed_xml;
using testing_support::matches_golden;
using testing_support::rich_report;

std::string render(const Report& report) {
  std::ostringstream out;
  write_junit_report(report, out);
  return out.str();
}

TEST(JunitReportTest, EmptyReportMatchesGolden) {
  const std::string xml = render(empty_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/empty.junit.xml", xml));
  EXPECT_TRUE(is_well_formed_xml(xml));
}

TEST(JunitReportTest, RichReportMatchesGolden) {
  const std::string xml = render(rich_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/rich.junit.xml", xml));
  EXPECT_TRUE(is_well_formed_xml(xml));
}

// Issue 38 item 9: the Cloud part as the standard output of a suite of its own.
TEST(JunitReportTest, CloudReportMatchesGolden) {
  const std::string xml = render(cloud_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/cloud.junit.xml", xml));
  EXPECT_TRUE(is_well_formed_xml(xml));
}

TEST(JunitReportTest, ConfigScanReportMatchesGolden) {
  const std::string xml = render(config_scan_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/config-scan.junit.xml", xml));
  EXPECT_TRUE(is_well_formed_xml(xml));
}

TEST(JunitReportTest, AcceptanceReportMatchesGoldenAndAnAcceptedFindingIsNoFailure) {
  const std::string xml = render(acceptance_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/acceptance.junit.xml", xml));
  EXPECT_TRUE(is_well_formed_xml(xml));
  EXPECT_NE(xml.find("tests=\"3\" failures=\"1\""), std::string::npos) << "only the expired one";
  EXPECT_NE(xml.find("an acceptance until 2025-06-30: lab network only"), std::string::npos);
}

// The config sample: two critical fails gate; the low fail, the warn and the two suppressed
// fails are skipped.
TEST(JunitReportTest, CountsEveryFindingOnce) {
  const std::string xml = render(config_scan_report());
  EXPECT_NE(xml.find("<testsuites name=\"mongoscan\" tests=\"7\" failures=\"2\" errors=\"0\" "
                     "skipped=\"4\">"),
            std::string::npos)
      << xml;
  const std::string rich = render(rich_report());
  EXPECT_NE(rich.find("<testsuite name=\"transport\" tests=\"5\" failures=\"1\" errors=\"1\" "
                      "skipped=\"0\">"),
            std::string::npos)
      << rich;
}

// An incomplete scan is one more test case in error: a CI reading JUnit sees it fail. The rich
// sample's 10 fails: 6 at high or critical fail, 4 medium are skipped with its 4 warns.
TEST(JunitReportTest, AnIncompleteScanIsATestCaseInError) {
  const std::string xml = render(rich_report());
  EXPECT_NE(xml.find("<testsuites name=\"mongoscan\" tests=\"33\" failures=\"6\" errors=\"3\" "
                     "skipped=\"9\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase classname=\"coverage\" name=\"scan coverage\">\n      <error "
                     "message=\"incomplete: 1 node not scanned, 2 checks in error\"/>"),
            std::string::npos)
      << xml;
  EXPECT_EQ(render(config_scan_report()).find("coverage"), std::string::npos);
}

TEST(JunitReportTest, SuppressedFindingsAreSkippedWithTheReason) {
  const std::string xml = render(config_scan_report());
  EXPECT_NE(xml.find("tests=\"7\" failures=\"2\" errors=\"0\" skipped=\"4\""), std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"fail suppressed by a mongoscan:allow comment on the "
                     "line: "),
            std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"fail suppressed by the baseline, which holds its "
                     "fingerprint: "),
            std::string::npos);
}

TEST(JunitReportTest, ATestCasePerFindingNamedBySubject) {
  const std::string xml = render(rich_report());
  EXPECT_NE(xml.find("<testcase classname=\"APP-001\" name=\"config/app.yaml:3:9\">"),
            std::string::npos);
  EXPECT_NE(xml.find("<testcase classname=\"AUTHN-001\" name=\"db2.example.test:27017\"/>"),
            std::string::npos)
      << "a pass is a bare test case";
  EXPECT_NE(xml.find("<testcase classname=\"MODEL-001\" name=\"db1.example.test:27017 (2)\">"),
            std::string::npos)
      << "a second finding on the same subject gets its own name";
  EXPECT_NE(xml.find("<skipped message=\"warn (low): The server listens on the default port 27017"),
            std::string::npos);
  EXPECT_NE(xml.find("<error message=\"connect: timed out after 5000 ms\" type=\"error\">"),
            std::string::npos);
}

// Issue 21: a test case fails only when its finding fails the gate (--fail-on); a fail below it
// and a warn are skipped with a message that says so.
TEST(JunitReportTest, OnlyAFailThatGatesIsAFailure) {
  Report report = empty_report();
  const CheckSpec spec{"NET-002", "bindIp", Layer::network, Severity::high, {}, "Bind."};
  report.findings.push_back(
      {spec, Finding{"NET-002", Status::fail, Severity::medium, Subject::node("h:1"), "m", {}},
       false});
  report.findings.push_back(
      {spec, Finding{"NET-002", Status::warn, Severity::high, Subject::node("h:2"), "w", {}},
       false});
  std::string xml = render(report);
  EXPECT_NE(xml.find("tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"2\""), std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<skipped message=\"fail below --fail-on (medium): m\"/>"), std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<skipped message=\"warn (high): w\"/>"), std::string::npos) << xml;
  EXPECT_EQ(xml.find("<failure"), std::string::npos);
  report.findings[0].gates = true;
  xml = render(report);
  EXPECT_NE(xml.find("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\""), std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<failure message=\"m\" type=\"medium\">"), std::string::npos) << xml;
}

TEST(JunitReportTest, EscapesMarkupAndCharactersXmlForbids) {
  Report report = empty_report();
  report.findings.push_back(
      {CheckSpec{"NET-001", "t <&>", Layer::network, Severity::low, {}, "fix ]]> it"},
       Finding{"NET-001",
               Status::fail,
               Severity::low,
               Subject::node("h\"<1>:1"),
               std::string("evil \x01\x1b[2J\x00 caf\xe9 \xEF\xBF\xBF \"quoted\" & <b>]]>", 38),
               {{"note", "\x02<x>"}}},
       true});
  const std::string xml = render(report);
  EXPECT_TRUE(is_well_formed_xml(xml)) << xml;
  for (const char forbidden : {'\x00', '\x01', '\x02', '\x1b'}) {
    EXPECT_EQ(xml.find(forbidden), std::string::npos) << static_cast<int>(forbidden);
  }
  EXPECT_EQ(xml.find("<b>"), std::string::npos);
  EXPECT_NE(xml.find("name=\"h&quot;&lt;1&gt;:1\""), std::string::npos) << xml;
}

// Issue 22: an inventory's suites are per environment, and each incomplete or unscanned
// environment is a test case in error of its own.
TEST(JunitReportTest, InventoryReportHasSuitesPerEnvironment) {
  const std::string xml = render(testing_support::inventory_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/inventory.junit.xml", xml));
  EXPECT_TRUE(is_well_formed_xml(xml));
  EXPECT_NE(xml.find("<testsuite name=\"production: authentication\" tests=\"1\" failures=\"1\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testsuite name=\"staging: coverage\""), std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"reporting: coverage\""), std::string::npos);
  EXPECT_EQ(xml.find("<testsuite name=\"production: coverage\""), std::string::npos);
  // 4 findings and 2 environments not complete.
  EXPECT_NE(xml.find("<testsuites name=\"mongoscan\" tests=\"6\" failures=\"1\" errors=\"3\""),
            std::string::npos)
      << xml;
}

// Issue 22: with a history, each of an environment's suites says how it went since its previous
// run.
TEST(JunitReportTest, HistorySuitesCarryWhatChanged) {
  const std::string xml = render(testing_support::history_report());
  EXPECT_TRUE(is_well_formed_xml(xml));
  EXPECT_NE(
      xml.find("<testsuite name=\"production: authentication\" tests=\"1\" failures=\"1\" "
               "errors=\"0\" skipped=\"0\">\n    <properties>\n      <property "
               "name=\"since_previous_run\" value=\"mixed (1 new, 1 fixed, 1 unverified)\"/>\n"
               "      <property name=\"changes\" value=\"1 new, 1 fixed, 1 unverified, 1 still "
               "failing since 2026-03-01T09:00:00Z\"/>"),
      std::string::npos)
      << xml;
  EXPECT_EQ(render(testing_support::inventory_report()).find("<properties>"), std::string::npos);
}

}  // namespace
}  // namespace junit_report_test
}  // namespace mongoscan
