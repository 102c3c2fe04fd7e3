#include "reports/findings_view.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace findings_view_test {
namespace {

using testing_support::config_scan_report;
using testing_support::rich_report;

void add(Report& report, const std::string& check_id, Status status, Severity severity,
         Subject subject, std::string suppression = "") {
  const CheckSpec spec{check_id, "t", Layer::network, severity, {}, ""};
  Finding finding{check_id, status, severity, std::move(subject), "m " + check_id, nullptr};
  finding.suppression = std::move(suppression);
  report.findings.push_back({spec, std::move(finding)});
}

// "CHECK STATUS subject" for each line.
std::vector<std::string> described(const std::vector<FindingsViewLine>& lines) {
  std::vector<std::string> result;
  for (const FindingsViewLine& line : lines) {
    const Finding& finding = line.reported->finding;
    result.push_back(finding.check_id + " " + std::string(to_string(finding.status)) + " " +
                     line.subject);
  }
  return result;
}

TEST(FindingsViewTest, ParsesTheViewNames) {
  EXPECT_EQ(parse_report_view("auto"), ReportView::automatic);
  EXPECT_EQ(parse_report_view("grid"), ReportView::grid);
  EXPECT_EQ(parse_report_view("findings"), ReportView::findings);
  EXPECT_EQ(parse_report_view("Findings"), std::nullopt);
  EXPECT_EQ(parse_report_view(""), std::nullopt);
}

// By severity, then subject (nodes, connection strings, files; files by line as a number), then
// check, then fail before error before warn. Passes, skips and suppressed results have no line.
TEST(FindingsViewTest, WorstSeverityFirstThenSubjectThenCheck) {
  Report report;
  add(report, "NET-003", Status::fail, Severity::low, Subject::node("b.test:1"));
  add(report, "APP-001", Status::fail, Severity::critical, Subject::file("z.yaml", 20, 5));
  add(report, "APP-001", Status::fail, Severity::critical, Subject::file("z.yaml", 3, 9));
  add(report, "AUTHN-001", Status::error, Severity::critical, Subject::node("b.test:1"));
  add(report, "TLS-001", Status::warn, Severity::critical, Subject::node("a.test:1"));
  Subject listed = Subject::uri("mongodb://h/");
  listed.listed_at = ListedAt{"uris.txt", 7};
  add(report, "CONN-001", Status::fail, Severity::medium, listed);
  add(report, "NET-001", Status::pass, Severity::high, Subject::node("a.test:1"));
  add(report, "VER-001", Status::skipped, Severity::high, Subject::node("a.test:1"));
  add(report, "APP-002", Status::fail, Severity::high, Subject::file("a.yaml", 1, 1), "baseline");
  add(report, "CONN-004", Status::fail, Severity::critical, Subject::uri("mongodb://h/"));
  add(report, "AUTHN-001", Status::fail, Severity::critical, Subject::node("b.test:1"));
  add(report, "AUTHN-002", Status::fail, Severity::critical, Subject::node("b.test:1"));

  const FindingsView view = findings_view(report);
  EXPECT_EQ(described(view.lines), (std::vector<std::string>{
                                       "TLS-001 warn a.test:1",
                                       "AUTHN-001 fail b.test:1",
                                       "AUTHN-001 error b.test:1",
                                       "AUTHN-002 fail b.test:1",
                                       "CONN-004 fail mongodb://h/",
                                       "APP-001 fail z.yaml:3",
                                       "APP-001 fail z.yaml:20",
                                       "CONN-001 fail mongodb://h/ (uris.txt:7)",
                                       "NET-003 fail b.test:1",
                                   }));
  EXPECT_EQ(described(view.suppressed), std::vector<std::string>{"APP-002 fail a.yaml:1"});
}

// Numbers in names sort as numbers: member4 before member14, 10.0.0.9 before 10.0.0.10.
TEST(FindingsViewTest, NumbersInSubjectsSortAsNumbers) {
  Report report;
  for (const char* node : {"member14.test:27017", "10.0.0.10:27017", "member4.test:27017",
                           "10.0.0.9:27017", "member04.test:27018"}) {
    add(report, "NET-003", Status::warn, Severity::low, Subject::node(node));
  }
  EXPECT_EQ(described(findings_view(report).lines),
            (std::vector<std::string>{"NET-003 warn 10.0.0.9:27017", "NET-003 warn 10.0.0.10:27017",
                                      "NET-003 warn member4.test:27017",
                                      "NET-003 warn member04.test:27018",
                                      "NET-003 warn member14.test:27017"}));
}

// An error cannot be suppressed: it says the subject was not looked at.
TEST(FindingsViewTest, ErrorsAreListedEvenWithASuppression) {
  Report report;
  add(report, "APP-001", Status::error, Severity::critical, Subject::file("a.yaml", 1, 1),
      "baseline");
  const FindingsView view = findings_view(report);
  EXPECT_EQ(view.lines.size(), 1u);
  EXPECT_TRUE(view.suppressed.empty());
}

TEST(FindingsViewTest, EveryFailErrorAndWarnOfTheSamplesOnce) {
  for (const Report& report : {rich_report(), config_scan_report()}) {
    const FindingsView view = findings_view(report);
    const StatusCounts counts = report.summary();
    EXPECT_EQ(view.lines.size(),
              static_cast<std::size_t>(counts.fail + counts.error + counts.warn));
    EXPECT_EQ(view.suppressed.size(), static_cast<std::size_t>(counts.suppressed));
    for (std::size_t i = 1; i < view.lines.size(); ++i) {
      EXPECT_GE(view.lines[i - 1].reported->finding.severity,
                view.lines[i].reported->finding.severity);
    }
  }
}

}  // namespace
}  // namespace findings_view_test
}  // namespace mongoscan
