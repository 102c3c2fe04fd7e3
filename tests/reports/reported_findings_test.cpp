#include "reports/reported_findings.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "reports/reporter.h"
#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace reported_findings_test {
namespace {

using testing_support::acceptance_report;
using testing_support::cloud_report;
using testing_support::config_scan_report;
using testing_support::history_report;
using testing_support::inventory_report;
using testing_support::many_nodes_report;
using testing_support::rich_report;

// The report with its findings spooled, in the same order.
Report spooled_copy(const Report& report) {
  Report copy = report;
  auto spooled = ReportedFindings::spooled();
  EXPECT_TRUE(spooled.ok()) << spooled.error().message;
  copy.findings = std::move(spooled).value();
  for (const ReportedFinding& finding : report.findings) copy.findings.push_back(finding);
  EXPECT_FALSE(copy.findings.append_error().has_value());
  return copy;
}

std::string rendered(const Report& report, ReportFormat format) {
  std::ostringstream out;
  write_report(report, format, RenderOptions{}, out);
  return out.str();
}

TEST(ReportedFindings, EveryFormatRendersSpooledFindingsAsTheSameFindingsInMemory) {
  for (const Report& report :
       {rich_report(), config_scan_report(), acceptance_report(), many_nodes_report(8),
        inventory_report(), history_report(), cloud_report()}) {
    ASSERT_FALSE(report.findings.empty());
    const Report spooled = spooled_copy(report);
    ASSERT_TRUE(spooled.findings.is_spooled());
    for (const ReportFormat format :
         {ReportFormat::table, ReportFormat::json, ReportFormat::html, ReportFormat::sarif,
          ReportFormat::junit, ReportFormat::md, ReportFormat::csv, ReportFormat::prometheus,
          ReportFormat::ocsf}) {
      EXPECT_EQ(rendered(spooled, format), rendered(report, format))
          << "format " << static_cast<int>(format) << " of a report of " << report.findings.size()
          << " findings";
    }
  }
}

TEST(ReportedFindings, ASpooledFindingReadsBackWithItsSpecGateAndEnvironment) {
  const Report report = inventory_report();
  const Report spooled = spooled_copy(report);
  ASSERT_EQ(spooled.findings.size(), report.findings.size());
  std::size_t index = 0;
  for (const ReportedFinding& finding : spooled.findings) {
    const ReportedFinding& original = report.findings[index++];
    EXPECT_EQ(finding.spec.get(), original.spec.get());  // shared, not copied
    EXPECT_EQ(finding.gates, original.gates);
    EXPECT_EQ(finding.environment, original.environment);
    EXPECT_EQ(finding.finding.fingerprint, original.finding.fingerprint);
    EXPECT_EQ(finding.finding.message, original.finding.message);
  }
  EXPECT_EQ(index, report.findings.size());
}

TEST(ReportedFindings, GatesSetLaterAreReadBackAndKeptInMemoryCopies) {
  Report spooled = spooled_copy(rich_report());
  const std::size_t last = spooled.findings.size() - 1;
  bool before = false;
  for (const ReportedFinding& finding : spooled.findings) before = finding.gates;
  spooled.findings.set_gates(0, true);
  spooled.findings.set_gates(last, !before);
  std::size_t index = 0;
  for (const ReportedFinding& finding : spooled.findings) {
    if (index == 0) {
      EXPECT_TRUE(finding.gates);
    }
    if (index == last) {
      EXPECT_EQ(finding.gates, !before);
    }
    ++index;
  }
  EXPECT_TRUE(spooled.findings.in_memory().front().gates);
  EXPECT_EQ(spooled.findings.in_memory().back().gates, !before);
}

TEST(ReportedFindings, HeldFindingsAreInMemoryFromThenOn) {
  const Report report = config_scan_report();
  Report spooled = spooled_copy(report);
  std::vector<ReportedFinding>& held = spooled.findings.held();
  EXPECT_FALSE(spooled.findings.is_spooled());
  ASSERT_EQ(held.size(), report.findings.size());
  held.front().finding.message = "changed";
  EXPECT_EQ(spooled.findings.begin()->finding.message, "changed");
  spooled.findings.push_back(report.findings.back());
  EXPECT_EQ(spooled.findings.size(), report.findings.size() + 1);
}

TEST(ReportedFindings, AppendingAllKeepsOrderWhicheverWayEachIsHeld) {
  const Report first = rich_report();
  const Report second = inventory_report();
  ReportedFindings in_memory = first.findings;
  in_memory.append_all(spooled_copy(second).findings);
  ASSERT_EQ(in_memory.size(), first.findings.size() + second.findings.size());
  EXPECT_EQ(in_memory[first.findings.size()].finding.fingerprint,
            second.findings.front().finding.fingerprint);
  EXPECT_EQ(in_memory.back().finding.fingerprint, second.findings.back().finding.fingerprint);

  auto spooled = ReportedFindings::spooled();
  ASSERT_TRUE(spooled.ok());
  ReportedFindings copy = second.findings;
  spooled.value().append_all(std::move(copy));
  ASSERT_EQ(spooled.value().size(), second.findings.size());
  EXPECT_EQ(spooled.value().back().finding.fingerprint, second.findings.back().finding.fingerprint);
}

// Each environment's counts as a pass over the findings makes them.
std::map<std::string, StatusCounts, std::less<>> recounted(const ReportedFindings& findings) {
  std::map<std::string, StatusCounts, std::less<>> counts;
  for (const ReportedFinding& finding : findings)
    count_status(finding.finding, counts[finding.environment]);
  return counts;
}

// The counts kept as findings are added are a pass's: in memory, spooled (also when written
// ahead and placed later), appended from another container, and after held() let them change.
TEST(ReportedFindings, CountsKeptAsFindingsAreAddedAreAPasssCounts) {
  for (const Report& report : {inventory_report(), history_report(), rich_report()}) {
    ASSERT_EQ(report.findings.counts_by_environment(), recounted(report.findings));
    const Report spooled = spooled_copy(report);
    EXPECT_EQ(spooled.findings.counts_by_environment(), recounted(report.findings));
  }
  const Report report = inventory_report();
  ASSERT_GT(report.environments.size(), 1u);
  auto ahead = ReportedFindings::spooled();
  ASSERT_TRUE(ahead.ok());
  std::vector<ReportedFindings::Record> records;
  for (const ReportedFinding& finding : report.findings) {
    records.push_back(*ahead.value().write_ahead(finding));
  }
  EXPECT_TRUE(ahead.value().counts_by_environment().empty()) << "counted before placed";
  for (auto record = records.rbegin(); record != records.rend(); ++record) {
    ahead.value().append_record(*record);
  }
  EXPECT_EQ(ahead.value().counts_by_environment(), recounted(report.findings));

  ReportedFindings both = report.findings;
  both.append_all(spooled_copy(history_report()).findings);
  EXPECT_EQ(both.counts_by_environment(), recounted(both));

  Report changed = spooled_copy(report);
  std::vector<ReportedFinding>& held = changed.findings.held();
  ASSERT_NE(held.front().finding.status, Status::error);
  held.front().finding.status = Status::error;
  held.front().finding.suppression.clear();
  const auto counts = changed.findings.counts_by_environment();
  EXPECT_EQ(counts, recounted(changed.findings));
  EXPECT_NE(counts, recounted(report.findings));
  EXPECT_EQ(changed.summary().error, report.summary().error + 1);
}

// Backwards, then jumping across the spool's read chunks (1 MiB; this spool is larger): each
// index gives its own finding.
TEST(ReportedFindings, AReaderReadsThemByIndexInAnyOrder) {
  const Report report = many_nodes_report(3000);
  const Report spooled = spooled_copy(report);
  ASSERT_GT(report.findings.size(), 8000u);
  std::vector<std::size_t> order;
  for (std::size_t i = report.findings.size(); i-- > 0;) order.push_back(i);
  for (std::size_t i = 0; i < report.findings.size(); i += 997) order.push_back(i);
  ReportedFindings::Reader from_spool(spooled.findings);
  ReportedFindings::Reader from_memory(report.findings);
  for (const std::size_t index : order) {
    const ReportedFinding& read = from_spool[index];
    EXPECT_EQ(read.finding.subject.name, report.findings[index].finding.subject.name) << index;
    EXPECT_EQ(read.finding.check_id, report.findings[index].finding.check_id) << index;
    EXPECT_EQ(&from_memory[index], &report.findings[index]);
  }
}

TEST(ReportedFindings, AlgorithmsReadThemThroughTheIterator) {
  const Report report = rich_report();
  const Report spooled = spooled_copy(report);
  const auto fails = [](const ReportedFinding& r) { return r.finding.status == Status::fail; };
  EXPECT_EQ(std::count_if(spooled.findings.begin(), spooled.findings.end(), fails),
            std::count_if(report.findings.begin(), report.findings.end(), fails));
  const auto found = std::find_if(spooled.findings.begin(), spooled.findings.end(), fails);
  ASSERT_NE(found, spooled.findings.end());
  EXPECT_EQ(found->finding.status, Status::fail);
}

}  // namespace
}  // namespace reported_findings_test
}  // namespace mongoscan
