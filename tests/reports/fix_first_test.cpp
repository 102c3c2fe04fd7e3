#include "reports/fix_first.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace fix_first_test {
namespace {

ReportedFinding failing(const std::string& check, Severity severity, const std::string& node,
                        Status status = Status::fail) {
  Finding finding;
  finding.check_id = check;
  finding.status = status;
  finding.severity = severity;
  finding.subject = Subject::node(node);
  return {CheckSpec{check, check + " title", Layer::network, severity, {}, "fix " + check},
          std::move(finding)};
}

std::vector<std::string> checks_of(const std::vector<FixFirstItem>& items) {
  std::vector<std::string> ids;
  for (const FixFirstItem& item : items) ids.push_back(item.spec->id);
  return ids;
}

// Severity first, then breadth (how many subjects fail), then check id; warns, passes and
// suppressed fails are not listed; at most five.
TEST(FixFirst, WorstSeverityThenBreadth) {
  Report report;
  for (const char* node : {"a:1", "b:1", "c:1"}) {
    report.findings.push_back(failing("WIDE-1", Severity::medium, node));
  }
  report.findings.push_back(failing("NARROW-1", Severity::medium, "a:1"));
  report.findings.push_back(failing("HIGH-1", Severity::high, "a:1"));
  report.findings.push_back(failing("CRIT-1", Severity::critical, "a:1"));
  report.findings.push_back(failing("WARN-1", Severity::critical, "a:1", Status::warn));
  report.findings.push_back(failing("PASS-1", Severity::critical, "a:1", Status::pass));
  ReportedFinding suppressed = failing("SUPP-1", Severity::critical, "a:1");
  suppressed.finding.suppression = "baseline";
  report.findings.push_back(suppressed);
  report.findings.push_back(failing("LOW-1", Severity::low, "a:1"));
  report.findings.push_back(failing("LOW-2", Severity::low, "a:1"));

  const std::vector<FixFirstItem> items = fix_first(report);
  EXPECT_EQ(checks_of(items),
            (std::vector<std::string>{"CRIT-1", "HIGH-1", "WIDE-1", "NARROW-1", "LOW-1"}));
  EXPECT_EQ(items[2].findings.size(), 3u);
  EXPECT_EQ(items[2].findings[0]->finding.subject.name, "a:1") << "in report order";
  EXPECT_EQ(checks_of(fix_first(report, 2)), (std::vector<std::string>{"CRIT-1", "HIGH-1"}));
}

// A check's weight is its worst fail: a policy may raise one subject's severity.
TEST(FixFirst, ACheckWeighsAsItsWorstFail) {
  Report report;
  report.findings.push_back(failing("MIXED-1", Severity::low, "a:1"));
  report.findings.push_back(failing("MIXED-1", Severity::high, "b:1"));
  report.findings.push_back(failing("MEDIUM-1", Severity::medium, "a:1"));
  const std::vector<FixFirstItem> items = fix_first(report);
  EXPECT_EQ(checks_of(items), (std::vector<std::string>{"MIXED-1", "MEDIUM-1"}));
  EXPECT_EQ(items[0].severity, Severity::high);
}

}  // namespace
}  // namespace fix_first_test
}  // namespace mongoscan
