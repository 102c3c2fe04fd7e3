#include "reports/html_report.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "reports/layer_groups.h"

namespace mongoscan {
namespace {

// Inline style sheet: the page needs no other file, and the CSP below forbids fetching any.
constexpr std::string_view kStyle = R"css(
:root {
  --ink: #1d2433; --muted: #5b6474; --line: #dde2ea; --paper: #fff; --wash: #f3f5f8;
  --pass: #137a3a; --fail: #b42318; --warn: #a15c07; --error: #6f3fc4; --skipped: #5b6474;
  --critical: #7a1010; --high: #b42318; --medium: #a15c07; --low: #1f5fae; --info: #5b6474;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--wash); color: var(--ink);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
code, pre, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  font-size: 12.5px; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.origin { font-family: inherit; font-size: 0.85em; }
header.masthead { background: #17202f; color: #fff; padding: 28px 0 24px; margin-bottom: 24px; }
.inner, main { max-width: 1320px; margin: 0 auto; padding: 0 24px; }
main { padding-bottom: 40px; }
header.masthead h1 { margin: 0 0 2px; font-size: 24px; font-weight: 650; }
header.masthead .tool { color: #b8c2d3; margin: 0 0 16px; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 4px 20px; margin: 0; }
dl.meta dt { color: #b8c2d3; }
dl.meta dd, dl.meta ul { margin: 0; padding: 0; list-style: none; }
section { background: var(--paper); border: 1px solid var(--line); border-radius: 8px;
  padding: 20px 24px; margin-bottom: 24px; }
h2 { font-size: 18px; margin: 0 0 14px; }
h3 { font-size: 14px; margin: 18px 0 6px; }
.count { color: var(--muted); font-weight: normal; }
.empty { color: var(--muted); font-style: italic; margin: 0; }
ul.summary { display: flex; flex-wrap: wrap; gap: 12px; list-style: none; margin: 0; padding: 0; }
ul.summary li { flex: 1 1 120px; border: 1px solid var(--line); border-top: 4px solid currentColor;
  border-radius: 6px; padding: 10px 14px; }
ul.summary .number { display: block; font-size: 28px; font-weight: 700; line-height: 1.1; }
ul.summary .zero .number { color: var(--muted); }
ul.summary .label { color: var(--ink); text-transform: uppercase; font-size: 12px;
  letter-spacing: .05em; }
.status-pass { color: var(--pass); } .status-fail { color: var(--fail); }
.status-warn { color: var(--warn); } .status-error { color: var(--error); }
.status-skipped { color: var(--skipped); }
.badge { display: inline-block; min-width: 66px; text-align: center; border-radius: 4px;
  padding: 1px 8px; font-size: 11.5px; font-weight: 700; text-transform: uppercase;
  letter-spacing: .04em; border: 1.5px solid currentColor; }
.badge span { color: #fff; }
.badge.pass { color: var(--pass); background: var(--pass); }
.badge.fail { color: var(--fail); background: var(--fail); }
.badge.warn { color: var(--warn); background: var(--warn); }
.badge.error { color: var(--error); background: var(--error); }
.badge.skipped { color: var(--skipped); background: var(--skipped); }
.severity { font-weight: 600; text-transform: capitalize; }
.severity.critical { color: var(--critical); } .severity.high { color: var(--high); }
.severity.medium { color: var(--medium); } .severity.low { color: var(--low); }
.severity.info { color: var(--info); }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; font-size: 11.5px; text-transform: uppercase; letter-spacing: .05em;
  color: var(--muted); border-bottom: 2px solid var(--line); padding: 6px 10px; }
td { border-bottom: 1px solid var(--line); padding: 9px 10px; vertical-align: top; }
tr { break-inside: avoid; page-break-inside: avoid; }
table.findings, table.nodes { table-layout: fixed; }
col.address { width: 17%; } col.role { width: 8%; } col.version { width: 7%; }
col.tls { width: 30%; } col.account { width: 20%; }
.tag { display: inline-block; margin-left: 6px; padding: 0 7px; border: 1px solid var(--line);
  border-radius: 10px; font-size: 11.5px; font-weight: normal; color: var(--muted); }
col.status { width: 96px; } col.severity { width: 86px; } col.check { width: 21%; }
col.subject { width: 17%; }
td.subject, table.nodes td:first-child { overflow-wrap: anywhere; }
td.check code { font-weight: 700; }
tr.finding { color: var(--ink); }
tr.layer th { font-size: 13px; text-transform: none; letter-spacing: 0; color: var(--ink);
  background: var(--wash); border-bottom: 1px solid var(--line); padding: 8px 10px; }
tbody + tbody tr.layer th { border-top: 12px solid var(--paper); }
.message { margin: 0 0 6px; }
.details { display: grid; grid-template-columns: minmax(0, 1fr); gap: 4px 18px; }
.details.with-evidence { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
.details .label, .details dt { font-size: 11px; text-transform: uppercase; letter-spacing: .05em;
  color: var(--muted); }
.details dl { margin: 0; }
.details dd { margin: 0 0 6px; }
.details ul { margin: 0; padding-left: 16px; }
pre { margin: 2px 0 0; padding: 6px 8px; background: var(--wash); border: 1px solid var(--line);
  border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 14em;
  overflow: auto; font-size: 12px; line-height: 1.35; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 1px 10px; margin: 0; }
dl.facts dt { color: var(--muted); }
.fact-item + .fact-item { border-top: 1px dashed var(--line); margin-top: 3px; padding-top: 3px; }
dl.facts dd { margin: 0; overflow-wrap: break-word; font-family: ui-monospace, Menlo, Consolas, monospace;
  font-size: 12px; }
ul.errors { margin: 0; padding-left: 16px; color: var(--fail); }
.filters { display: none; gap: 14px; align-items: center; margin-bottom: 10px; color: var(--muted); }
.filters label { display: inline-flex; gap: 4px; align-items: center; cursor: pointer; }
@supports selector(body:has(input)) { .filters { display: flex; } }
body:has(#show-pass:not(:checked)) tr.status-pass,
body:has(#show-fail:not(:checked)) tr.status-fail,
body:has(#show-warn:not(:checked)) tr.status-warn,
body:has(#show-error:not(:checked)) tr.status-error,
body:has(#show-skipped:not(:checked)) tr.status-skipped { display: none; }
footer { color: var(--muted); font-size: 12px; text-align: center; }
@media print {
  @page { margin: 14mm; }
  body { background: none; font-size: 10.5px; }
  code, pre, .mono, dl.facts dd { font-size: 9.5px; }
  .inner, main { max-width: none; padding: 0; }
  header.masthead { background: none; color: var(--ink); padding: 0 0 10px; margin-bottom: 14px;
    border-bottom: 2px solid var(--ink); }
  header.masthead .tool, dl.meta dt { color: var(--muted); }
  section { border: none; border-radius: 0; padding: 0; margin-bottom: 18px; }
  .filters { display: none !important; }
  .badge, .badge.pass, .badge.fail, .badge.warn, .badge.error, .badge.skipped { background: none; }
  .badge span { color: inherit; }
  tr.layer th { background: none; border-bottom: 1.5px solid var(--ink); }
  tbody + tbody tr.layer th { border-top: none; padding-top: 14px; }
  pre { max-height: none; overflow: visible; background: none; }
  h2, h3, tr.layer { break-after: avoid; page-break-after: avoid; }
  thead { display: table-header-group; }
}
)css";

constexpr Status kStatuses[] = {Status::fail, Status::warn, Status::error, Status::skipped,
                                Status::pass};

std::string escape(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&#39;";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

std::string pretty_json(const nlohmann::json& value) {
  return escape(value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::string compact_json(const nlohmann::json& value) {
  return escape(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

bool is_empty(const nlohmann::json& value) { return value.is_null() || value.empty(); }

int count_of(const StatusCounts& counts, Status status) {
  switch (status) {
    case Status::pass:
      return counts.pass;
    case Status::fail:
      return counts.fail;
    case Status::warn:
      return counts.warn;
    case Status::error:
      return counts.error;
    case Status::skipped:
      return counts.skipped;
  }
  return 0;
}

std::string badge(Status status) {
  const std::string name(to_string(status));
  return "<span class=\"badge " + name + "\"><span>" + name + "</span></span>";
}

void write_head(const Report& report, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "style-src 'unsafe-inline'\">\n"
      << "<title>MongoDB security report — " << escape(report.started_at) << "</title>\n"
      << "<style>" << kStyle << "</style>\n</head>\n";
}

void write_masthead(const Report& report, std::ostream& out) {
  out << "<header class=\"masthead\"><div class=\"inner\">\n"
      << "<h1>MongoDB security report</h1>\n"
      << "<p class=\"tool\">" << escape(report.tool_name) << " " << escape(report.tool_version)
      << "</p>\n<dl class=\"meta\">\n"
      << "<dt>Scan started</dt><dd class=\"mono\">" << escape(report.started_at) << "</dd>\n"
      << "<dt>Scan finished</dt><dd class=\"mono\">" << escape(report.finished_at) << "</dd>\n"
      << "<dt>Inputs</dt><dd>";
  if (report.inputs.empty()) out << "none";
  if (!report.inputs.empty()) {
    out << "<ul>";
    for (const std::string& input : report.inputs) {
      out << "<li class=\"mono\">" << escape(input) << "</li>";
    }
    out << "</ul>";
  }
  out << "</dd>\n</dl>\n</div></header>\n";
}

void write_summary(const Report& report, std::ostream& out) {
  const StatusCounts counts = report.summary();
  out << "<section id=\"summary\">\n<h2>Summary</h2>\n<ul class=\"summary\">\n"
      << "<li class=\"total\"><span class=\"number\">" << report.findings.size()
      << "</span><span class=\"label\">checks</span></li>\n";
  for (const Status status : kStatuses) {
    const std::string name(to_string(status));
    const int count = count_of(counts, status);
    out << "<li class=\"status-" << name << (count == 0 ? " zero" : "")
        << "\"><span class=\"number\">" << count << "</span><span class=\"label\">" << name
        << "</span></li>\n";
  }
  out << "</ul>\n</section>\n";
}

bool is_scalar_list(const nlohmann::json& value) {
  return value.is_array() &&
         std::all_of(value.begin(), value.end(),
                     [](const nlohmann::json& item) { return item.is_primitive(); });
}

bool is_nested(const nlohmann::json& value) {
  return value.is_structured() && !is_scalar_list(value);
}

void write_fact_list(const nlohmann::json& facts, std::ostream& out);

// A fact's value: text for a scalar, a comma-separated line for a list of scalars, nested lists
// for objects and for lists of objects.
void write_fact_value(const nlohmann::json& value, std::ostream& out) {
  if (value.is_object()) {
    write_fact_list(value, out);
  } else if (is_nested(value)) {
    for (const nlohmann::json& item : value) {
      out << "<div class=\"fact-item\">";
      write_fact_value(item, out);
      out << "</div>";
    }
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      out << (i == 0 ? "" : ", ");
      write_fact_value(value[i], out);
    }
  } else {
    out << (value.is_string() ? escape(value.get<std::string>()) : compact_json(value));
  }
}

// Names and values, the plain ones first, each group in key order.
void write_fact_list(const nlohmann::json& facts, std::ostream& out) {
  out << "<dl class=\"facts\">";
  for (const bool nested : {false, true}) {
    for (const auto& [key, value] : facts.items()) {
      if (is_nested(value) != nested) continue;
      out << "<dt>" << escape(key) << "</dt><dd>";
      write_fact_value(value, out);
      out << "</dd>";
    }
  }
  out << "</dl>";
}

// Free-form node facts (TLS, the scanning account), or a dash when there are none.
void write_facts(const nlohmann::json& facts, std::ostream& out) {
  if (is_empty(facts)) {
    out << "<span class=\"muted\">—</span>";
    return;
  }
  write_fact_value(facts, out);
}

void write_node(const NodeSummary& node, std::ostream& out) {
  out << "<tr class=\"node\"><td class=\"mono\">" << escape(node.address)
      << "<div class=\"origin muted\">found by " << escape(describe_origin(node))
      << "</div></td><td>" << escape(node.role) << "</td><td>" << escape(node.version)
      << "</td><td>";
  write_facts(node.tls, out);
  out << "</td><td>";
  write_facts(node.authentication, out);
  out << "</td><td>";
  if (!node.errors.empty()) {
    out << "<ul class=\"errors\">";
    for (const Error& error : node.errors) {
      out << "<li><strong>" << escape(error.phase) << "</strong>: " << escape(error.message)
          << "</li>";
    }
    out << "</ul>";
  }
  out << "</td></tr>\n";
}

void write_targets(const Report& report, std::ostream& out) {
  out << "<section id=\"targets\">\n<h2>Targets</h2>\n";
  if (report.targets.empty()) out << "<p class=\"empty\">No deployment was scanned.</p>\n";
  for (const TargetSummary& target : report.targets) {
    out << "<h3><code>" << escape(target.uri) << "</code><span class=\"tag\">"
        << escape(target.topology) << "</span></h3>\n";
    if (target.nodes.empty()) {
      out << "<p class=\"empty\">No node was probed.</p>\n";
      continue;
    }
    out << "<table class=\"nodes\">\n<colgroup><col class=\"address\"><col class=\"role\">"
           "<col class=\"version\"><col class=\"tls\"><col class=\"account\"><col></colgroup>\n"
           "<thead><tr><th>Address</th><th>Role</th><th>Version</th><th>TLS</th>"
           "<th>Scanning account</th><th>Errors</th></tr></thead>\n<tbody>\n";
    for (const NodeSummary& node : target.nodes) write_node(node, out);
    out << "</tbody>\n</table>\n";
  }
  out << "</section>\n";
}

void write_finding(const ReportedFinding& reported, std::ostream& out) {
  const CheckSpec& spec = reported.spec;
  const Finding& finding = reported.finding;
  const std::string status(to_string(finding.status));
  const std::string severity(to_string(finding.severity));
  const bool has_evidence = !is_empty(finding.evidence);
  out << "<tr class=\"finding status-" << status << "\">"
      << "<td>" << badge(finding.status) << "</td>"
      << "<td><span class=\"severity " << severity << "\">" << severity << "</span></td>"
      << "<td class=\"check\"><code>" << escape(finding.check_id) << "</code><br>"
      << escape(spec.title) << "</td>"
      << "<td class=\"subject mono\">" << escape(describe(finding.subject)) << "</td>"
      << "<td><p class=\"message\">" << escape(finding.message) << "</p>"
      << "<div class=\"details" << (has_evidence ? " with-evidence" : "") << "\">";
  if (has_evidence) {
    out << "<div><div class=\"label\">Evidence</div><pre>" << pretty_json(finding.evidence)
        << "</pre></div>";
  }
  out << "<dl>";
  if (!spec.remediation.empty()) {
    out << "<dt>Remediation</dt><dd>" << escape(spec.remediation) << "</dd>";
  }
  if (!spec.references.empty()) {
    out << "<dt>References</dt><dd><ul>";
    for (const std::string& reference : spec.references)
      out << "<li>" << escape(reference) << "</li>";
    out << "</ul></dd>";
  }
  out << "</dl></div></td></tr>\n";
}

void write_filters(std::ostream& out) {
  out << "<div class=\"filters\">Show:";
  for (const Status status : kStatuses) {
    const std::string name(to_string(status));
    out << " <label><input type=\"checkbox\" id=\"show-" << name << "\" checked> " << name
        << "</label>";
  }
  out << "</div>\n";
}

void write_findings(const Report& report, std::ostream& out) {
  out << "<section id=\"findings\">\n<h2>Self-check</h2>\n";
  if (report.findings.empty()) {
    out << "<p class=\"empty\">No checks ran.</p>\n</section>\n";
    return;
  }
  write_filters(out);
  out << "<table class=\"findings\">\n<colgroup><col class=\"status\"><col class=\"severity\">"
         "<col class=\"check\"><col class=\"subject\"><col></colgroup>\n"
         "<thead><tr><th>Status</th><th>Severity</th><th>Check</th><th>Subject</th>"
         "<th>Finding</th></tr></thead>\n";
  for (const LayerGroup& group : group_by_layer(report)) {
    out << "<tbody>\n<tr class=\"layer\"><th colspan=\"5\" scope=\"rowgroup\">"
        << escape(layer_title(group.layer)) << " <span class=\"count\">(" << group.findings.size()
        << ")</span></th></tr>\n";
    for (const ReportedFinding* reported : group.findings) write_finding(*reported, out);
    out << "</tbody>\n";
  }
  out << "</table>\n</section>\n";
}

}  // namespace

void write_html_report(const Report& report, std::ostream& out) {
  write_head(report, out);
  out << "<body>\n";
  write_masthead(report, out);
  out << "<main>\n";
  write_summary(report, out);
  write_targets(report, out);
  write_findings(report, out);
  out << "<footer>Generated by " << escape(report.tool_name) << " " << escape(report.tool_version)
      << "</footer>\n"
      << "</main>\n</body>\n</html>\n";
}

}  // namespace mongoscan
