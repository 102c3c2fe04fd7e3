#include "reports/report.h"

#include <gtest/gtest.h>

#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace report_test {
namespace {

TEST(ReportTest, SummaryCountsEveryStatus) {
  const StatusCounts counts = testing_support::rich_report().summary();
  EXPECT_EQ(counts.pass, 15);
  EXPECT_EQ(counts.fail, 10);
  EXPECT_EQ(counts.warn, 4);
  EXPECT_EQ(counts.error, 2);
  EXPECT_EQ(counts.skipped, 1);
}

TEST(ReportTest, SuppressedFailsAndWarnsCountApart) {
  const StatusCounts counts = testing_support::config_scan_report().summary();
  EXPECT_EQ(counts.fail, 3);
  EXPECT_EQ(counts.warn, 1);
  EXPECT_EQ(counts.pass, 1);
  EXPECT_EQ(counts.suppressed, 2);
}

TEST(ReportTest, OnlyFailsAndWarnsCanBeSuppressed) {
  Report report = testing_support::empty_report();
  const CheckSpec spec{"APP-002", "t", Layer::credentials, Severity::high, {}, ""};
  for (const Status status :
       {Status::pass, Status::fail, Status::warn, Status::error, Status::skipped}) {
    Finding finding{"APP-002", status, Severity::high, Subject::file("a.env", 1, 1), "m", {}};
    finding.suppression = "baseline";
    report.findings.push_back({spec, finding});
  }
  const StatusCounts counts = report.summary();
  EXPECT_EQ(counts.suppressed, 2);
  EXPECT_EQ(counts.fail + counts.warn, 0);
  EXPECT_EQ(counts.pass + counts.error + counts.skipped, 3);
}

TEST(ReportTest, SummaryOfEmptyReportIsZero) {
  const StatusCounts counts = testing_support::empty_report().summary();
  EXPECT_EQ(
      counts.pass + counts.fail + counts.warn + counts.error + counts.skipped + counts.suppressed,
      0);
}

TEST(ReportTest, DescribesEachSubjectKind) {
  EXPECT_EQ(describe(Subject::node("db1.example.test:27017")), "db1.example.test:27017");
  EXPECT_EQ(describe(Subject::file("config/app.yaml", 3, 9)), "config/app.yaml:3:9");
  EXPECT_EQ(describe(Subject::uri("mongodb://app:***@h/")), "mongodb://app:***@h/");
  EXPECT_EQ(describe(Subject{Subject::Kind::file, "app.env", 4, {}}), "app.env:4");
  EXPECT_EQ(describe(Subject{Subject::Kind::file, "app.env", {}, {}}), "app.env");
}

}  // namespace
}  // namespace report_test
}  // namespace mongoscan
