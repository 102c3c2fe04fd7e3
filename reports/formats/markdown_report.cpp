#include "reports/formats/markdown_report.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "checks/control_catalogue.h"
#include "checks/registry.h"
#include "checks/text_list.h"
#include "reports/acceptance_text.h"
#include "reports/cloud_text.h"
#include "reports/control_coverage.h"
#include "reports/environment_sections.h"
#include "reports/self_check_table.h"
#include "reports/text/markdown_text.h"

namespace mongoscan {
namespace {

bool needs_attention(const Finding& finding) {
  return !is_suppressed(finding) &&
         (finding.status == Status::fail || finding.status == Status::error ||
          finding.status == Status::warn);
}

std::string_view emoji(Status status) {
  switch (status) {
    case Status::fail:
      return "❌";
    case Status::error:
      return "⛔";
    case Status::warn:
      return "⚠️";
    case Status::skipped:
      return "⏭️";
    case Status::pass:
      break;
  }
  return "✅";
}

// "## ❌ mongoscan: fail": the worst status of the findings that count (suppressed ones do not).
void write_title(const Report& report, std::ostream& out) {
  const ReportedFinding* worst = nullptr;
  for (const ReportedFinding& reported : report.findings.in_memory()) {
    if (is_suppressed(reported.finding)) continue;
    if (worst == nullptr || badness(reported.finding.status) > badness(worst->finding.status))
      worst = &reported;
  }
  out << "## ";
  if (worst == nullptr) {
    out << emoji(Status::pass) << ' ' << markdown_text(report.tool_name) << ": no findings\n\n";
    return;
  }
  out << emoji(worst->finding.status) << ' ' << markdown_text(report.tool_name) << ": "
      << to_string(worst->finding.status) << "\n\n";
}

void write_counts(const Report& report, std::ostream& out) {
  const StatusCounts counts = report.summary();
  const std::size_t results = report.findings.size();
  out << "**" << results << (results == 1 ? " result" : " results") << ":** " << counts.fail
      << " fail · " << counts.error << " error · " << counts.warn << " warn · " << counts.skipped
      << " skipped · " << counts.pass << " pass · " << counts.suppressed << " suppressed\n\n";
  if (!report.coverage.complete())
    out << "**" << markdown_text(report.coverage.statement()) << "**\n\n";
}

std::string check_cell(const ReportedFinding& reported) {
  return markdown_code(reported.finding.check_id) + " " + markdown_text(reported.spec->title);
}

void write_more(std::size_t shown, std::size_t total, std::ostream& out) {
  if (total > shown) {
    out << "\n…and " << total - shown << " more: see the JSON or HTML report for every finding.\n";
  }
}

// The fails, errors and warns that count, worst status first, then highest severity, then in
// report order.
void write_attention(const Report& report, std::ostream& out) {
  std::vector<const ReportedFinding*> rows;
  for (const ReportedFinding& reported : report.findings.in_memory()) {
    if (needs_attention(reported.finding)) rows.push_back(&reported);
  }
  if (rows.empty()) return;
  std::stable_sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) {
    const int by_status = badness(a->finding.status) - badness(b->finding.status);
    if (by_status != 0) return by_status > 0;
    return a->finding.severity > b->finding.severity;
  });
  // An inventory's results say which environment they belong to.
  const bool environments = !report.environments.empty();
  out << "### Needs attention (" << rows.size() << ")\n\n"
      << (environments ? "| Environment " : "")
      << "| Status | Check | Severity | Subject | Message |\n"
      << (environments ? "| --- " : "") << "| --- | --- | --- | --- | --- |\n";
  const std::size_t shown = std::min(rows.size(), kMarkdownTableRows);
  for (std::size_t i = 0; i < shown; ++i) {
    const Finding& finding = rows[i]->finding;
    if (environments) out << "| " << markdown_text(rows[i]->environment) << ' ';
    out << "| " << emoji(finding.status) << ' ' << to_string(finding.status) << " | "
        << check_cell(*rows[i]) << " | " << to_string(finding.severity) << " | "
        << markdown_code(describe_with_context(finding.subject)) << " | "
        << markdown_text(finding.message) << " |\n";
  }
  write_more(shown, rows.size(), out);
  out << '\n';
}

// The "Suppressed by" cell: an acceptance with its reason and expiry, an inline comment with its
// reason when it gave one, or the baseline.
std::string suppressed_by(const Finding& finding) {
  if (finding.suppression == "accepted") return markdown_text(suppression_text(finding));
  if (finding.suppression != "inline") return "baseline";
  return "inline (`mongoscan:allow`)" +
         (finding.acceptance ? ": " + markdown_text(finding.acceptance->reason) : std::string());
}

void write_suppressed(const Report& report, std::ostream& out) {
  std::vector<const ReportedFinding*> rows;
  for (const ReportedFinding& reported : report.findings.in_memory()) {
    if (is_suppressed(reported.finding)) rows.push_back(&reported);
  }
  if (rows.empty()) return;
  out << "<details>\n<summary>" << rows.size()
      << (rows.size() == 1 ? " suppressed finding" : " suppressed findings")
      << "</summary>\n\n| Status | Check | Severity | Subject | Suppressed by | Message |\n"
      << "| --- | --- | --- | --- | --- | --- |\n";
  const std::size_t shown = std::min(rows.size(), kMarkdownTableRows);
  for (std::size_t i = 0; i < shown; ++i) {
    const Finding& finding = rows[i]->finding;
    out << "| " << to_string(finding.status) << " | " << check_cell(*rows[i]) << " | "
        << to_string(finding.severity) << " | "
        << markdown_code(describe_with_context(finding.subject)) << " | " << suppressed_by(finding)
        << " | " << markdown_text(finding.message) << " |\n";
  }
  write_more(shown, rows.size(), out);
  out << "\n</details>\n\n";
}

void write_stale_acceptance_list(const Report& report, std::ostream& out) {
  if (report.stale_acceptances.empty()) return;
  out << "**Stale acceptances** (remove them or fix their subject):\n\n";
  for (const StaleAcceptance& stale : report.stale_acceptances) {
    out << "- " << markdown_text(stale_acceptance_text(stale)) << '\n';
  }
  out << '\n';
}

// One controls section: its source, nodes and notes, and a row per control.
void write_controls_table(const ControlsSection& section, std::ostream& out) {
  const FrameworkSource& source = framework_source(section.framework);
  out << "### Controls: " << markdown_text(source.document)
      << "\n\nSource: " << markdown_text(source.source) << " (retrieved "
      << markdown_text(source.retrieved) << ").";
  if (!section.nodes.empty()) {
    out << "\n\nNodes scored against this edition: " << markdown_text(join(section.nodes, ", "))
        << '.';
  }
  for (const std::string& note : section.notes) out << "\n\n" << markdown_text(note) << '.';
  out << "\n\n| Control | Title | Checks | Result |\n|---|---|---|---|\n";
  for (const ControlCoverage& control : section.controls) {
    std::string checks;
    for (const CoveringCheck& check : control.checks) {
      if (!checks.empty()) checks += ", ";
      checks += check.id + " (" + std::string(to_string(check.result)) + ")";
    }
    out << "| " << markdown_text(control.id) << " | " << markdown_text(control.title) << " | "
        << (checks.empty() ? "—" : markdown_text(checks)) << " | " << to_string(control.result)
        << " |\n";
  }
  out << '\n';
}

// --framework: a table of every control, the checks that cite it and their result; the
// controls no check cites say "not assessed". By version, a table per STIG edition, each naming
// its nodes.
void write_controls_section(const Report& report, const FrameworkChoice& choice,
                            std::ostream& out) {
  for (const ControlsSection& section : controls_sections(report, choice, check_catalogue()))
    write_controls_table(section, out);
}

void write_config_scan_section(const ConfigScanSummary& scan, std::ostream& out) {
  out << "### Config scan\n\nScanned " << scan.files_scanned
      << (scan.files_scanned == 1 ? " file (" : " files (") << scan.bytes_scanned
      << (scan.bytes_scanned == 1 ? " byte)" : " bytes)");
  for (std::size_t i = 0; i < scan.roots.size(); ++i) {
    out << (i == 0 ? " under " : ", ") << markdown_code(scan.roots[i]);
  }
  out << ".\n";
  if (!scan.suppressed_by_rule.empty()) {
    out << "\nCandidates dropped by suppression rules:";
    bool first = true;
    for (const auto& [rule, count] : scan.suppressed_by_rule) {
      out << (first ? " " : ", ") << markdown_code(rule) << ' ' << count;
      first = false;
    }
    out << ".\n";
  }
  if (!scan.skipped.empty()) {
    out << "\n**" << scan.skipped.size()
        << (scan.skipped.size() == 1 ? " file skipped:**\n\n" : " files skipped:**\n\n");
    const std::size_t shown = std::min(scan.skipped.size(), kMarkdownSkippedFiles);
    for (std::size_t i = 0; i < shown; ++i) {
      out << "- " << markdown_code(scan.skipped[i].path) << ": "
          << markdown_text(scan.skipped[i].reason) << '\n';
    }
    if (scan.skipped.size() > shown) out << "- …and " << scan.skipped.size() - shown << " more\n";
  }
  out << '\n';
}

// The Cloud part: per provider account, its blocks (reports/cloud_text.h) as nested lists, the
// first kMarkdownTableRows of each account.
void write_clouds_section(const Report& report, std::ostream& out) {
  if (report.clouds.empty()) return;
  const CloudResults results = cloud_results(report.findings);
  out << "### Cloud\n\n";
  for (const CloudAccountSummary& account : report.clouds) {
    out << "**" << markdown_text(cloud_account_title(account)) << "**";
    if (!account.environment.empty()) out << " (" << markdown_text(account.environment) << ")";
    out << "\n\n";
    const std::vector<CloudBlock> blocks = cloud_blocks(account, results);
    const std::size_t shown = std::min(blocks.size(), kMarkdownTableRows);
    for (std::size_t i = 0; i < shown; ++i) {
      out << "- " << markdown_text(blocks[i].title) << '\n';
      for (const std::string& line : blocks[i].lines) out << "  - " << markdown_text(line) << '\n';
    }
    if (blocks.size() > shown)
      out << "\n…and " << blocks.size() - shown << " more: see the JSON or HTML report.\n";
    out << '\n';
  }
}

void write_footer(const Report& report, std::ostream& out) {
  out << "<sub>" << markdown_text(report.tool_name + " " + report.tool_version) << " · "
      << markdown_text(report.started_at) << " to " << markdown_text(report.finished_at);
  for (std::size_t i = 0; i < report.inputs.size(); ++i) {
    out << (i == 0 ? " · scanned " : ", ") << markdown_code(report.inputs[i]);
  }
  out << "</sub>\n";
}

}  // namespace

// An inventory's environments: verdict at the gate, fails by severity, warns, errors, and why an
// environment was not scanned.
void write_environments(const Report& report, std::ostream& out) {
  if (report.environments.empty()) return;
  const std::vector<FleetRow> rows = fleet_summary(report);
  const bool since_previous = shows_since_previous(rows);
  out << "### Environments (" << report.environments.size() << ")\n\n"
      << "| Environment | Verdict | critical | high | medium | low | info | warn | error | "
      << (since_previous ? "Since previous run | " : "")
      << "Tags |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | "
      << (since_previous ? "--- | " : "") << "--- |\n";
  for (const FleetRow& row : rows) {
    out << "| " << markdown_text(row.environment->name) << " | " << markdown_text(row.verdict);
    if (!row.environment->error.empty()) out << ": " << markdown_text(row.environment->error);
    out << " |";
    for (const int count : row.failing_by_severity) out << ' ' << count << " |";
    out << ' ' << row.counts.warn << " | " << row.counts.error << " | ";
    if (since_previous) out << row.since_previous << " | ";
    out << markdown_text(tags_text(*row.environment)) << " |\n";
  }
  out << '\n';
  for (const EnvironmentSummary& environment : report.environments) {
    if (!environment.changes) continue;
    out << "**" << markdown_text(environment.name)
        << "** since the previous run: " << markdown_text(changes_summary(*environment.changes))
        << "\n\n";
    const std::vector<ChangeLine> lines = change_lines(*environment.changes);
    if (lines.empty()) continue;
    out << "| Change | Severity | Check | Subject | Message | Note |\n"
           "| --- | --- | --- | --- | --- | --- |\n";
    const std::size_t shown = std::min(lines.size(), kMarkdownTableRows);
    for (std::size_t i = 0; i < shown; ++i) {
      const ChangedFinding& finding = *lines[i].finding;
      out << "| " << lines[i].change << " | " << to_string(finding.severity) << " | "
          << markdown_code(finding.check_id) << " | " << markdown_code(finding.subject) << " | "
          << markdown_text(finding.message) << " | " << markdown_text(lines[i].note) << " |\n";
    }
    write_more(shown, lines.size(), out);
    out << '\n';
  }
}

void write_markdown_report(const Report& report, std::ostream& out,
                           std::optional<FrameworkChoice> framework) {
  write_title(report, out);
  write_counts(report, out);
  write_environments(report, out);
  write_attention(report, out);
  write_suppressed(report, out);
  write_stale_acceptance_list(report, out);
  if (framework) write_controls_section(report, *framework, out);
  if (report.config_scan) write_config_scan_section(*report.config_scan, out);
  write_clouds_section(report, out);
  write_footer(report, out);
}

}  // namespace mongoscan
