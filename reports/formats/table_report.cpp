#include "reports/formats/table_report.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reports/acceptance_text.h"
#include "reports/cloud_summary.h"
#include "reports/cloud_text.h"
#include "reports/cluster_summary.h"
#include "reports/environment_sections.h"
#include "reports/findings_view.h"
#include "reports/self_check_table.h"
#include "reports/text/console_text.h"
#include "reports/text/text_table.h"
#include "reports/verdict_text.h"

namespace mongoscan {
namespace {

// Widths beyond which cells are cut on a console (wrapped when its width is unknown); JSON and
// HTML keep the full text. The self-check matrix fits the console's width: its titles narrow down
// to kMinTitleWidth, then its subject columns wrap into bands.
constexpr std::size_t kNodeErrorsWidth = 80;
constexpr std::size_t kMinTitleWidth = 16;
constexpr std::size_t kMinTextWidth = 24;
constexpr std::size_t kMinSubjectWidth = 28;  // the findings view's: most host:port fit
constexpr std::size_t kSkippedReasonWidth = 40;
constexpr std::size_t kMaxSkippedFiles = 20;  // the JSON and HTML reports list every one
constexpr std::size_t kGap = 2;               // between TextTable's columns
constexpr std::string_view kIndent = "  ";

constexpr std::string_view kBold = "1";
constexpr std::string_view kDim = "2";
constexpr Status kStatusesWorstFirst[] = {Status::fail, Status::error, Status::warn,
                                          Status::skipped, Status::pass};
constexpr Subject::Kind kKinds[] = {Subject::Kind::node, Subject::Kind::cloud, Subject::Kind::uri,
                                    Subject::Kind::file, Subject::Kind::ns};

std::string_view status_style(Status status) {
  switch (status) {
    case Status::pass:
      return "32";
    case Status::fail:
      return "1;31";
    case Status::warn:
      return "33";
    case Status::error:
      return "35";
    case Status::skipped:
      return "2";
  }
  return {};
}

std::string_view severity_style(Severity severity) {
  switch (severity) {
    case Severity::critical:
      return "1;31";
    case Severity::high:
      return "31";
    case Severity::medium:
      return "33";
    case Severity::low:
      return "36";
    case Severity::info:
      return "2";
  }
  return {};
}

std::string upper(std::string_view text) {
  std::string result(text);
  for (char& c : result) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return result;
}

void write_header(const Report& report, bool color, std::ostream& out) {
  out << styled(console_safe(report.tool_name + " " + report.tool_version + " security report"),
                kBold, color)
      << '\n';
  out << "Started   " << console_safe(report.started_at) << '\n';
  out << "Finished  " << console_safe(report.finished_at) << '\n';
  if (report.inputs.empty()) out << "Inputs    none\n";
  for (std::size_t i = 0; i < report.inputs.size(); ++i) {
    out << (i == 0 ? "Inputs    " : "          ") << console_safe(report.inputs[i]) << '\n';
  }
}

// "on" when the session ran over TLS, "off" when it did not, empty when no session was made.
std::string tls_text(const NodeSummary& node) {
  if (node.role == "unknown") return "";
  return node.tls.unpack().value("enabled", false) ? "on" : "off";
}

std::string node_errors(const NodeSummary& node) {
  std::string text;
  for (const auto& [code, phase, message] : node.errors) {
    if (!text.empty()) text += "; ";
    text += phase + ": " + message;
  }
  return text;
}

void write_target(const TargetSummary& target, const SelfCheckTable& self_check, bool wrap,
                  bool color, std::ostream& out) {
  out << '\n'
      << styled("Target " + console_safe(target.uri), kBold, color) << " ("
      << console_safe(target.topology) << ")\n";
  if (target.nodes.empty()) {
    out << "  no nodes\n";
    return;
  }
  for (const std::string& deployment : managed_deployments(target))
    out << kIndent << "managed deployment: " << console_safe(deployment) << " (Cloud below)\n";
  for (const NodeGroup& group : node_groups(target)) {
    if (!group.heading.empty())
      out << kIndent << styled(console_safe(group.heading), kBold, color) << '\n';
    TextTable nodes({{"KEY"},
                     {"ADDRESS"},
                     {"ROLE"},
                     {"VERSION"},
                     {"TLS"},
                     {"FOUND BY"},
                     {"ERRORS", kNodeErrorsWidth, 0, wrap}});
    for (const NodeRow& row : group.rows) {
      const NodeSummary& node = *row.node;
      nodes.add_row({{node_key(self_check, node.address)},
                     {node.address},
                     {row.role},
                     {node.version},
                     {tls_text(node)},
                     {describe_origin(node)},
                     {node_errors(node), "35"}});
    }
    nodes.write(out, color, kIndent);
  }
  if (target.cluster) {
    for (const StaleMongosSummary& mongos : target.cluster->stale_mongos)
      out << kIndent << console_safe(describe_stale_mongos(mongos)) << '\n';
  }
}

// The Cloud part: per provider account, a block per scope, managed deployment, security group and
// load balancer (reports/cloud_text.h), each line wrapped to the console.
void write_clouds(const Report& report, bool color, std::size_t console_width, std::ostream& out) {
  if (report.clouds.empty()) return;
  const CloudResults results = cloud_results(report.findings);
  const std::string line_indent = std::string(kIndent) + std::string(kIndent);
  const std::size_t width = std::max(console_width, line_indent.size() + kMinTextWidth);
  for (const CloudAccountSummary& account : report.clouds) {
    out << '\n'
        << styled("Cloud: " + console_safe(cloud_account_title(account)), kBold, color) << '\n';
    for (const CloudBlock& block : cloud_blocks(account, results)) {
      for (const std::string& part :
           wrap_to_width(console_safe(block.title), width - kIndent.size()))
        out << kIndent << styled(part, kBold, color) << '\n';
      for (const std::string& line : block.lines) {
        for (const std::string& part :
             wrap_to_width(console_safe(line), width - line_indent.size()))
          out << line_indent << part << '\n';
      }
    }
  }
}

// A matrix cell: the worst status of the check on the subject, "×N" when it gave N results there.
std::string cell_text(const SelfCheckCell& cell) {
  const std::optional<Status> status = cell.status();
  if (!status) return std::string(kNotRunMark);
  std::string text = *status == Status::skipped ? "SKIP" : upper(to_string(*status));
  if (cell.findings.size() > 1) text += "×" + std::to_string(cell.findings.size());
  return text;
}

std::size_t kind_index(Subject::Kind kind) { return static_cast<std::size_t>(kind); }

// The widths the matrices share, so that their columns line up down the report.
struct MatrixWidths {
  std::size_t check = 5, severity = 8, result = 6, title = 5;  // at least their headers
  std::size_t cell[std::size(kKinds)] = {};  // a subject column per kind: key or widest cell
};

MatrixWidths matrix_widths(const SelfCheckTable& self_check) {
  MatrixWidths widths;
  for (const Subject::Kind kind : kKinds) {
    const std::size_t columns = self_check.columns(kind).size();
    if (columns > 0) widths.cell[kind_index(kind)] = subject_key(kind, columns - 1).size();
  }
  for (const SelfCheckSection& section : self_check.sections) {
    for (const SelfCheckRow& row : section.rows) {
      widths.check = std::max(widths.check, display_width(console_safe(row.spec->id)));
      widths.result = std::max(widths.result, to_string(row.status).size());
      widths.title = std::max(widths.title, display_width(console_safe(row.spec->title)));
      for (const SelfCheckCell& cell : row.cells) {
        std::size_t& cell_width = widths.cell[kind_index(row.kind)];
        cell_width = std::max(cell_width, display_width(cell_text(cell)));
      }
    }
  }
  return widths;
}

// How a matrix of one kind of subject fits the console: its subject columns in bands whose sizes
// differ by one at most, and the width of its title column.
struct Bands {
  std::size_t count;
  std::size_t subjects;
  std::size_t title;

  // The subjects of band b: [first, last).
  std::size_t first(std::size_t b) const {
    return b * (subjects / count) + std::min(b, subjects % count);
  }
  std::size_t last(std::size_t b) const { return first(b + 1); }
};

Bands fit(const MatrixWidths& widths, Subject::Kind kind, std::size_t subjects,
          std::size_t console_width) {
  const std::size_t fixed =
      kIndent.size() + widths.check + kGap + widths.severity + kGap + widths.result + kGap;
  const std::size_t per_subject = kGap + widths.cell[kind_index(kind)];
  const auto room = [&](std::size_t used) {
    return console_width > used ? console_width - used : 0;
  };
  if (fixed + widths.title + subjects * per_subject <= console_width) {
    return {1, subjects, widths.title};
  }
  const std::size_t fitting = std::max<std::size_t>(room(fixed + kMinTitleWidth) / per_subject, 1);
  const std::size_t count = (subjects + fitting - 1) / fitting;
  const std::size_t widest = (subjects + count - 1) / count;
  const std::size_t title = std::max(room(fixed + widest * per_subject), kMinTitleWidth);
  return {count, subjects, std::min(title, widths.title)};
}

// A result's message with what suppresses it: an acceptance first (its reason and expiry survive
// a cut to the console's width), an inline comment or the baseline after.
std::string detail_text(const Finding& finding) {
  if (finding.suppression.empty()) return finding.message;
  if (finding.suppression == "accepted") return suppression_text(finding) + ": " + finding.message;
  return finding.message + " (" + suppression_text(finding) + ")";
}

// The subjects of the row's cells in [first, last) on which it failed, erred or warned, worst
// first, with their messages. Passes and skips are in the JSON and HTML reports.
void add_problems(const SelfCheckRow& row, std::size_t first, std::size_t last, TextTable& table) {
  for (const Status status : kStatusesWorstFirst) {
    if (status == Status::skipped || status == Status::pass) continue;
    for (std::size_t column = first; column < last; ++column) {
      for (const ReportedFinding* reported : row.cells[column].findings) {
        const Finding& finding = reported->finding;
        if (finding.status != status) continue;
        table.add_detail({{subject_key(row.kind, column)},
                          {upper(to_string(status)), status_style(status)},
                          {detail_text(finding)}});
      }
    }
  }
}

std::string_view kind_name(Subject::Kind kind) {
  switch (kind) {
    case Subject::Kind::node:
      return "nodes";
    case Subject::Kind::uri:
      return "connection strings";
    case Subject::Kind::ns:
      return "databases and collections";
    case Subject::Kind::cloud:
      return "cloud resources";
    case Subject::Kind::file:
      break;
  }
  return "files";
}

// The rows of one group that judge one kind of subject: a column per subject, in bands of
// columns when they do not fit the console's width, each row followed by its problems.
void write_matrix(const std::vector<const SelfCheckRow*>& rows, Subject::Kind kind,
                  std::size_t subjects, const MatrixWidths& widths, std::size_t console_width,
                  bool wrap, bool color, std::ostream& out) {
  const Bands bands = fit(widths, kind, subjects, console_width);
  const std::size_t cell_width = widths.cell[kind_index(kind)];
  const std::size_t message_width =
      std::max(console_width > 2 * kIndent.size() + cell_width + 5 + 2 * kGap
                   ? console_width - (2 * kIndent.size() + cell_width + 5 + 2 * kGap)
                   : 0,
               kMinTextWidth);
  for (std::size_t band = 0; band < bands.count; ++band) {
    const std::size_t first = bands.first(band), last = bands.last(band);
    if (bands.count > 1) {
      out << kIndent
          << styled(std::string(kind_name(kind)) + " " + subject_key(kind, first) + "–" +
                        subject_key(kind, last - 1) + " of " + std::to_string(subjects),
                    kDim, color)
          << '\n';
    }
    std::vector<TextTable::Column> columns = {{"CHECK", 0, widths.check},
                                              {"SEVERITY", 0, widths.severity},
                                              {"RESULT", 0, widths.result},
                                              {"TITLE", bands.title, bands.title}};
    for (std::size_t column = first; column < last; ++column) {
      columns.push_back({subject_key(kind, column), 0, cell_width});
    }
    TextTable table(std::move(columns));
    table.set_detail_columns({{""}, {""}, {"", message_width, 0, wrap}}, std::string(kIndent));
    for (const SelfCheckRow* row : rows) {
      std::vector<TextCell> cells = {
          {row->spec->id},
          {std::string(to_string(row->severity)), severity_style(row->severity)},
          {upper(to_string(row->status)), status_style(row->status)},
          {row->spec->title}};
      for (std::size_t column = first; column < last; ++column) {
        const std::optional<Status> status = row->cells[column].status();
        cells.push_back({cell_text(row->cells[column]), status ? status_style(*status) : kDim});
      }
      table.add_row(std::move(cells));
      add_problems(*row, first, last, table);
    }
    table.write(out, color, kIndent);
    if (last < subjects) out << '\n';
  }
}

// The keys of the subjects that the targets' tables do not show: nodes that only findings name,
// connection strings and files.
void write_legend(const SelfCheckTable& self_check, std::size_t console_width, bool wrap,
                  bool color, std::ostream& out) {
  const std::size_t subject_width = std::max(console_width > 2 * kIndent.size() + 3 + kGap
                                                 ? console_width - (2 * kIndent.size() + 3 + kGap)
                                                 : 0,
                                             kMinTextWidth);
  TextTable legend({{"KEY"}, {"SUBJECT", subject_width, 0, wrap}});
  bool any = false;
  for (const Subject::Kind kind : kKinds) {
    const std::vector<SelfCheckColumn>& columns = self_check.columns(kind);
    for (std::size_t column = 0; column < columns.size(); ++column) {
      if (columns[column].target) continue;
      legend.add_row({{subject_key(kind, column)}, {columns[column].name}});
      any = true;
    }
  }
  if (any) legend.write(out, color, kIndent);
}

// Whether every matrix fits the console's width side by side, in one band of subject columns.
bool grid_fits(const SelfCheckTable& self_check, std::size_t console_width) {
  const MatrixWidths widths = matrix_widths(self_check);
  for (const SelfCheckSection& section : self_check.sections) {
    for (const SelfCheckRow& row : section.rows) {
      const std::size_t subjects = self_check.columns(row.kind).size();
      if (fit(widths, row.kind, subjects, console_width).count > 1) return false;
    }
  }
  return true;
}

void write_self_check(const SelfCheckTable& self_check, std::size_t console_width, bool wrap,
                      bool color, std::ostream& out) {
  out << '\n';
  if (self_check.sections.empty()) {
    out << "No findings.\n";
    return;
  }
  out << styled("Self-check", kBold, color)
      << ": a row per check, a column per node or subject (n1, u1, f1)\n"
      << kNotRunMark << " where the check did not run; ×N: N results there, the worst shown\n";
  write_legend(self_check, console_width, wrap, color, out);
  const MatrixWidths widths = matrix_widths(self_check);
  for (const SelfCheckSection& section : self_check.sections) {
    out << '\n' << styled(std::string(group_title(section.group)), kBold, color) << '\n';
    bool first_matrix = true;
    for (const Subject::Kind kind : kKinds) {
      std::vector<const SelfCheckRow*> rows;
      for (const SelfCheckRow& row : section.rows) {
        if (row.kind == kind) rows.push_back(&row);
      }
      if (rows.empty()) continue;
      if (!first_matrix) out << '\n';
      first_matrix = false;
      write_matrix(rows, kind, self_check.columns(kind).size(), widths, console_width, wrap, color,
                   out);
    }
  }
}

// The findings view (findings_view.h) instead of the matrices: a line per result that fails,
// errs or warns, worst severity first. Subjects and messages wrap, on a console too: a location
// or a message cut short is no finding to act on.
void write_findings_view(const Report& report, const SelfCheckTable& self_check,
                         std::size_t console_width, bool color, std::ostream& out) {
  out << '\n';
  if (self_check.sections.empty()) {
    out << "No findings.\n";
    return;
  }
  const FindingsView view = findings_view(report);
  out << styled("Findings", kBold, color) << ": a line per result that fails, errs or warns ("
      << view.lines.size() << " of " << report.findings.size() << "), worst severity first\n"
      << "Subjects: " << describe_subjects(self_check) << "\n"
      << "--view grid shows every check on every subject\n";
  if (view.lines.empty()) out << kIndent << "none\n";
  std::size_t check_width = 5;
  std::size_t subject_width = 0;
  for (const FindingsViewLine& line : view.lines) {
    check_width =
        std::max(check_width, display_width(console_safe(line.reported->finding.check_id)));
    subject_width = std::max(subject_width, display_width(console_safe(line.subject)));
  }
  // SEVERITY and RESULT: their headers are as wide as their widest cells ("critical", "ERROR").
  const std::size_t fixed = kIndent.size() + std::string_view("SEVERITY").size() + kGap +
                            std::string_view("RESULT").size() + kGap + check_width + kGap;
  const std::size_t room = console_width > fixed ? console_width - fixed : 0;
  subject_width = std::min(subject_width, std::max(kMinSubjectWidth, room * 2 / 5));
  const std::size_t message_width =
      std::max(room > subject_width + kGap ? room - subject_width - kGap : 0, kMinTextWidth);
  TextTable table({{"SEVERITY"},
                   {"RESULT"},
                   {"CHECK"},
                   {"SUBJECT", subject_width, 0, true},
                   {"MESSAGE", message_width, 0, true}});
  for (const FindingsViewLine& line : view.lines) {
    const Finding& finding = line.reported->finding;
    table.add_row({{std::string(to_string(finding.severity)), severity_style(finding.severity)},
                   {upper(to_string(finding.status)), status_style(finding.status)},
                   {finding.check_id},
                   {line.subject},
                   {finding.message}});
  }
  if (!view.lines.empty()) table.write(out, color, kIndent);
  if (!view.suppressed.empty()) {
    out << kIndent << view.suppressed.size()
        << (view.suppressed.size() == 1 ? " suppressed result" : " suppressed results")
        << " (accepted, inline or baseline) not listed; --view grid lists them\n";
  }
}

// "12 checks, 31 results: 3 fail, 2 warn, 5 pass, 1 error, 1 skipped", non-zero counts coloured,
// then ", 2 suppressed" when a suppression kept fails or warns from counting.
// A check is a row of the self-check table; a result is one finding.
void write_summary(const Report& report, const SelfCheckTable& self_check, bool color,
                   std::ostream& out) {
  const StatusCounts counts = report.summary();
  const auto count = [&](int n, Status status) {
    const std::string text = std::to_string(n) + " " + std::string(to_string(status));
    return n == 0 ? text : styled(text, status_style(status), color);
  };
  const std::string suppressed = std::to_string(counts.suppressed) + " suppressed";
  std::size_t checks = 0;
  for (const SelfCheckSection& section : self_check.sections) checks += section.rows.size();
  const std::size_t results = report.findings.size();
  out << '\n'
      << checks << (checks == 1 ? " check, " : " checks, ") << results
      << (results == 1 ? " result: " : " results: ") << count(counts.fail, Status::fail) << ", "
      << count(counts.warn, Status::warn) << ", " << count(counts.pass, Status::pass) << ", "
      << count(counts.error, Status::error) << ", " << count(counts.skipped, Status::skipped)
      << (counts.suppressed == 0 ? "" : ", " + styled(suppressed, kDim, color)) << '\n';
  if (!report.coverage.complete())
    out << styled(report.coverage.statement(), status_style(Status::error), color) << '\n';
  for (const StaleAcceptance& stale : report.stale_acceptances)
    out << "stale acceptance " << console_safe(stale_acceptance_text(stale)) << '\n';
}

// What the config scan covered, then the first kMaxSkippedFiles files it did not read.
void write_config_scan(const ConfigScanSummary& scan, std::size_t console_width, bool wrap,
                       bool color, std::ostream& out) {
  out << '\n'
      << styled("Config scan", kBold, color) << ": " << scan.files_scanned
      << (scan.files_scanned == 1 ? " file, " : " files, ") << scan.bytes_scanned
      << (scan.bytes_scanned == 1 ? " byte" : " bytes");
  for (std::size_t i = 0; i < scan.roots.size(); ++i) {
    out << (i == 0 ? " under " : ", ") << console_safe(scan.roots[i]);
  }
  out << '\n';
  if (!scan.suppressed_by_rule.empty()) {
    out << kIndent << "dropped by suppression rules:";
    bool first = true;
    for (const auto& [rule, count] : scan.suppressed_by_rule) {
      out << (first ? " " : ", ") << console_safe(rule) << ' ' << count;
      first = false;
    }
    out << '\n';
  }
  if (scan.skipped.empty()) return;
  out << kIndent << scan.skipped.size()
      << (scan.skipped.size() == 1 ? " file skipped:\n" : " files skipped:\n");
  const std::size_t path_width =
      std::max(console_width > kSkippedReasonWidth + 2 * kIndent.size() + kGap
                   ? console_width - (kSkippedReasonWidth + 2 * kIndent.size() + kGap)
                   : 0,
               kMinTextWidth);
  TextTable skipped({{"FILE", path_width, 0, wrap}, {"REASON", kSkippedReasonWidth, 0, wrap}});
  const std::size_t shown = std::min(scan.skipped.size(), kMaxSkippedFiles);
  for (std::size_t i = 0; i < shown; ++i) {
    skipped.add_row({{scan.skipped[i].path}, {scan.skipped[i].reason}});
  }
  skipped.write(out, color, std::string(kIndent) + std::string(kIndent));
  if (scan.skipped.size() > shown) {
    out << kIndent << kIndent << "…and " << scan.skipped.size() - shown
        << " more (the JSON and HTML reports list every one)\n";
  }
}

// What changed in an environment since its previous run in the history: a line per new, fixed,
// unverified and still failing finding (unverified: what it is now; still failing: since when).
void write_changes(const EnvironmentChanges& changes, bool wrap, bool color, std::ostream& out) {
  out << "Since the previous run: " << console_safe(changes_summary(changes)) << '\n';
  const std::vector<ChangeLine> lines = change_lines(changes);
  if (lines.empty()) return;
  TextTable table({{"CHANGE"},
                   {"SEVERITY"},
                   {"CHECK"},
                   {"SUBJECT", wrap ? 60u : 40u, 0, wrap},
                   {"MESSAGE", 60, 0, wrap},
                   {"NOTE"}});
  for (const ChangeLine& line : lines) {
    const ChangedFinding& finding = *line.finding;
    table.add_row({{upper(line.change), line.change == "fixed" ? status_style(Status::pass)
                                        : line.change == "new" ? status_style(Status::fail)
                                                               : status_style(Status::warn)},
                   {upper(to_string(finding.severity)), severity_style(finding.severity)},
                   {console_safe(finding.check_id)},
                   {console_safe(finding.subject)},
                   {console_safe(finding.message)},
                   {console_safe(line.note)}});
  }
  table.write(out, color, kIndent);
}

// A scan's (or one environment's) results: its targets, files, the grid or the findings view,
// and its counts.
void write_results(const Report& report, bool color, std::size_t console_width, bool wrap,
                   ReportView view, std::ostream& out) {
  const SelfCheckTable self_check = build_self_check_table(report);
  for (const TargetSummary& target : report.targets)
    write_target(target, self_check, wrap, color, out);
  write_clouds(report, color, console_width, out);
  if (report.config_scan) write_config_scan(*report.config_scan, console_width, wrap, color, out);
  if (view == ReportView::automatic)
    view = grid_fits(self_check, console_width) ? ReportView::grid : ReportView::findings;
  if (view == ReportView::grid) {
    write_self_check(self_check, console_width, wrap, color, out);
  } else {
    write_findings_view(report, self_check, console_width, color, out);
  }
  write_summary(report, self_check, color, out);
}

std::string_view verdict_style(std::string_view verdict) {
  if (verdict == "pass") return status_style(Status::pass);
  if (verdict == "fail") return status_style(Status::fail);
  return status_style(Status::error);
}

// The last lines: the run's verdict at its gate and the gate, as the HTML report's banner says
// them, each wrapped to the console.
void write_verdict(const Report& report, bool color, std::size_t console_width, std::ostream& out) {
  out << '\n';
  for (const std::string& line :
       wrap_to_width(console_safe(verdict_headline(report)), console_width)) {
    out << styled(line, verdict_style(verdict_of(report)), color) << '\n';
  }
  for (const std::string& line :
       wrap_to_width("Gate: " + console_safe(verdict_gate(report)), console_width)) {
    out << line << '\n';
  }
}

// An inventory's environments: each one's verdict at the gate, its fails by severity, warns and
// errors, tags, and its worst results.
void write_fleet(const Report& report, bool color, std::ostream& out) {
  const std::vector<FleetRow> rows = fleet_summary(report);
  out << '\n' << styled("Environments", kBold, color) << ": " << rows.size() << '\n';
  std::vector<TextTable::Column> columns = {{"ENVIRONMENT"}, {"VERDICT"}};
  for (const Severity severity :
       {Severity::critical, Severity::high, Severity::medium, Severity::low, Severity::info}) {
    columns.push_back({upper(to_string(severity))});
  }
  columns.insert(columns.end(), {{"WARN"}, {"ERROR"}});
  const bool since_previous = shows_since_previous(rows);
  if (since_previous) columns.push_back({"SINCE PREVIOUS RUN"});
  columns.push_back({"TAGS"});
  TextTable table(std::move(columns));
  table.set_detail_columns({{""}, {""}, {""}, {""}}, std::string(kIndent));
  for (const FleetRow& row : rows) {
    std::vector<TextCell> cells = {{console_safe(row.environment->name)},
                                   {upper(row.verdict), verdict_style(row.verdict)}};
    for (const int count : row.failing_by_severity) cells.push_back({std::to_string(count)});
    cells.push_back({std::to_string(row.counts.warn)});
    cells.push_back({std::to_string(row.counts.error)});
    if (since_previous) cells.push_back({row.since_previous});
    cells.push_back({console_safe(tags_text(*row.environment))});
    table.add_row(std::move(cells));
    if (!row.environment->error.empty()) {
      table.add_detail({{"not scanned:", status_style(Status::error)},
                        {""},
                        {""},
                        {console_safe(row.environment->error)}});
    }
    for (const ReportedFinding* worst : row.worst) {
      table.add_detail(
          {{upper(to_string(worst->finding.severity)), severity_style(worst->finding.severity)},
           {console_safe(worst->finding.check_id)},
           {console_safe(describe_with_context(worst->finding.subject))},
           {console_safe(worst->finding.message)}});
    }
  }
  table.write(out, color, kIndent);
}

}  // namespace

void write_table_report(const Report& report, bool color, std::ostream& out,
                        std::size_t console_width, ReportView view) {
  const bool wrap = console_width == 0;
  if (console_width == 0) console_width = kDefaultConsoleWidth;
  write_header(report, color, out);
  if (report.environments.empty()) {
    write_results(report, color, console_width, wrap, view, out);
    write_verdict(report, color, console_width, out);
    return;
  }
  write_fleet(report, color, out);
  if (report.config_scan) write_config_scan(*report.config_scan, console_width, wrap, color, out);
  const EnvironmentParts parts(report);
  for (const EnvironmentSummary& environment : report.environments) {
    out << '\n'
        << styled("Environment " + console_safe(environment.name) + ": " +
                      upper(verdict_of(environment)),
                  kBold, color)
        << '\n';
    if (!environment.error.empty()) {
      out << styled("not scanned: " + console_safe(environment.error), status_style(Status::error),
                    color)
          << '\n';
      continue;
    }
    if (environment.changes) write_changes(*environment.changes, wrap, color, out);
    write_results(parts.part(environment), color, console_width, wrap, view, out);
  }
  out << '\n' << styled("Whole inventory", kBold, color) << ':';
  write_summary(report, build_self_check_table(report), color, out);
  write_verdict(report, color, console_width, out);
}

}  // namespace mongoscan
