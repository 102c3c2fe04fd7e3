#include "reports/table_report.h"

#include <string>
#include <string_view>

#include "reports/console_text.h"
#include "reports/layer_groups.h"
#include "reports/text_table.h"

namespace mongoscan {
namespace {

// Widths beyond which cells are cut; JSON and HTML keep the full text.
constexpr std::size_t kSubjectWidth = 40;
constexpr std::size_t kMessageWidth = 80;
constexpr std::size_t kNodeErrorsWidth = 80;

constexpr std::string_view kBold = "1";

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

std::string node_errors(const NodeSummary& node) {
  std::string text;
  for (const auto& [code, phase, message] : node.errors) {
    if (!text.empty()) text += "; ";
    text += phase + ": " + message;
  }
  return text;
}

void write_target(const TargetSummary& target, bool color, std::ostream& out) {
  out << '\n'
      << styled("Target " + console_safe(target.uri), kBold, color) << " ("
      << console_safe(target.topology) << ")\n";
  if (target.nodes.empty()) {
    out << "  no nodes\n";
    return;
  }
  TextTable nodes({{"ADDRESS"}, {"ROLE"}, {"VERSION"}, {"FOUND BY"}, {"ERRORS", kNodeErrorsWidth}});
  for (const NodeSummary& node : target.nodes) {
    nodes.add_row({{node.address},
                   {node.role},
                   {node.version},
                   {describe_origin(node)},
                   {node_errors(node), "35"}});
  }
  nodes.write(out, color, "  ");
}

void write_findings(const Report& report, bool color, std::ostream& out) {
  out << '\n';
  if (report.findings.empty()) {
    out << "No findings.\n";
    return;
  }
  TextTable table({{"STATUS"},
                   {"SEVERITY"},
                   {"CHECK"},
                   {"SUBJECT", kSubjectWidth},
                   {"MESSAGE", kMessageWidth}});
  for (const LayerGroup& group : group_by_layer(report)) {
    table.add_heading(std::string(layer_title(group.layer)));
    for (const ReportedFinding* reported : group.findings) {
      const Finding& finding = reported->finding;
      table.add_row({{upper(to_string(finding.status)), status_style(finding.status)},
                     {std::string(to_string(finding.severity)), severity_style(finding.severity)},
                     {finding.check_id},
                     {describe(finding.subject)},
                     {finding.message}});
    }
  }
  table.write(out, color, "  ");
}

// "12 checks: 3 fail, 2 warn, 5 pass, 1 error, 1 skipped", non-zero counts coloured.
void write_summary(const Report& report, bool color, std::ostream& out) {
  const StatusCounts counts = report.summary();
  const auto count = [&](int n, Status status) {
    const std::string text = std::to_string(n) + " " + std::string(to_string(status));
    return n == 0 ? text : styled(text, status_style(status), color);
  };
  const std::size_t total = report.findings.size();
  out << '\n'
      << total << (total == 1 ? " check: " : " checks: ") << count(counts.fail, Status::fail)
      << ", " << count(counts.warn, Status::warn) << ", " << count(counts.pass, Status::pass)
      << ", " << count(counts.error, Status::error) << ", "
      << count(counts.skipped, Status::skipped) << '\n';
}

}  // namespace

void write_table_report(const Report& report, bool color, std::ostream& out) {
  write_header(report, color, out);
  for (const TargetSummary& target : report.targets) write_target(target, color, out);
  write_findings(report, color, out);
  write_summary(report, color, out);
}

}  // namespace mongoscan
