#include "reports/formats/table_report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "reports/text/console_text.h"
#include "tests/reports/sample_reports.h"
#include "tests/support/golden.h"

namespace mongoscan {
namespace table_report_test {
namespace {

using testing_support::acceptance_report;
using testing_support::config_scan_report;
using testing_support::empty_report;
using testing_support::many_nodes_report;
using testing_support::matches_golden;
using testing_support::rich_report;

std::string render(const Report& report, bool color, std::size_t width = 0,
                   ReportView view = ReportView::automatic) {
  std::ostringstream out;
  write_table_report(report, color, out, width, view);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The code-point column at which needle starts in line.
std::size_t column_of(const std::string& line, const std::string& needle) {
  return display_width(line.substr(0, line.find(needle)));
}

TEST(TableReportTest, EmptyReportMatchesGolden) {
  EXPECT_TRUE(
      matches_golden("tests/reports/golden/empty.table.txt", render(empty_report(), false)));
}

TEST(TableReportTest, EmptyReportWithColorMatchesGolden) {
  EXPECT_TRUE(
      matches_golden("tests/reports/golden/empty.table-color.txt", render(empty_report(), true)));
}

TEST(TableReportTest, RichReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/rich.table.txt", render(rich_report(), false)));
}

// Issue 38 item 9: the Cloud part after the targets, the joined target naming its deployment.
TEST(TableReportTest, CloudReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/cloud.table.txt",
                             render(testing_support::cloud_report(), false)));
}

TEST(TableReportTest, RichReportWithColorMatchesGolden) {
  EXPECT_TRUE(
      matches_golden("tests/reports/golden/rich.table-color.txt", render(rich_report(), true)));
}

TEST(TableReportTest, NoEscapeSequencesWithoutColor) {
  EXPECT_EQ(render(rich_report(), false).find('\x1b'), std::string::npos);
  EXPECT_NE(render(rich_report(), true).find("\x1b[1;31mFAIL\x1b[0m"), std::string::npos);
}

TEST(TableReportTest, ManyNodesGridAtWidth100MatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/many-nodes.table.txt",
                             render(many_nodes_report(50), false, 100, ReportView::grid)));
}

TEST(TableReportTest, ManyNodesFindingsViewMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/many-nodes-findings.table.txt",
                             render(many_nodes_report(50), false)));
}

// The header lines of the self-check matrices ("  CHECK  SEVERITY  RESULT  TITLE ...").
std::vector<std::string> matrix_headers(const std::string& table) {
  std::vector<std::string> headers;
  for (const std::string& line : lines_of(table)) {
    if (line.starts_with("  CHECK  ")) headers.push_back(line);
  }
  return headers;
}

TEST(TableReportTest, MatrixColumnsAlignAcrossGroups) {
  const std::vector<std::string> headers = matrix_headers(render(rich_report(), false));
  ASSERT_EQ(headers.size(), 11u) << "9 groups, two of them with node and URI matrices";
  for (const std::string& header : headers) {
    EXPECT_EQ(column_of(header, "TITLE"), column_of(headers[0], "TITLE")) << header;
    if (header.find("  n1") != std::string::npos) {
      EXPECT_EQ(column_of(header, "  n1"), column_of(headers[1], "  n1")) << header;
    }
  }
}

// A row per check with its status on every node, "—" where it did not run, and a line per
// problem under it.
TEST(TableReportTest, ARowPerCheckWithACellPerNode) {
  const std::vector<std::string> lines = lines_of(render(rich_report(), false));
  const auto row = [&](const std::string& check_id) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].starts_with("  " + check_id + " ")) return i;
    }
    ADD_FAILURE() << check_id;
    return lines.size();
  };
  const std::size_t tls = row("TLS-001");
  ASSERT_LT(tls + 1, lines.size());
  EXPECT_TRUE(lines[tls].ends_with("PASS    PASS    —       FAIL    PASS")) << lines[tls];
  EXPECT_TRUE(lines[tls + 1].starts_with("    n4  FAIL")) << lines[tls + 1];
  EXPECT_TRUE(
      lines[tls + 1].ends_with("The node accepts plaintext connections (net.tls.mode allowTLS)"))
      << lines[tls + 1];
  const std::size_t model = row("MODEL-001");
  EXPECT_NE(lines[model].find("WARN×2"), std::string::npos) << lines[model];
  const Report report = rich_report();
  for (const ReportedFinding& reported : report.findings) {
    const std::string& id = reported.finding.check_id;
    EXPECT_EQ(
        std::count_if(lines.begin(), lines.end(),
                      [&](const std::string& line) { return line.starts_with("  " + id + " "); }),
        1)
        << "one row for " << id;
  }
}

TEST(TableReportTest, NodeKeysInTheTargetsAndTheOtherSubjectsInALegend) {
  const std::string table = render(rich_report(), false);
  EXPECT_NE(table.find("  n3   db3.example.test:27017"), std::string::npos) << table;
  EXPECT_NE(table.find("  n5   mongos2.example.test:27017"), std::string::npos) << table;
  EXPECT_NE(table.find("  u4   mongodb://admin:***@db9.example.test:27017/?retryWrites=false"),
            std::string::npos);
  EXPECT_NE(table.find("  f1   config/app.yaml:3:9"), std::string::npos);
}

TEST(TableReportTest, GroupsInTheSpecificationsOrder) {
  const std::string table = render(rich_report(), false);
  const std::vector<std::string> headings = {
      "\nDiscovery\n",       "\nNetwork\n",
      "\nAuthentication\n",  "\nAuthorization\n",
      "\nTransport (TLS)\n", "\nApplication: connection strings and credentials\n",
      "\nHardening\n",       "\nVersions\n",
      "\nData model\n"};
  std::size_t previous = 0;
  for (const std::string& heading : headings) {
    const std::size_t at = table.find(heading);
    ASSERT_NE(at, std::string::npos) << heading;
    EXPECT_GT(at, previous) << heading;
    previous = at;
  }
}

// Every line of the self-check fits the console; nodes that do not fit side by side wrap into
// bands, each band with every check.
TEST(TableReportTest, TheMatrixFitsTheConsoleWidth) {
  const Report report = many_nodes_report(50);
  for (const std::size_t width : {72u, 100u, 160u, 600u}) {
    const std::string table = render(report, false, width, ReportView::grid);
    const std::string self_check = table.substr(table.find("\nSelf-check"));
    for (const std::string& line : lines_of(self_check)) {
      EXPECT_LE(display_width(line), width) << width << ": " << line;
    }
    const std::vector<std::string> headers = matrix_headers(self_check);
    std::size_t nodes = 0;
    for (const std::string& header : headers) {
      for (std::size_t at = header.find("  n"); at != std::string::npos;
           at = header.find("  n", at + 1)) {
        ++nodes;
      }
    }
    EXPECT_EQ(nodes, 50u * 3) << width << ": every node once in each of three groups";
    EXPECT_EQ(headers.size() == 4, width == 600) << width << ": three node matrices, one URI";
  }
}

TEST(TableReportTest, CutsLongMessagesAndKeepsShortOnes) {
  const std::string table = render(rich_report(), false, 100);
  EXPECT_NE(table.find("MongoDB 6.0.13 reaches its end of life"), std::string::npos);
  EXPECT_EQ(table.find("security fixes stop"), std::string::npos);
  EXPECT_NE(table.find("…"), std::string::npos);
  EXPECT_NE(table.find("Collection «Kundendaten_Übersicht» is not lowercase — 顧客 ünïcödé"),
            std::string::npos);
}

// Issue 23: the summary line, then the verdict at the gate and the gate, as the HTML banner says.
TEST(TableReportTest, EndsWithTheSummaryAndTheVerdict) {
  const std::string table = render(rich_report(), false);
  EXPECT_TRUE(table.ends_with(
      "\n15 checks, 32 results: 10 fail, 4 warn, 15 pass, 2 error, 1 skipped\n"
      "incomplete: 1 node not scanned, 2 checks in error\n\n"
      "FAIL: 6 findings fail the gate; the scan is incomplete: 1 node not scanned, 2 checks in "
      "error\n"
      "Gate: --fail-on high: a failing finding of high severity or above fails\n"))
      << table;
  EXPECT_TRUE(render(empty_report(), false)
                  .ends_with("\n0 checks, 0 results: 0 fail, 0 warn, 0 pass, 0 error, 0 skipped\n"
                             "\nPASS: no finding fails the gate\n"
                             "Gate: the report does not say which gate it was judged at\n"));
  const std::string colored = render(rich_report(), true);
  EXPECT_NE(colored.find("\x1b[1;31mFAIL: 6 findings fail the gate"), std::string::npos) << colored;
  // A narrow console wraps the verdict instead of cutting it.
  const std::string narrow = render(rich_report(), false, 40);
  EXPECT_NE(narrow.find("\nFAIL: 6 findings fail the gate; the scan\nis incomplete"), std::string::npos)
      << narrow;
}

TEST(TableReportTest, ConfigScanReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/config-scan.table.txt",
                             render(config_scan_report(), false)));
}

TEST(TableReportTest, AcceptanceReportMatchesGoldenWithReasonsAndStaleEntries) {
  const std::string table = render(acceptance_report(), false);
  EXPECT_TRUE(matches_golden("tests/reports/golden/acceptance.table.txt", table));
  EXPECT_NE(table.find("stale acceptance accept.yaml:17: APP-* on legacy/* (legacy code, until "
                       "2024-12-31) matched no finding; it has expired too"),
            std::string::npos);
}

TEST(TableReportTest, ShowsTheConfigScanWithTwentySkippedFilesAtMost) {
  Report report = config_scan_report();
  const std::string table = render(report, false);
  EXPECT_NE(table.find("Config scan: 42 files, 183245 bytes under services, deploy\n"),
            std::string::npos);
  EXPECT_NE(table.find("deploy/Konfiguration für Größe/app.yaml  unreadable: Permission denied"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("(value redacted) (suppressed: baseline)"), std::string::npos);
  report.config_scan->skipped.clear();
  for (int i = 0; i < 25; ++i) {
    report.config_scan->skipped.push_back({"vendor/f" + std::to_string(i) + ".bin", "binary"});
  }
  const std::string cut = render(report, false);
  EXPECT_NE(cut.find("vendor/f19.bin"), std::string::npos);
  EXPECT_EQ(cut.find("vendor/f20.bin"), std::string::npos);
  EXPECT_NE(cut.find("…and 5 more (the JSON and HTML reports list every one)\n"),
            std::string::npos);
  EXPECT_EQ(render(rich_report(), false).find("Config scan"), std::string::npos);
}

TEST(TableReportTest, TerminalControlCharactersNeverReachTheOutput) {
  Report report = empty_report();
  report.inputs = {"config/\x1b]0;owned\x07.yaml"};
  report.findings.push_back({CheckSpec{"NET-001", "t", Layer::network, Severity::low, {}, ""},
                             Finding{"NET-001", Status::fail, Severity::low, Subject::node("h:1"),
                                     "evil\x1b[2J\r\nline \xc2\x9b"
                                     "31m",
                                     nullptr}});
  for (const bool color : {false, true}) {
    const std::string table = render(report, color);
    EXPECT_EQ(table.find("\x1b]"), std::string::npos);
    EXPECT_EQ(table.find("\x1b[2J"), std::string::npos);
    EXPECT_EQ(table.find('\r'), std::string::npos);
    EXPECT_EQ(table.find("\xc2\x9b"), std::string::npos);
    EXPECT_NE(table.find("evil [2J  line  31m"), std::string::npos) << table;
  }
}

bool has_grid(const std::string& table) {
  return table.find("\nSelf-check: a row per check") != std::string::npos;
}

bool has_findings_view(const std::string& table) {
  return table.find("\nFindings: ") != std::string::npos &&
         table.find("  SEVERITY  RESULT  CHECK      SUBJECT") != std::string::npos;
}

// A config scan of many files: an APP-002 fail in each of 40 files beside the sample's findings.
Report many_files_report() {
  Report report = config_scan_report();
  const CheckSpec spec{
      "APP-002", "No hardcoded password values",        Layer::credentials, Severity::high,
      {},        "Move the password to a secret store."};
  for (int i = 0; i < 40; ++i) {
    report.findings.push_back(
        {spec, Finding{"APP-002", Status::fail, Severity::high,
                       Subject::file("services/app" + std::to_string(i) + "/config.yaml", 4, 12),
                       "Hardcoded password under the key password", nullptr}});
  }
  return report;
}

// auto: the grid when every matrix fits the console's width in one band, else the findings view.
TEST(TableReportTest, AutoShowsTheGridWhenItFitsAndTheFindingsOtherwise) {
  for (const Report& report : {rich_report(), config_scan_report(), acceptance_report()}) {
    const std::string table = render(report, false);
    EXPECT_TRUE(has_grid(table)) << table;
    EXPECT_FALSE(has_findings_view(table));
  }
  for (const Report& report : {many_nodes_report(50), many_files_report()}) {
    const std::string table = render(report, false);
    EXPECT_TRUE(has_findings_view(table)) << table;
    EXPECT_FALSE(has_grid(table));
    EXPECT_EQ(table.find("  KEY  SUBJECT"), std::string::npos) << "no legend";
    EXPECT_NE(table.find("--view grid shows every check on every subject\n"), std::string::npos);
  }
  // The width decides: 12 nodes fit a wide console side by side, not a narrow one.
  EXPECT_TRUE(has_grid(render(many_nodes_report(12), false, 200)));
  EXPECT_TRUE(has_findings_view(render(many_nodes_report(12), false, 72)));
}

TEST(TableReportTest, ViewFindingsOrGridIsHonouredWhateverTheSize) {
  const std::string findings = render(rich_report(), false, 0, ReportView::findings);
  EXPECT_TRUE(has_findings_view(findings)) << findings;
  EXPECT_FALSE(has_grid(findings));
  const std::string grid = render(many_nodes_report(50), false, 0, ReportView::grid);
  EXPECT_TRUE(has_grid(grid));
  EXPECT_FALSE(has_findings_view(grid));
}

// A line per fail, error and warn, worst severity first; passes and skips are only counted.
TEST(TableReportTest, FindingsViewHasALinePerResultToActOn) {
  const std::vector<std::string> lines =
      lines_of(render(rich_report(), false, 0, ReportView::findings));
  std::vector<std::string> rows;
  bool in_table = false;
  for (const std::string& line : lines) {
    if (line.starts_with("  SEVERITY  ")) in_table = true;
    if (in_table && line.empty()) break;
    if (in_table && line.starts_with("  ") && !line.starts_with("    ") &&
        !line.starts_with("  SEVERITY")) {
      rows.push_back(line);
    }
  }
  ASSERT_EQ(rows.size(), 16u) << "10 fail, 4 warn, 2 error";
  EXPECT_TRUE(rows[0].starts_with("  critical  ERROR   AUTHN-001  db3.example.test:27017"))
      << rows[0];
  EXPECT_TRUE(rows[1].starts_with("  critical  FAIL    AUTHN-001  mongos1.example.test:27017"))
      << rows[1];
  EXPECT_TRUE(rows[2].starts_with("  critical  FAIL    TLS-001    mongos1.example.test:27017"))
      << rows[2];
  EXPECT_TRUE(rows.back().starts_with("  low       WARN    NET-003    db1.example.test:27017"))
      << rows.back();
  const std::string table = render(rich_report(), false, 0, ReportView::findings);
  EXPECT_NE(table.find("  high      ERROR   TLS-003    db3.example.test:27017"), std::string::npos)
      << "errors are listed: their subject was not looked at";
  EXPECT_NE(table.find("  high      FAIL    APP-002    services/billing/"), std::string::npos)
      << table;
  EXPECT_EQ(table.find("PASS"), std::string::npos);
  EXPECT_EQ(table.find("SKIP"), std::string::npos);
  EXPECT_NE(table.find("\n15 checks, 32 results: 10 fail, 4 warn, 15 pass, 2 error, 1 skipped\n"
                       "incomplete: 1 node not scanned, 2 checks in error\n\nFAIL: "),
            std::string::npos);
  EXPECT_NE(table.find("\nFindings: a line per result that fails, errs or warns (16 of 32), worst "
                       "severity first\nSubjects: 5 nodes, 4 connection strings and 2 file "
                       "locations\n"),
            std::string::npos)
      << table;
}

TEST(TableReportTest, FindingsViewCountsTheSuppressedWithoutListingThem) {
  const std::string table = render(config_scan_report(), false, 0, ReportView::findings);
  EXPECT_NE(table.find("  2 suppressed results (accepted, inline or baseline) not listed; --view "
                       "grid lists them\n"),
            std::string::npos)
      << table;
  EXPECT_EQ(table.find("reporting (value redacted)"), std::string::npos) << "the baseline's";
  EXPECT_EQ(table.find("a mongoscan:allow comment"), std::string::npos) << "the inline one's";
  EXPECT_NE(table.find("deploy/.env:3 "), std::string::npos) << "path:line, no column";
}

// A message from column `at` of lines[first] on, with its continuation lines: those blank in
// their first ten columns, where every entry has its severity or key.
std::string message_text(const std::vector<std::string>& lines, std::size_t first, std::size_t at) {
  std::string text = lines[first].substr(at);
  for (std::size_t i = first + 1; i < lines.size() && lines[i].starts_with(std::string(10, ' '));
       ++i) {
    if (lines[i].size() > at) text += " " + lines[i].substr(at);
  }
  return text;
}

// The findings view wraps long messages under their column instead of cutting them, written to a
// file or a pipe (width unknown) and on a console alike.
TEST(TableReportTest, FindingsViewWrapsLongMessagesAndKeepsEveryWord) {
  Report report = many_nodes_report(50);
  std::string cves;
  for (int i = 0; i < 40; ++i)
    cves += (i == 0 ? "" : ", ") + ("CVE-2024-" + std::to_string(1000 + i));
  const std::string message = "MongoDB 7.0.5 is affected by " + cves;
  report.findings[0].finding.status = Status::fail;
  report.findings[0].finding.message = message;
  for (const std::size_t width : {std::size_t{0}, std::size_t{90}}) {
    const std::string table = render(report, false, width);
    EXPECT_EQ(table.find("…"), std::string::npos) << width;
    const std::vector<std::string> lines = lines_of(table.substr(table.find("\nFindings:")));
    for (const std::string& line : lines) {
      if (line.starts_with("  ")) {
        EXPECT_LE(display_width(line), width == 0 ? kDefaultConsoleWidth : width) << line;
      }
    }
    const auto first = std::find_if(lines.begin(), lines.end(), [](const std::string& line) {
      return line.find("MongoDB 7.0.5 is affected by") != std::string::npos;
    });
    ASSERT_NE(first, lines.end()) << table;
    const std::size_t at = first->find("MongoDB 7.0.5");
    EXPECT_EQ(message_text(lines, first - lines.begin(), at), message) << width;
  }
}

// The grid's problem lines wrap when the width is unknown (a file, a pipe): the whole message is
// there. A console of known width still cuts them (CutsLongMessagesAndKeepsShortOnes).
TEST(TableReportTest, PipedGridWrapsProblemLines) {
  const std::string piped = render(rich_report(), false);
  EXPECT_EQ(piped.find("…"), std::string::npos);
  const std::vector<std::string> lines = lines_of(piped);
  const auto first = std::find_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.starts_with("    n4  WARN  MongoDB 6.0.13");
  });
  ASSERT_NE(first, lines.end()) << piped;
  const Report report = rich_report();
  const auto ver = std::find_if(
      report.findings.begin(), report.findings.end(), [](const ReportedFinding& reported) {
        return reported.finding.check_id == "VER-001" && reported.finding.status == Status::warn;
      });
  ASSERT_NE(ver, report.findings.end());
  EXPECT_EQ(message_text(lines, first - lines.begin(), first->find("MongoDB")),
            ver->finding.message);
  for (const std::string& line : lines) {
    if (line.starts_with("    ")) {
      EXPECT_LE(display_width(line), kDefaultConsoleWidth) << line;
    }
  }
}

// Issue 22: an inventory report opens with its environments (verdict, fails by severity, tags,
// worst results, why one was not scanned), then a section per environment with only its results,
// then the whole inventory's counts.
TEST(TableReportTest, InventoryReportHasAFleetSummaryAndASectionPerEnvironment) {
  const std::string text = render(testing_support::inventory_report(), false);
  EXPECT_TRUE(matches_golden("tests/reports/golden/inventory.table.txt", text));
  const std::size_t fleet = text.find("Environments: 3");
  const std::size_t production = text.find("Environment production: FAIL");
  const std::size_t staging = text.find("Environment staging: INCOMPLETE");
  const std::size_t reporting = text.find("Environment reporting: NOT SCANNED");
  const std::size_t whole = text.find("Whole inventory:");
  ASSERT_NE(fleet, std::string::npos) << text;
  EXPECT_LT(fleet, production);
  EXPECT_LT(production, staging);
  EXPECT_LT(staging, reporting);
  EXPECT_LT(reporting, whole);
  EXPECT_NE(whole, std::string::npos);
  // Each environment's section holds its own node and nothing of the others'.
  const std::string production_section = text.substr(production, staging - production);
  EXPECT_NE(production_section.find("db1.example.test:27017"), std::string::npos);
  EXPECT_EQ(production_section.find("cluster0.example.test"), std::string::npos);
  EXPECT_NE(text.substr(reporting, whole - reporting)
                .find("not scanned: inventory.yaml:30: password_env "
                      "MONGOSCAN_REPORTING_PASSWORD is not set"),
            std::string::npos);
  // The fleet row of production counts its critical fail and names its worst result.
  const std::string fleet_part = text.substr(fleet, production - fleet);
  EXPECT_NE(fleet_part.find("owner=payments, tier=prod"), std::string::npos) << fleet_part;
  EXPECT_NE(fleet_part.find("AUTHN-001"), std::string::npos) << fleet_part;
  EXPECT_EQ(render(rich_report(), false).find("Environments:"), std::string::npos);
}

// Issue 22: with a history, each environment's section says what changed since its previous run:
// new, fixed, unverified (never counted as fixed) and still failing since when.
TEST(TableReportTest, HistoryReportListsEachEnvironmentsChanges) {
  const std::string text = render(testing_support::history_report(), false);
  EXPECT_TRUE(matches_golden("tests/reports/golden/history.table.txt", text));
  const std::size_t production = text.find("Environment production:");
  const std::size_t staging = text.find("Environment staging:");
  ASSERT_NE(production, std::string::npos);
  const std::string section = text.substr(production, staging - production);
  EXPECT_NE(
      section.find("Since the previous run: 1 new, 1 fixed, 1 unverified, 1 still failing since"),
      std::string::npos)
      << section;
  for (const char* change : {"  NEW ", "  FIXED ", "  UNVERIFIED ", "  STILL FAILING "}) {
    EXPECT_NE(section.find(change), std::string::npos) << change;
  }
  EXPECT_NE(section.find("first seen "), std::string::npos);
  EXPECT_NE(text.substr(staging).find("Since the previous run: first run: "), std::string::npos);
}

}  // namespace
}  // namespace table_report_test
}  // namespace mongoscan
