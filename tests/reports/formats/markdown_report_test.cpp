#include "reports/formats/markdown_report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/reports/sample_reports.h"
#include "tests/support/golden.h"

namespace mongoscan {
namespace markdown_report_test {
namespace {

using testing_support::acceptance_report;
using testing_support::cloud_report;
using testing_support::config_scan_report;
using testing_support::empty_report;
using testing_support::matches_golden;
using testing_support::rich_report;

std::string render(const Report& report) {
  std::ostringstream out;
  write_markdown_report(report, out);
  return out.str();
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

const CheckSpec kNet001{
    "NET-001", "Not reachable from everywhere", Layer::network, Severity::high, {}, ""};

void add_fail(Report& report, std::string message) {
  report.findings.push_back(
      {kNet001,
       Finding{
           "NET-001", Status::fail, Severity::high, Subject::node("h:1"), std::move(message), {}}});
}

TEST(MarkdownReportTest, EmptyReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/empty.md", render(empty_report())));
}

TEST(MarkdownReportTest, RichReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/rich.md", render(rich_report())));
}

// Issue 38 item 9: the Cloud part as nested lists.
TEST(MarkdownReportTest, CloudReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/cloud.md", render(cloud_report())));
}

TEST(MarkdownReportTest, ConfigScanReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/config-scan.md", render(config_scan_report())));
}

TEST(MarkdownReportTest, AcceptanceReportMatchesGoldenWithReasonsAndStaleEntries) {
  const std::string markdown = render(acceptance_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/acceptance.md", markdown));
  EXPECT_NE(markdown.find("ACCEPTED: lab network only"), std::string::npos);
  EXPECT_NE(markdown.find("inline (`mongoscan:allow`): test fixture"), std::string::npos);
  EXPECT_NE(markdown.find("accept.yaml:12: NET-001"), std::string::npos);
}

TEST(MarkdownReportTest, TitleNamesTheWorstStatusThatCounts) {
  EXPECT_TRUE(render(rich_report()).starts_with("## ❌ mongoscan: fail\n"));
  EXPECT_TRUE(render(empty_report()).starts_with("## ✅ mongoscan: no findings\n"));
  Report suppressed_only = config_scan_report();
  std::erase_if(suppressed_only.findings.held(), [](const ReportedFinding& reported) {
    return reported.finding.suppression.empty() && reported.finding.status != Status::pass;
  });
  EXPECT_TRUE(render(suppressed_only).starts_with("## ✅ mongoscan: pass\n"))
      << render(suppressed_only);
}

TEST(MarkdownReportTest, ListsWhatNeedsAttentionWorstFirst) {
  const std::string markdown = render(config_scan_report());
  EXPECT_NE(markdown.find("**7 results:** 3 fail · 0 error · 1 warn · 0 skipped · 1 pass · 2 "
                          "suppressed"),
            std::string::npos);
  EXPECT_NE(markdown.find("### Needs attention (4)"), std::string::npos);
  const std::size_t critical = markdown.find("| ❌ fail | `APP-001`");
  const std::size_t low = markdown.find("| ❌ fail | `APP-002`");
  const std::size_t warn = markdown.find("| ⚠️ warn | `CONN-004`");
  ASSERT_NE(critical, std::string::npos);
  EXPECT_LT(critical, low);
  EXPECT_LT(low, warn);
  EXPECT_NE(markdown.find("| `services/billing/src/main/resources/application.yml:14:31` |"),
            std::string::npos);
  EXPECT_EQ(markdown.find("One seed, but the node is standalone"), std::string::npos)
      << "passes are only counted";
}

TEST(MarkdownReportTest, SuppressedFindingsAreCollapsed) {
  const std::string markdown = render(config_scan_report());
  const std::size_t details = markdown.find("<details>\n<summary>2 suppressed findings</summary>");
  const std::size_t end = markdown.find("</details>");
  ASSERT_NE(details, std::string::npos);
  const std::size_t inline_row = markdown.find("| inline (`mongoscan:allow`) |");
  const std::size_t baseline_row = markdown.find("| baseline |");
  EXPECT_GT(inline_row, details);
  EXPECT_LT(inline_row, end);
  EXPECT_GT(baseline_row, details);
  EXPECT_LT(baseline_row, end);
}

TEST(MarkdownReportTest, ShowsTheConfigScanAndCutsLongSkippedLists) {
  Report report = config_scan_report();
  EXPECT_NE(render(report).find("Scanned 42 files (183245 bytes) under `services`, `deploy`."),
            std::string::npos);
  EXPECT_NE(render(report).find("- `services/data/dump 2024.json`: larger than 10485760 bytes\n"),
            std::string::npos);
  report.config_scan->skipped.clear();
  for (int i = 0; i < 60; ++i) {
    report.config_scan->skipped.push_back({"vendor/f" + std::to_string(i) + ".bin", "binary"});
  }
  const std::string markdown = render(report);
  EXPECT_NE(markdown.find("**60 files skipped:**"), std::string::npos);
  EXPECT_EQ(count(markdown, ": binary\n"), kMarkdownSkippedFiles);
  EXPECT_NE(markdown.find("- …and 10 more\n"), std::string::npos);
}

TEST(MarkdownReportTest, CutsLongTables) {
  Report report = empty_report();
  for (std::size_t i = 0; i < kMarkdownTableRows + 5; ++i) add_fail(report, "m");
  const std::string markdown = render(report);
  EXPECT_EQ(count(markdown, "| ❌ fail |"), kMarkdownTableRows);
  EXPECT_NE(markdown.find("…and 5 more: see the JSON or HTML report"), std::string::npos);
}

TEST(MarkdownReportTest, CellsCannotBreakTheTableOrInjectMarkup) {
  Report report = empty_report();
  add_fail(report, "a | b <img src=x onerror=alert(1)> [x](javascript:y) *b*\nnext");
  report.findings[0].finding.subject = Subject::node("h|`1`:1");
  const std::string markdown = render(report);
  EXPECT_NE(markdown.find("| ``h\\|`1`:1`` | a \\| b &lt;img src=x onerror=alert(1)&gt; "
                          "\\[x\\](javascript:y) \\*b\\* next |\n"),
            std::string::npos)
      << markdown;
  EXPECT_EQ(markdown.find("<img"), std::string::npos);
}

// Issue 22: an inventory's environments in a table, and each result needing attention says which
// environment it belongs to.
TEST(MarkdownReportTest, InventoryReportListsEnvironments) {
  const std::string markdown = render(testing_support::inventory_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/inventory.md", markdown));
  EXPECT_NE(markdown.find("### Environments (3)"), std::string::npos);
  EXPECT_NE(markdown.find(
                "| production | fail | 1 | 0 | 0 | 0 | 0 | 0 | 0 | owner=payments, tier=prod |"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("| reporting | not scanned: inventory.yaml:30:"), std::string::npos);
  EXPECT_NE(markdown.find("| Environment | Status | Check |"), std::string::npos);
  EXPECT_NE(markdown.find("| staging | "), std::string::npos);
}

// Issue 22: each environment's changes since its previous run.
TEST(MarkdownReportTest, HistoryReportListsChanges) {
  const std::string markdown = render(testing_support::history_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/history.md", markdown));
  EXPECT_NE(markdown.find("**production** since the previous run: 1 new, 1 fixed, 1 unverified, "
                          "1 still failing since"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("| unverified | "), std::string::npos);
  EXPECT_NE(markdown.find("| still failing | "), std::string::npos);
}

TEST(MarkdownReportTest, NoControlsSectionWithoutAFramework) {
  EXPECT_EQ(render(rich_report()).find("### Controls"), std::string::npos);
}

TEST(MarkdownReportTest, AFrameworkAddsATableOfItsControlsWithTheGaps) {
  std::ostringstream out;
  write_markdown_report(rich_report(), out, FrameworkChoice{Framework::devspec});
  const std::string markdown = out.str();
  const std::size_t section = markdown.find("### Controls: Development specification");
  ASSERT_NE(section, std::string::npos);
  EXPECT_NE(
      markdown.find("| Control | Title | Checks | Result |\n|---|---|---|---|\n| A1 | ", section),
      std::string::npos);
  // The checks citing a control, in catalogue order (layer, then id).
  const std::size_t ssl = markdown.find("| A3.6 | Transport: SSL/TLS | ATLAS-004 (", section);
  ASSERT_NE(ssl, std::string::npos);
  EXPECT_LT(markdown.find(", CLOUD-003 (", ssl), markdown.find(", TLS-001 (", ssl));
  EXPECT_LT(markdown.find(", TLS-001 (", ssl), markdown.find('\n', ssl));
  EXPECT_NE(markdown.find("| B.7 | Embed vs reference | — | not assessed |", section),
            std::string::npos);
}

}  // namespace
}  // namespace markdown_report_test
}  // namespace mongoscan
