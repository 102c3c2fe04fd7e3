#include "reports/formats/html_report.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>

#include "checks/control_catalogue.h"
#include "checks/registry.h"
#include "checks/text_list.h"
#include "reports/acceptance_text.h"
#include "reports/cloud_summary.h"
#include "reports/cloud_text.h"
#include "reports/cluster_summary.h"
#include "reports/control_coverage.h"
#include "reports/environment_sections.h"
#include "reports/findings_view.h"
#include "reports/fix_first.h"
#include "reports/node_cells.h"
#include "reports/results_by_check.h"
#include "reports/self_check_table.h"
#include "reports/topology_chart.h"
#include "reports/trend_chart.h"
#include "reports/verdict_text.h"
#include "scanner/uri/uri.h"

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
.check-id { white-space: nowrap; overflow-wrap: normal; word-break: normal; }
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
.status-skipped { color: var(--skipped); } .status-suppressed { color: var(--skipped); }
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
table.nodes { table-layout: fixed; }
tr.part th { text-align: left; padding-top: 0.8em; }
col.key { width: 4%; } col.address { width: 17%; } col.role { width: 10%; }
col.version { width: 7%; } col.tls { width: 25%; } col.account { width: 20%; } col.errors { width: 17%; }
table.nodes td { overflow-wrap: anywhere; }
details.facts summary { cursor: pointer; }
table.subject-keys { width: auto; margin: 0 0 10px; }
table.subject-keys td { overflow-wrap: anywhere; }
table.fleet td, table.rules td, table.controls td, table.skipped-files td, table.changes td {
  overflow-wrap: anywhere; }
table.rules tr[data-action="drop"] td { color: var(--muted); }
ul.cloud-facts { margin: 0 0 10px; padding-left: 1.2em; overflow-wrap: anywhere; }
.tag { display: inline-block; margin-left: 6px; padding: 0 7px; border: 1px solid var(--line);
  border-radius: 10px; font-size: 11.5px; font-weight: normal; color: var(--muted); }
.message { margin: 0 0 6px; }
.label, dl.advice dt { font-size: 11px; text-transform: uppercase; letter-spacing: .05em;
  color: var(--muted); }
.note { color: var(--muted); font-size: 12.5px; margin: 10px 0 0; }
.incomplete { color: var(--error); font-weight: 700; margin: 10px 0 0; }
.legend { color: var(--muted); margin: 0 0 6px; line-height: 2; }
.legend .cell { display: inline-block; padding: 0 6px; border-radius: 4px; }
.group h3 { margin: 20px 0 8px; font-size: 15px; }
/* The self-check matrix: it scrolls sideways inside its box; the check, severity and result
   columns stay in view. */
.matrix { overflow-x: auto; container-type: inline-size; border: 1px solid var(--line);
  border-radius: 6px; margin-bottom: 10px; }
table.self-check { border-collapse: separate; border-spacing: 0; }
table.self-check th, table.self-check td { border-bottom: 1px solid var(--line); }
table.self-check thead th { background: var(--wash); vertical-align: bottom; }
table.self-check th.column-group { text-transform: none; letter-spacing: 0; font-size: 12px;
  color: var(--ink); border-bottom: 1px solid var(--line); border-left: 2px solid var(--paper); }
th.subject { min-width: 4.5rem; text-transform: none; letter-spacing: 0; color: var(--ink);
  font-weight: 600; overflow-wrap: normal; }
th.subject .mono { font-size: 11.5px; overflow-wrap: normal; }
.role { display: block; color: var(--muted); font-weight: normal; font-size: 11px; }
.col-check, .col-severity, .col-result { position: sticky; z-index: 1; background: var(--paper); }
thead .col-check, thead .col-severity, thead .col-result { background: var(--wash); z-index: 2; }
.col-check { left: 0; width: 16rem; min-width: 16rem; max-width: 16rem; overflow-wrap: anywhere; }
.col-severity { left: 16rem; width: 5.75rem; min-width: 5.75rem; }
.col-result { left: 21.75rem; width: 6.75rem; min-width: 6.75rem;
  box-shadow: inset -2px 0 0 var(--line); }
tbody th.col-check { font-weight: normal; text-transform: none; letter-spacing: 0;
  color: var(--ink); font-size: 13px; vertical-align: top; }
tbody td.col-severity, tbody td.col-result { vertical-align: top; }
tr.check, tr.evidence { color: var(--ink); }
/* The findings table, for reports too large for the matrices: a row per result to act on. */
table.findings td { overflow-wrap: anywhere; }
table.findings td.subject { min-width: 12rem; }
table.findings tr.part th { color: var(--ink); text-transform: none; letter-spacing: 0; }
summary { cursor: pointer; }
summary code { font-weight: 700; }
td.cell { white-space: nowrap; font-weight: 600; font-size: 12.5px; text-align: center; }
.cell.pass { color: var(--pass); background: #e7f4ec; }
.cell.fail { color: var(--fail); background: #fbe9e7; }
.cell.warn { color: var(--warn); background: #fbf1e1; }
.cell.error { color: var(--error); background: #f0eafa; }
.cell.skipped { color: var(--skipped); background: var(--wash); }
.cell.none { color: var(--muted); font-weight: normal; }
tr.evidence > td { background: var(--wash); padding: 12px; }
.evidence-body { position: sticky; left: 12px; max-width: calc(100vw - 100px);
  width: calc(100cqw - 24px); }
ol.results { list-style: none; margin: 0 0 10px; padding: 0; display: grid; gap: 8px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); }
li.result { background: var(--paper); border: 1px solid var(--line); border-left-width: 4px;
  border-radius: 4px; padding: 8px 10px; min-width: 0; }
li.result.pass { border-left-color: var(--pass); } li.result.fail { border-left-color: var(--fail); }
li.result.warn { border-left-color: var(--warn); } li.result.error { border-left-color: var(--error); }
li.result.skipped { border-left-color: var(--skipped); }
.result-head { margin-bottom: 4px; }
dl.advice { margin: 0; }
dl.advice dd { margin: 0 0 6px; }
dl.advice ul { margin: 0; padding-left: 16px; }
@media screen { @supports selector(tr:has(details[open])) {
  tr.check:not(:has(details[open])) + tr.evidence { display: none; } } }
@media (max-width: 760px) { .col-severity, .col-result { position: static; } }
/* Phones: a smaller header, so that the verdict and what to fix first fill the first screen. */
@media screen and (max-width: 640px) {
  header.masthead { padding: 12px 0 10px; margin-bottom: 12px; }
  header.masthead h1 { font-size: 18px; }
  header.masthead .tool { margin-bottom: 6px; }
  dl.meta { gap: 2px 10px; font-size: 12px; }
  dl.meta ul { max-height: 4.4em; overflow-y: auto; }
  .inner, main { padding: 0 8px; }
  section { padding: 12px; margin-bottom: 12px; }
  section.verdict { border-left-width: 6px; }
  section.verdict .headline { font-size: 17px; }
  ul.summary { gap: 6px; }
  ul.summary li { flex-basis: 80px; padding: 6px 8px; }
  ul.summary .number { font-size: 22px; }
  .col-check { width: 10rem; min-width: 10rem; max-width: 10rem; }
  .filters { flex-wrap: wrap; }
  dl.facts { grid-template-columns: minmax(0, max-content) minmax(0, 1fr); }
  main dl.facts dt, main dl.facts dd { overflow-wrap: anywhere; min-width: 0; }
}
/* Phones, tablets and narrow windows: the tables that can be wider than the screen as stacked
   rows, each cell on a line of its own after its column's label; the self-check matrices scroll
   sideways in their boxes. Up to 1000 px: the fleet's twelve column headings need about 950. */
@media screen and (max-width: 1000px) {
  :is(table.nodes, table.rules, table.controls, table.skipped-files, table.findings, table.fleet,
      table.changes) :is(thead, colgroup) { display: none; }
  :is(table.nodes, table.rules, table.controls, table.skipped-files, table.findings, table.fleet,
      table.changes), :is(table.nodes, table.rules, table.controls, table.skipped-files,
      table.findings, table.fleet, table.changes) :is(tbody, tr, td, th) {
    display: block; width: auto; min-width: 0; }
  :is(table.nodes, table.rules, table.controls, table.skipped-files, table.findings, table.fleet,
      table.changes) tr { padding: 6px 0; border-bottom: 2px solid var(--line); }
  :is(table.nodes, table.rules, table.controls, table.skipped-files, table.findings, table.fleet,
      table.changes) td { border: none; padding: 2px 0; }
  :is(table.nodes, table.rules, table.controls, table.skipped-files, table.findings, table.fleet,
      table.changes) td:not([data-label]) { font-weight: 600; }
  table.findings td.subject { min-width: 0; }
  td[data-label] { position: relative; padding-left: 8.5em; }
  td[data-label]::before { content: attr(data-label); position: absolute; left: 0; width: 8em;
    font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
    font-family: system-ui, sans-serif; font-weight: normal; }
}
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
section.verdict { border-left: 8px solid var(--error); }
section.verdict[data-verdict="fail"] { border-left-color: var(--fail); }
section.verdict[data-verdict="pass"] { border-left-color: var(--pass); }
section.verdict .headline { font-size: 20px; font-weight: 650; margin: 0 0 4px; }
section.verdict[data-verdict="fail"] .headline { color: var(--fail); }
section.verdict[data-verdict="pass"] .headline { color: var(--pass); }
section.verdict[data-verdict="incomplete"] .headline { color: var(--error); }
section.verdict .gate { color: var(--muted); margin: 0; }
section.fix-first ol { margin: 0; padding-left: 22px; }
section.fix-first li { margin: 0 0 10px; }
section.fix-first .where, section.fix-first .remedy { margin-top: 2px; }
section.fix-first .remedy { color: var(--muted); }
figure.topology { margin: 0 0 14px; }
figure.topology figcaption { margin-bottom: 6px; }
svg.topology { max-width: 100%; height: auto; display: block; }
figure.trend { margin: 8px 0 12px; }
figure.trend svg { max-width: 100%; height: auto; display: block; }
figure.trend figcaption { color: var(--muted); font-size: 12px; }
td.since-previous[data-since="worse"] { color: var(--fail); }
td.since-previous[data-since="better"] { color: var(--pass); }
td.since-previous[data-since="mixed"], td.since-previous[data-since="unverified"] { color: var(--warn); }
@media print {
  figure.trend { break-inside: avoid; page-break-inside: avoid; }
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
  .matrix { overflow: visible; border: none; }
  .col-check, .col-severity, .col-result { position: static; }
  tr.evidence { break-inside: auto; page-break-inside: auto; }
  tr.check { break-after: avoid; page-break-after: avoid; }
  th.subject { min-width: 0; }
  .evidence-body { position: static; width: auto; max-width: none; }
  tr.evidence > td, table.self-check thead th, .cell { background: none; }
  summary { list-style: none; }
  pre { max-height: none; overflow: visible; background: none; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  thead { display: table-header-group; }
  /* On paper: the evidence of every result to act on, open and unbroken where it fits a page;
     passes and skips as cells only. */
  table.findings details::details-content { content-visibility: visible; display: contents; }
  tr.evidence.status-pass, tr.evidence.status-skipped, li.result.pass, li.result.skipped {
    display: none; }
  pre { break-inside: avoid; }
  /* What still fails is counted in the changes' summary line and listed with its evidence below. */
  table.changes tr[data-change="still failing"] { display: none; }
  /* The findings table as a block per result: severity, result, check and subject on a line,
     then the message and its evidence across the page (in columns), then the remediation. */
  table.findings thead { display: none; }
  table.findings, table.findings tbody { display: block; }
  table.findings tr { display: grid; padding: 4px 0; border-bottom: 1px solid var(--line);
    grid-template-columns: 6em 6.5em minmax(0, 1fr) minmax(0, 1.3fr); }
  table.findings td { border: none; padding: 2px 6px; }
  table.findings td.message, table.findings td.remediation, table.findings tr.part th,
  table.findings td.empty { grid-column: 1 / -1; }
  table.findings td.remediation::before { content: "Remediation: "; font-size: 9px;
    text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
  table.findings pre { column-width: 26em; column-gap: 14px; column-rule: 1px solid var(--line); }
  /* The grid within an A4 page's width: narrower fixed columns, tighter cells, and a cell's
     status as its glyph (the legend names them) once a table has more than three subjects. */
  .col-check { width: 11rem; min-width: 11rem; max-width: 11rem; overflow-wrap: anywhere; }
  .col-severity, .col-result { width: auto; min-width: 0; }
  .badge { min-width: 0; padding: 1px 4px; }
  th, td, table.self-check th, table.self-check td { padding: 4px 5px; }
  th { letter-spacing: 0; }
  table.fleet th { font-size: 8.5px; padding: 3px; }
  table.fleet .tag { overflow-wrap: normal; }
  table.self-check.wide td.cell .word { display: none; }
  ol.results { grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr)); }
  col.key { width: 6%; } col.role { width: 11%; } col.tls { width: 22%; }
  p.print-only { display: block; }
  /* The summary print (--print summary): the verdict, what to fix first, the counts, the
     environments and the failing results with their evidence, in two columns. */
  body.print-summary main > section:not(.verdict, .fix-first, #summary, #environments,
                                        .printed-results) { display: none; }
  .printed-checks { column-count: 2; column-gap: 14px; column-rule: 1px solid var(--line); }
  .printed-check { margin: 0 0 8px; }
  .printed-check h3 { margin: 0 0 3px; font-size: 10.5px; }
  .printed-check ol { list-style: none; margin: 0; padding: 0; }
  .printed-check li { margin: 0 0 4px; }
  .printed-check .subjects { font-size: 8.5px; font-weight: 600; }
  .printed-check .message { margin: 1px 0 2px; }
  .printed-check pre { font-size: 8px; line-height: 1.25; padding: 0 0 0 6px; margin: 0;
    border: none; border-left: 2px solid var(--line); break-inside: auto; }
  .printed-check .remedy { margin: 0; }
}
@media screen { .print-only { display: none; } }
)css";

constexpr Status kStatuses[] = {Status::fail, Status::warn, Status::error, Status::skipped,
                                Status::pass};
constexpr Status kListedStatuses[] = {Status::fail, Status::warn, Status::error};  // findings view

// Appends c as HTML text: the five characters HTML gives a meaning escaped.
void append_escaped(std::string& html, char c) {
  switch (c) {
    case '&':
      html += "&amp;";
      break;
    case '<':
      html += "&lt;";
      break;
    case '>':
      html += "&gt;";
      break;
    case '"':
      html += "&quot;";
      break;
    case '\'':
      html += "&#39;";
      break;
    default:
      html += c;
  }
}

std::string escape(std::string_view raw_text) {
  // Every string a report shows passes here: a connection string in it loses its credentials.
  const ShownText shown(raw_text);
  const std::string_view text = shown.view();
  std::string escaped;
  escaped.reserve(text.size() + 16);
  std::size_t plain_from = 0;  // runs without a character to escape are appended whole
  for (std::size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    if (c != '&' && c != '<' && c != '>' && c != '"' && c != '\'') continue;
    escaped.append(text.substr(plain_from, at - plain_from));
    append_escaped(escaped, c);
    plain_from = at + 1;
  }
  escaped.append(text.substr(plain_from));
  return escaped;
}

// The last text a renderer was given and what it made of it: a report renders one subject's name
// again in every cell and every result on it.
class LastAnswer {
 public:
  template <typename Render>
  const std::string& of(std::string_view text, Render render) {
    if (!known_ || text != text_) {
      text_ = text;
      answer_ = render(text);
      known_ = true;
    }
    return answer_;
  }

 private:
  bool known_ = false;
  std::string text_;
  std::string answer_;
};

// Escaped text that may break after '.', '/', ':', '@', '?', '&' and ',': addresses, URIs and
// paths wrap at their separators in narrow columns.
std::string breakable_once(std::string_view raw_text) {
  const ShownText shown(raw_text);
  std::string html;
  html.reserve(shown.view().size() * 2);
  for (const char c : shown.view()) {
    append_escaped(html, c);
    if (c == '.' || c == '/' || c == ':' || c == '@' || c == '?' || c == '&' || c == ',') {
      html += "<wbr>";
    }
  }
  return html;
}

// breakable_once of the text, the last answer kept.
std::string breakable(std::string_view raw_text) {
  thread_local LastAnswer last;
  return last.of(raw_text, breakable_once);
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

// A check id that never breaks across lines, however narrow its cell.
std::string check_id_code(std::string_view id) {
  return "<code class=\"check-id\">" + escape(id) + "</code>";
}

void write_head(const Report& report, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<meta name=\"generator\" content=\"" << escape(report.tool_name) << " "
      << escape(report.tool_version) << "\">\n"
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

// The number of checks (rows of the self-check table), then results (findings) by status.
void write_summary(const Report& report, const SelfCheckTable& table, std::ostream& out) {
  std::size_t checks = 0;
  for (const SelfCheckSection& section : table.sections) checks += section.rows.size();
  const StatusCounts counts = report.summary();
  out << "<section id=\"summary\">\n<h2>Summary</h2>\n<ul class=\"summary\">\n"
      << "<li class=\"total\"><span class=\"number\">" << checks
      << "</span><span class=\"label\">checks</span></li>\n"
      << "<li class=\"total\"><span class=\"number\">" << report.findings.size()
      << "</span><span class=\"label\">results</span></li>\n";
  for (const Status status : kStatuses) {
    const std::string name(to_string(status));
    const int count = count_of(counts, status);
    out << "<li class=\"status-" << name << (count == 0 ? " zero" : "")
        << "\"><span class=\"number\">" << count << "</span><span class=\"label\">" << name
        << "</span></li>\n";
  }
  out << "<li class=\"status-suppressed" << (counts.suppressed == 0 ? " zero" : "")
      << "\"><span class=\"number\">" << counts.suppressed
      << "</span><span class=\"label\">suppressed</span></li>\n";
  out << "</ul>\n";
  if (!report.coverage.complete())
    out << "<p class=\"incomplete\">" << escape(report.coverage.statement()) << "</p>\n";
  out << "<p class=\"note\">A result is one check on one node or subject; the counts "
         "by status are results. A fail or warn that a <code>mongoscan:allow</code> comment or "
         "the baseline suppresses counts as suppressed.</p>\n</section>\n";
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

// A node fact as one line (node_cells), the full facts under it when opened.
void write_fact_cell(const std::string& line, const nlohmann::json& facts, std::ostream& out) {
  if (is_empty(facts)) {
    out << "<span class=\"muted\">" << escape(line) << "</span>";
    return;
  }
  out << "<details class=\"facts\"><summary>" << escape(line) << "</summary>";
  write_facts(facts, out);
  out << "</details>";
}

void write_node(const NodeSummary& node, const std::string& role, const std::string& key,
                std::ostream& out) {
  out << "<tr class=\"node\"><td class=\"mono\" data-label=\"Key\">" << escape(key)
      << "</td><td class=\"mono\" data-label=\"Address\">" << breakable(node.address)
      << "<div class=\"origin muted\">found by " << escape(describe_origin(node))
      << "</div></td><td data-label=\"Role\">" << escape(role) << "</td><td data-label=\"Version\">"
      << escape(node.version) << "</td><td data-label=\"TLS\">";
  const nlohmann::json tls = node.tls.unpack();
  write_fact_cell(tls_cell(tls), tls, out);
  out << "</td><td data-label=\"Account\">";
  const nlohmann::json account = node.authentication.unpack();
  write_fact_cell(account_cell(account), account, out);
  out << "</td><td data-label=\"Errors\">";
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

// The targets and their nodes, in a section with the id given; each node with the key of its
// column in the self-check matrix.
void write_targets(const Report& report, const SelfCheckTable& table, std::ostream& out,
                   std::string_view section_id = "targets") {
  out << "<section id=\"" << section_id << "\">\n<h2>Targets</h2>\n";
  if (report.targets.empty()) out << "<p class=\"empty\">No deployment was scanned.</p>\n";
  for (const TargetSummary& target : report.targets) {
    out << "<h3><code>" << breakable(target.uri) << "</code><span class=\"tag\">"
        << escape(target.topology) << "</span></h3>\n";
    if (target.nodes.empty()) {
      out << "<p class=\"empty\">No node was probed.</p>\n";
      continue;
    }
    out << "<table class=\"nodes\">\n<colgroup><col class=\"key\"><col class=\"address\">"
           "<col class=\"role\"><col class=\"version\"><col class=\"tls\"><col "
           "class=\"account\"><col class=\"errors\"></colgroup>\n"
           "<thead><tr><th>Key</th><th>Address</th><th>Role</th><th>Version</th><th>TLS</th>"
           "<th>Scanning account</th><th>Errors</th></tr></thead>\n<tbody>\n";
    for (const NodeGroup& group : node_groups(target)) {
      if (!group.heading.empty()) {
        out << "<tr class=\"part\"><th colspan=\"7\" scope=\"rowgroup\">" << escape(group.heading)
            << "</th></tr>\n";
      }
      for (const NodeRow& row : group.rows) {
        write_node(*row.node, row.role, node_key(table, row.node->address), out);
      }
    }
    out << "</tbody>\n</table>\n";
    if (target.cluster && !target.cluster->stale_mongos.empty()) {
      out << "<ul class=\"stale\">";
      for (const StaleMongosSummary& mongos : target.cluster->stale_mongos)
        out << "<li>" << escape(describe_stale_mongos(mongos)) << "</li>";
      out << "</ul>\n";
    }
  }
  out << "</section>\n";
}

// The Cloud part: per provider account, its scopes, deployments and load balancers as blocks
// (reports/cloud_text.h), then every security group's rules in a table, and the reads that failed.
void write_clouds(const std::vector<CloudAccountSummary>& clouds, const CloudResults& results,
                  std::ostream& out, std::string_view section_id = "cloud") {
  if (clouds.empty()) return;
  out << "<section class=\"cloud\" id=\"" << section_id << "\">\n<h2>Cloud</h2>\n";
  for (const CloudAccountSummary& account : clouds) {
    out << "<h3>" << escape(cloud_account_title(account)) << "</h3>\n";
    for (const CloudBlock& block : cloud_blocks(account, results)) {
      if (block.title.starts_with("security group ")) continue;  // in the table below
      out << "<h4>" << breakable(block.title) << "</h4>\n<ul class=\"cloud-facts\">";
      for (const std::string& line : block.lines) out << "<li>" << breakable(line) << "</li>";
      out << "</ul>\n";
    }
    if (account.security_groups.empty()) continue;
    out << "<table class=\"rules\">\n<thead><tr><th>Security group</th><th>Action</th>"
           "<th>Protocol</th><th>Ports</th><th>Source</th><th>Description</th></tr></thead>\n"
           "<tbody>\n";
    for (const CloudGroupSummary& group : account.security_groups) {
      const std::string name = group.id + (group.name.empty() ? "" : " (" + group.name + ")");
      if (group.inbound.empty())
        out << "<tr><td class=\"mono\" data-label=\"Group\">" << breakable(name)
            << "</td><td colspan=\"5\" data-label=\"Rules\">no inbound rules</td></tr>\n";
      for (const CloudRuleSummary& rule : group.inbound) {
        out << "<tr data-action=\"" << escape(rule.action)
            << "\"><td class=\"mono\" data-label=\"Group\">" << breakable(name)
            << "</td><td data-label=\"Action\">" << escape(rule.action)
            << "</td><td data-label=\"Protocol\">" << escape(rule.protocol)
            << "</td><td class=\"mono\" data-label=\"Ports\">" << escape(rule.ports)
            << "</td><td class=\"mono\" data-label=\"Source\">" << breakable(rule.source)
            << "</td><td data-label=\"Description\">" << escape(rule.description) << "</td></tr>\n";
      }
    }
    out << "</tbody>\n</table>\n";
  }
  out << "</section>\n";
}

// --accept entries that matched no finding, when there are any.
void write_stale_acceptance_section(const Report& report, std::ostream& out) {
  if (report.stale_acceptances.empty()) return;
  out << "<section id=\"stale-acceptances\">\n<h2>Stale acceptances</h2>\n<ul class=\"stale\">";
  for (const StaleAcceptance& stale : report.stale_acceptances)
    out << "<li>" << escape(stale_acceptance_text(stale)) << "</li>";
  out << "</ul>\n</section>\n";
}

// A control's result, coloured as the statuses are; "not assessed" muted.
std::string control_result_cell(ControlResult result) {
  const std::string name(to_string(result));
  switch (result) {
    case ControlResult::fail:
    case ControlResult::error:
    case ControlResult::pass:
      return "<span class=\"status-" + name + "\">" + name + "</span>";
    case ControlResult::not_run:
      return "<span class=\"status-skipped\">" + name + "</span>";
    case ControlResult::not_assessed:
      break;
  }
  return "<span class=\"muted\">" + name + "</span>";
}

// One controls section: its source, nodes and notes, and a row per control.
void write_controls_section(const ControlsSection& section, const std::string& id,
                            std::ostream& out) {
  const FrameworkSource& source = framework_source(section.framework);
  out << "<section id=\"" << id << "\">\n<h2>Controls: " << escape(source.document) << "</h2>\n"
      << "<p class=\"note\">Source: " << escape(source.source) << " (retrieved "
      << escape(source.retrieved) << ").</p>\n";
  if (!section.nodes.empty()) {
    out << "<p>Nodes scored against this edition: <span class=\"mono\">"
        << escape(join(section.nodes, ", ")) << "</span>.</p>\n";
  }
  for (const std::string& note : section.notes)
    out << "<p class=\"note\">" << escape(note) << ".</p>\n";
  out << "<table class=\"controls\">\n<thead><tr><th>Control</th><th>Title</th>"
         "<th>Checks</th><th>Result</th></tr></thead>\n<tbody>\n";
  for (const ControlCoverage& control : section.controls) {
    out << "<tr><td class=\"mono\" data-label=\"Control\">" << escape(control.id)
        << "</td><td data-label=\"Title\">" << escape(control.title)
        << "</td><td data-label=\"Checks\">";
    if (control.checks.empty()) out << "<span class=\"muted\">—</span>";
    for (std::size_t i = 0; i < control.checks.size(); ++i) {
      out << (i == 0 ? "" : ", ") << check_id_code(control.checks[i].id) << " ("
          << to_string(control.checks[i].result) << ")";
    }
    out << "</td><td data-label=\"Result\">" << control_result_cell(control.result)
        << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n</section>\n";
}

// --framework: every control of the framework with the checks that cite it and their result,
// the controls no check cites included as "not assessed"; a section per STIG edition by version,
// each naming its nodes. The first section's id is "controls".
void write_controls(const Report& report, const FrameworkChoice& choice, std::ostream& out) {
  bool first = true;
  for (const ControlsSection& section : controls_sections(report, choice, check_catalogue())) {
    const std::string id =
        first ? "controls" : "controls-" + std::string(to_string(section.framework));
    first = false;
    write_controls_section(section, id, out);
  }
}

// What the config scan covered, and every file it did not read.
void write_config_scan(const ConfigScanSummary& scan, std::ostream& out) {
  out << "<section id=\"config-scan\">\n<h2>Config scan</h2>\n<dl class=\"facts\">"
      << "<dt>Paths</dt><dd>";
  for (std::size_t i = 0; i < scan.roots.size(); ++i) {
    out << (i == 0 ? "" : ", ") << escape(scan.roots[i]);
  }
  out << "</dd><dt>Files scanned</dt><dd>" << scan.files_scanned
      << "</dd><dt>Bytes scanned</dt><dd>" << scan.bytes_scanned << "</dd>";
  if (!scan.suppressed_by_rule.empty()) {
    out << "<dt>Dropped by suppression rules</dt><dd>";
    bool first = true;
    for (const auto& [rule, count] : scan.suppressed_by_rule) {
      out << (first ? "" : ", ") << escape(rule) << ": " << count;
      first = false;
    }
    out << "</dd>";
  }
  out << "</dl>\n<h3>Skipped files <span class=\"count\">(" << scan.skipped.size()
      << ")</span></h3>\n";
  if (scan.skipped.empty()) {
    out << "<p class=\"empty\">No file was skipped.</p>\n</section>\n";
    return;
  }
  out << "<table class=\"skipped-files\">\n<thead><tr><th>File</th><th>Reason</th></tr></thead>\n"
         "<tbody>\n";
  for (const SkippedFile& file : scan.skipped) {
    out << "<tr><td class=\"mono\" data-label=\"File\">" << breakable(file.path)
        << "</td><td data-label=\"Reason\">" << escape(file.reason) << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n</section>\n";
}

// The glyph a status cell shows beside its name, so that it reads without colour.
std::string_view glyph(Status status) {
  switch (status) {
    case Status::pass:
      return "✓";
    case Status::fail:
      return "✗";
    case Status::warn:
      return "⚠";
    case Status::error:
      return "‼";
    case Status::skipped:
      return "○";
  }
  return "?";
}

std::string_view kind_class(Subject::Kind kind) {
  switch (kind) {
    case Subject::Kind::node:
      return "node";
    case Subject::Kind::uri:
      return "uri";
    case Subject::Kind::ns:
      return "namespace";
    case Subject::Kind::cloud:
      return "cloud";
    case Subject::Kind::file:
      break;
  }
  return "file";
}

// The HTML id of a check's row (or data-model column) in a findings section: unique, since a
// check has one row per kind of subject in a section. Ids are ASCII: check ids are.
std::string check_anchor(std::string_view section_id, Subject::Kind kind,
                         std::string_view check_id) {
  return std::string(section_id) + "-" + std::string(kind_class(kind)) + "-" + escape(check_id);
}

// The first header row: what the subject columns are, per target for nodes.
void write_column_groups(const Report& report, Subject::Kind kind,
                         const std::vector<SelfCheckColumn>& columns, std::ostream& out) {
  out << "<tr class=\"column-groups\"><th class=\"col-check\" rowspan=\"2\" scope=\"col\">"
         "Check</th><th class=\"col-severity\" rowspan=\"2\" scope=\"col\">Severity</th>"
         "<th class=\"col-result\" rowspan=\"2\" scope=\"col\">Result</th>";
  if (kind != Subject::Kind::node) {
    out << "<th class=\"column-group\" colspan=\"" << columns.size() << "\" scope=\"colgroup\">"
        << (kind == Subject::Kind::uri ? "Connection strings" : "Files") << "</th>";
  }
  for (std::size_t first = 0; kind == Subject::Kind::node && first < columns.size();) {
    std::size_t last = first + 1;
    while (last < columns.size() && columns[last].target == columns[first].target) ++last;
    out << "<th class=\"column-group\" colspan=\"" << last - first << "\" scope=\"colgroup\">";
    if (columns[first].target) {
      const TargetSummary& target = report.targets[*columns[first].target];
      out << "<code>" << breakable(target.uri) << "</code> <span class=\"tag\">"
          << escape(target.topology) << "</span>";
    } else {
      out << "Other nodes";
    }
    out << "</th>";
    first = last;
  }
  out << "</tr>\n";
}

// A column per subject headed by its key (n1, u1, f1: subject_key), the subject itself in its
// title and in the legend or the targets table: a header never grows to a connection string.
void write_column_headers(Subject::Kind kind, const std::vector<SelfCheckColumn>& columns,
                          std::ostream& out) {
  out << "<tr class=\"subjects\">";
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const SelfCheckColumn& column = columns[i];
    const std::string title =
        column.name + (column.role.empty() ? std::string() : " (" + column.role + ")");
    out << "<th class=\"subject\" scope=\"col\" title=\"" << escape(title) << "\"><code>"
        << subject_key(kind, i) << "</code>";
    if (!column.role.empty()) out << "<span class=\"role\">" << escape(column.role) << "</span>";
    out << "</th>";
  }
  out << "</tr>\n";
}

// The keys of the subjects the targets tables do not show: connection strings, files and nodes
// that only findings name.
void write_subject_legend(const SelfCheckTable& table, std::ostream& out) {
  std::string rows;
  for (const Subject::Kind kind :
       {Subject::Kind::node, Subject::Kind::cloud, Subject::Kind::uri, Subject::Kind::file}) {
    const std::vector<SelfCheckColumn>& columns = table.columns(kind);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (columns[i].target) continue;
      rows += "<tr><th scope=\"row\"><code>" + subject_key(kind, i) +
              "</code></th><td class=\"mono\">" + breakable(columns[i].name) + "</td></tr>\n";
    }
  }
  if (rows.empty()) return;
  out << "<table class=\"subject-keys\">\n<thead><tr><th>Key</th><th>Subject</th></tr></thead>\n"
         "<tbody>\n"
      << rows << "</tbody>\n</table>\n";
}

void write_cell(const SelfCheckCell& cell, const SelfCheckColumn& column, std::ostream& out) {
  const std::optional<Status> status = cell.status();
  if (!status) {
    out << "<td class=\"cell none\" title=\"not run on " << escape(column.name) << "\">"
        << kNotRunMark << "</td>";
    return;
  }
  const std::string name(to_string(*status));
  // Each string redacted and escaped on its own, the column's name once for its run of cells.
  thread_local LastAnswer escaped_name;
  std::string title = escaped_name.of(column.name, escape);
  for (const ReportedFinding* reported : cell.findings) {
    title += "\n" + escape(reported->finding.message);
  }
  out << "<td class=\"cell " << name << "\" title=\"" << title
      << "\"><span class=\"glyph\" aria-hidden=\"true\">" << glyph(*status)
      << "</span> <span class=\"word\">" << name << "</span>";
  if (cell.findings.size() > 1) out << " ×" << cell.findings.size();
  out << "</td>";
}

// One result in a row's expansion: the subject (after its check's id, when given), its status,
// the message and the evidence.
void write_result(const ReportedFinding& reported, const SelfCheckColumn& column, std::ostream& out,
                  std::string_view check = {}) {
  const Finding& finding = reported.finding;
  out << "<li class=\"result " << to_string(finding.status) << "\"><div class=\"result-head\">"
      << badge(finding.status) << " <span class=\"mono\">"
      << (check.empty() ? std::string() : check_id_code(check) + " ") << breakable(column.name)
      << "</span>";
  if (!column.role.empty()) out << " <span class=\"role\">" << escape(column.role) << "</span>";
  if (!finding.suppression.empty()) {
    out << " <span class=\"tag\">" << escape(suppression_text(finding)) << "</span>";
  }
  out << "</div><p class=\"message\">" << escape(finding.message) << "</p>";
  if (const nlohmann::json evidence = evidence_of(finding); !is_empty(evidence)) {
    out << "<div class=\"label\">Evidence</div><pre>" << pretty_json(evidence) << "</pre>";
  }
  out << "</li>";
}

// The expansion of a row: every result, worst first, then the check's remediation and references.
void write_row_details(const SelfCheckRow& row, const std::vector<SelfCheckColumn>& columns,
                       std::ostream& out) {
  out << "<tr class=\"evidence status-" << to_string(row.status) << "\"><td colspan=\""
      << columns.size() + 3 << "\"><div class=\"evidence-body\"><ol class=\"results\">";
  for (int level = badness(Status::fail); level >= badness(Status::pass); --level) {
    for (std::size_t column = 0; column < row.cells.size(); ++column) {
      for (const ReportedFinding* reported : row.cells[column].findings) {
        if (badness(reported->finding.status) == level)
          write_result(*reported, columns[column], out);
      }
    }
  }
  out << "</ol><dl class=\"advice\">";
  const CheckSpec& spec = *row.spec;
  if (!spec.remediation.empty()) {
    out << "<dt>Remediation</dt><dd>" << escape(spec.remediation) << "</dd>";
  }
  if (!spec.references.empty()) {
    out << "<dt>References</dt><dd><ul>";
    for (const ControlReference& reference : spec.references)
      out << "<li>" << escape(reference_text(reference)) << "</li>";
    out << "</ul></dd>";
  }
  out << "</dl></div></td></tr>\n";
}

void write_row(const SelfCheckRow& row, const std::vector<SelfCheckColumn>& columns,
               std::string_view section_id, std::ostream& out) {
  const std::string severity(to_string(row.severity));
  out << "<tr class=\"check status-" << to_string(row.status) << "\" id=\""
      << check_anchor(section_id, row.kind, row.spec->id) << "\" data-check=\""
      << escape(row.spec->id) << "\"><th class=\"col-check\" "
      << "scope=\"row\"><details><summary>" << check_id_code(row.spec->id)
      << " <span class=\"title\">" << escape(row.spec->title)
      << "</span></summary></details></th><td class=\"col-severity\"><span class=\"severity "
      << severity << "\">" << severity << "</span></td><td class=\"col-result\">"
      << badge(row.status) << "</td>";
  for (std::size_t column = 0; column < row.cells.size(); ++column) {
    write_cell(row.cells[column], columns[column], out);
  }
  out << "</tr>\n";
  write_row_details(row, columns, out);
}

// More subjects than this in a grid print each cell's status as its glyph alone (the CSS's
// table.self-check.wide): more words do not fit an A4 page's width.
constexpr std::size_t kPrintedWordsMaxSubjects = 3;

// The rows of one group that judge one kind of subject, as a matrix with a column per subject.
void write_matrix(const Report& report, const SelfCheckTable& table, Subject::Kind kind,
                  const std::vector<const SelfCheckRow*>& rows, std::string_view section_id,
                  std::ostream& out) {
  const std::vector<SelfCheckColumn>& columns = table.columns(kind);
  out << "<div class=\"matrix\"><table class=\"self-check " << kind_class(kind)
      << (columns.size() > kPrintedWordsMaxSubjects ? " wide" : "") << "\">\n<thead>\n";
  write_column_groups(report, kind, columns, out);
  write_column_headers(kind, columns, out);
  out << "</thead>\n<tbody>\n";
  for (const SelfCheckRow* row : rows) write_row(*row, columns, section_id, out);
  out << "</tbody>\n</table></div>\n";
}

// The data model's rows turned around: one row per database or collection, a column per check,
// and the row's expansion lists every result about it; each check's remediation follows.
void write_data_model_table(const SelfCheckTable& table,
                            const std::vector<const SelfCheckRow*>& rows,
                            std::string_view section_id, std::ostream& out) {
  const std::vector<SelfCheckColumn>& namespaces = table.columns(Subject::Kind::ns);
  out << "<div class=\"matrix\"><table class=\"self-check namespace\">\n<thead><tr "
         "class=\"subjects\"><th class=\"col-check\" scope=\"col\">Database or collection</th>";
  for (const SelfCheckRow* row : rows) {
    out << "<th class=\"subject\" scope=\"col\" id=\""
        << check_anchor(section_id, Subject::Kind::ns, row->spec->id) << "\" title=\""
        << escape(row->spec->title) << "\">" << check_id_code(row->spec->id) << "</th>";
  }
  out << "</tr></thead>\n<tbody>\n";
  for (std::size_t column = 0; column < namespaces.size(); ++column) {
    Status worst = Status::pass;
    for (const SelfCheckRow* row : rows) {
      if (const auto status = row->cells[column].status()) worst = worse(worst, *status);
    }
    out << "<tr class=\"check status-" << to_string(worst) << "\" data-namespace=\""
        << escape(namespaces[column].name) << "\"><th class=\"col-check\" scope=\"row\">"
        << "<details><summary><span class=\"mono\">" << breakable(namespaces[column].name)
        << "</span></summary></details></th>";
    for (const SelfCheckRow* row : rows) write_cell(row->cells[column], namespaces[column], out);
    out << "</tr>\n<tr class=\"evidence status-" << to_string(worst) << "\"><td colspan=\""
        << rows.size() + 1 << "\"><div class=\"evidence-body\"><ol class=\"results\">";
    for (const SelfCheckRow* row : rows) {
      const SelfCheckColumn check{row->spec->title, "", std::nullopt};
      for (const ReportedFinding* reported : row->cells[column].findings)
        write_result(*reported, check, out, row->spec->id);
    }
    out << "</ol></div></td></tr>\n";
  }
  out << "</tbody>\n</table></div>\n<dl class=\"advice\">";
  for (const SelfCheckRow* row : rows) {
    if (row->spec->remediation.empty()) continue;
    out << "<dt>Remediation " << check_id_code(row->spec->id) << " " << escape(row->spec->title)
        << "</dt><dd>" << escape(row->spec->remediation) << "</dd>";
  }
  out << "</dl>\n";
}

void write_section(const Report& report, const SelfCheckTable& table,
                   const SelfCheckSection& section, std::string_view section_id,
                   std::ostream& out) {
  out << "<div class=\"group\">\n<h3>" << escape(group_title(section.group))
      << " <span class=\"count\">(" << section.rows.size()
      << (section.rows.size() == 1 ? " check" : " checks") << ")</span></h3>\n";
  for (const Subject::Kind kind : {Subject::Kind::node, Subject::Kind::cloud, Subject::Kind::uri,
                                   Subject::Kind::file, Subject::Kind::ns}) {
    std::vector<const SelfCheckRow*> rows;
    for (const SelfCheckRow& row : section.rows) {
      if (row.kind == kind) rows.push_back(&row);
    }
    if (rows.empty()) continue;
    if (kind == Subject::Kind::ns) {
      write_data_model_table(table, rows, section_id, out);
    } else {
      write_matrix(report, table, kind, rows, section_id, out);
    }
  }
  out << "</div>\n";
}

// A checkbox per status that shows or hides the rows of that status.
void write_filters(std::span<const Status> statuses, std::ostream& out) {
  out << "<div class=\"filters\">Show:";
  for (const Status status : statuses) {
    const std::string name(to_string(status));
    out << " <label><input type=\"checkbox\" id=\"show-" << name << "\" checked> " << name
        << "</label>";
  }
  out << "</div>\n";
}

void write_legend(std::ostream& out) {
  out << "<p class=\"legend\">One row per check, one column per node or subject (connection "
         "string or file:line), headed by its key: n1, n2… as in the targets table, u1, f1… as "
         "below. Cells:";
  for (const Status status : kStatuses) {
    const std::string name(to_string(status));
    out << " <span class=\"cell " << name << "\"><span class=\"glyph\" aria-hidden=\"true\">"
        << glyph(status) << "</span> " << name << "</span>";
  }
  out << " <span class=\"cell none\">" << kNotRunMark << "</span> not run there. A check's result "
      << "is the worst of its cells (fail, error, warn, skipped, pass); open a check for its "
         "findings and evidence.</p>\n<p class=\"print-only legend\">On paper, each check lists "
         "its results that fail, err or warn with their evidence; passes and skips show as cells "
         "only (the HTML file has their evidence).</p>\n";
}

// More subjects of one kind than this make the findings table replace the matrices (their
// columns): more than a page shows side by side. Databases and collections do not count: their
// table has a row each.
constexpr std::size_t kMatrixMaxSubjects = 12;

bool matrices_fit(const SelfCheckTable& table) {
  for (const Subject::Kind kind :
       {Subject::Kind::node, Subject::Kind::cloud, Subject::Kind::uri, Subject::Kind::file}) {
    if (table.columns(kind).size() > kMatrixMaxSubjects) return false;
  }
  return true;
}

// One row of the findings table: a suppressed result carries why beside its message, and the
// evidence opens under it.
void write_findings_row(const FindingsViewLine& line, std::string_view anchor, std::ostream& out) {
  const Finding& finding = line.reported->finding;
  const CheckSpec& spec = *line.reported->spec;
  const std::string severity(to_string(finding.severity));
  out << "<tr class=\"status-"
      << (is_suppressed(finding) ? "suppressed" : to_string(finding.status)) << "\"";
  if (!anchor.empty()) out << " id=\"" << anchor << "\"";
  out << " data-check=\"" << escape(finding.check_id)
      << "\"><td data-label=\"Severity\"><span class=\"severity " << severity << "\">" << severity
      << "</span></td><td data-label=\"Result\">" << badge(finding.status)
      << "</td><td data-label=\"Check\">" << check_id_code(finding.check_id)
      << " <span class=\"title\">" << escape(spec.title)
      << "</span></td><td class=\"subject mono\" data-label=\"Subject\">" << breakable(line.subject)
      << "</td><td class=\"message\" data-label=\"Message\">" << escape(finding.message);
  if (!finding.suppression.empty()) {
    out << " <span class=\"tag\">" << escape(suppression_text(finding)) << "</span>";
  }
  if (const nlohmann::json evidence = evidence_of(finding); !is_empty(evidence)) {
    out << "<details><summary class=\"label\">Evidence</summary><pre>" << pretty_json(evidence)
        << "</pre></details>";
  }
  out << "</td><td class=\"remediation\" data-label=\"Remediation\">" << escape(spec.remediation)
      << "</td></tr>\n";
}

// The findings view (findings_view.h) in place of the matrices: a row per result that fails, errs
// or warns, worst severity first, then the suppressed ones.
void write_findings_table(const std::vector<const ReportedFinding*>& findings,
                          const SelfCheckTable& table, std::string_view section_id,
                          std::ostream& out) {
  const FindingsView view = findings_view(findings);
  std::set<std::string> anchored;  // the first row of each check and subject kind has the anchor
  auto anchor = [&](const FindingsViewLine& line) {
    const Finding& finding = line.reported->finding;
    std::string id = check_anchor(section_id, finding.subject.kind, finding.check_id);
    return anchored.insert(id).second ? id : std::string();
  };
  out << "<p class=\"legend\">A row per result that fails, errs or warns, worst severity first: "
      << view.lines.size() << " of " << findings.size() << " results on "
      << escape(describe_subjects(table))
      << ". Passes and skips are counted in the summary; <code>--view grid</code> renders every "
         "check on every subject.</p>\n";
  write_filters(kListedStatuses, out);
  out << "<table class=\"findings\">\n<thead><tr><th scope=\"col\">Severity</th>"
         "<th scope=\"col\">Result</th><th scope=\"col\">Check</th><th scope=\"col\">Subject"
         "</th><th scope=\"col\">Message</th><th scope=\"col\">Remediation</th></tr></thead>\n"
         "<tbody>\n";
  if (view.lines.empty()) {
    out << "<tr><td colspan=\"6\" class=\"empty\">No result fails, errs or warns.</td></tr>\n";
  }
  for (const FindingsViewLine& line : view.lines) write_findings_row(line, anchor(line), out);
  out << "</tbody>\n";
  if (!view.suppressed.empty()) {
    out << "<tbody class=\"suppressed\"><tr class=\"part\"><th colspan=\"6\" scope=\"rowgroup\">"
           "Suppressed: accepted, inline or baseline</th></tr>\n";
    for (const FindingsViewLine& line : view.suppressed)
      write_findings_row(line, anchor(line), out);
    out << "</tbody>\n";
  }
  out << "</table>\n";
}

// The grid or the findings table in a section with the id given; the grid's status filters (page
// wide: their ids are unique) only when `filters`.
// `findings` are the report's (or its environment's), by pointer; `table` is theirs.
void write_findings(const Report& report, const std::vector<const ReportedFinding*>& findings,
                    const SelfCheckTable& table, ReportView view, std::ostream& out,
                    std::string_view section_id = "findings", bool filters = true) {
  if (view == ReportView::automatic)
    view = matrices_fit(table) ? ReportView::grid : ReportView::findings;
  out << "<section id=\"" << section_id << "\">\n<h2>"
      << (view == ReportView::grid ? "Self-check" : "Findings") << "</h2>\n";
  if (table.sections.empty()) {
    out << "<p class=\"empty\">No checks ran.</p>\n</section>\n";
    return;
  }
  if (view == ReportView::findings) {
    write_findings_table(findings, table, section_id, out);
    out << "</section>\n";
    return;
  }
  if (filters) write_filters(kStatuses, out);
  write_legend(out);
  write_subject_legend(table, out);
  for (const SelfCheckSection& section : table.sections) {
    write_section(report, table, section, section_id, out);
  }
  out << "</section>\n";
}

// The HTML id of an inventory's environment section: its position, since names are free text.
std::string environment_id(std::size_t index) { return "environment-" + std::to_string(index + 1); }

// The fleet table's columns of failing results, in FleetRow::failing_by_severity's order.
constexpr Severity kFleetSeverities[] = {Severity::critical, Severity::high, Severity::medium,
                                         Severity::low, Severity::info};

// An inventory's environments: verdict at the gate, fails by severity, warns, errors, tags, and
// the worst results; each name links to its section.
void write_fleet(const Report& report, std::ostream& out) {
  const std::vector<FleetRow> rows = fleet_summary(report);
  out << "<section id=\"environments\">\n<h2>Environments</h2>\n<table class=\"fleet\">\n"
         "<thead><tr><th>Environment</th><th>Verdict</th>";
  for (const Severity severity : kFleetSeverities) out << "<th>" << to_string(severity) << "</th>";
  const bool since_previous = shows_since_previous(rows);
  out << "<th>warn</th><th>error</th>" << (since_previous ? "<th>Since previous run</th>" : "")
      << "<th>Tags</th><th>Worst results</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const FleetRow& row = rows[i];
    out << "<tr data-verdict=\"" << escape(row.verdict) << "\"><td><a href=\"#" << environment_id(i)
        << "\">" << escape(row.environment->name) << "</a></td><td data-label=\"Verdict\">"
        << escape(row.verdict) << "</td>";
    for (std::size_t severity = 0; severity < row.failing_by_severity.size(); ++severity) {
      out << "<td class=\"number\" data-label=\"" << to_string(kFleetSeverities[severity]) << "\">"
          << row.failing_by_severity[severity] << "</td>";
    }
    out << "<td class=\"number\" data-label=\"warn\">" << row.counts.warn
        << "</td><td class=\"number\" data-label=\"error\">" << row.counts.error << "</td>";
    if (since_previous) {
      out << "<td class=\"since-previous\" data-label=\"Since previous run\" data-since=\""
          << escape(row.since_previous.substr(0, row.since_previous.find(' '))) << "\">"
          << escape(row.since_previous) << "</td>";
    }
    out << "<td data-label=\"Tags\">";
    for (const auto& [key, value] : row.environment->tags) {
      out << "<span class=\"tag\">" << escape(key) << "=" << escape(value) << "</span> ";
    }
    out << "</td><td data-label=\"Worst results\">";
    if (!row.environment->error.empty()) {
      out << "not scanned: " << escape(row.environment->error);
    }
    for (const ReportedFinding* worst : row.worst) {
      out << "<div><span class=\"severity " << to_string(worst->finding.severity) << "\">"
          << to_string(worst->finding.severity) << "</span> "
          << check_id_code(worst->finding.check_id) << " "
          << escape(describe_with_context(worst->finding.subject)) << ": "
          << escape(worst->finding.message) << "</div>";
    }
    out << "</td></tr>\n";
  }
  out << "</tbody></table>\n</section>\n";
}

// What changed in an environment since its previous run: its trend over the last runs, then a
// row per new, fixed, unverified (what it is now) and still failing (since when) finding.
void write_changes(const EnvironmentChanges& changes, const std::string& id, std::ostream& out) {
  out << "<div class=\"changes\"><p>Since the previous run: " << escape(changes_summary(changes))
      << "</p>\n";
  if (!changes.trend.empty()) {
    out << "<figure class=\"trend\">" << trend_svg(changes.trend, id + "-trend")
        << "<figcaption>Failing findings by severity, last " << changes.trend.size()
        << (changes.trend.size() == 1 ? " run" : " runs") << "</figcaption></figure>\n";
  }
  const std::vector<ChangeLine> lines = change_lines(changes);
  if (!lines.empty()) {
    out << "<table class=\"changes\">\n<thead><tr><th>Change</th><th>Severity</th><th>Check</th>"
           "<th>Subject</th><th>Message</th><th>Note</th></tr></thead>\n<tbody>\n";
    for (const ChangeLine& line : lines) {
      const ChangedFinding& finding = *line.finding;
      const std::string severity(to_string(finding.severity));
      out << "<tr data-change=\"" << escape(line.change) << "\"><td data-label=\"Change\">"
          << escape(line.change) << "</td><td data-label=\"Severity\"><span class=\"severity "
          << severity << "\">" << severity << "</span></td><td data-label=\"Check\">"
          << check_id_code(finding.check_id) << "</td><td data-label=\"Subject\"><code>"
          << breakable(finding.subject) << "</code></td><td data-label=\"Message\">"
          << escape(finding.message) << "</td><td data-label=\"Note\">" << escape(line.note)
          << "</td></tr>\n";
    }
    out << "</tbody></table>\n";
  }
  out << "</div>\n";
}

// A section per environment: why it was not scanned, or its targets and results as a report of
// its own.
void write_environments(const Report& report, ReportView view, std::ostream& out) {
  bool filters = true;  // once on the page: the grid's status filters hide rows page wide
  const EnvironmentParts parts(report);
  for (std::size_t i = 0; i < report.environments.size(); ++i) {
    const EnvironmentSummary& environment = report.environments[i];
    const std::string id = environment_id(i);
    out << "<section class=\"environment\" id=\"" << id << "\" data-verdict=\""
        << escape(verdict_of(environment)) << "\">\n<h2>Environment " << escape(environment.name)
        << ": " << escape(verdict_of(environment)) << "</h2>\n";
    if (environment.changes) write_changes(*environment.changes, id, out);
    if (!environment.error.empty()) {
      out << "<p class=\"incomplete\">Not scanned: " << escape(environment.error) << "</p>\n";
    } else {
      const Report part = parts.part_without_findings(environment);
      const std::vector<const ReportedFinding*>& findings = parts.findings_of(environment);
      const SelfCheckTable table = build_self_check_table(part, findings);
      if (!part.coverage.complete()) {
        out << "<p class=\"incomplete\">" << escape(part.coverage.statement()) << "</p>\n";
      }
      write_targets(part, table, out, id + "-targets");
      write_clouds(part.clouds, cloud_results(findings), out, id + "-cloud");
      write_findings(part, findings, table, view, out, id + "-findings", filters);
      filters = filters && table.sections.empty();
    }
    out << "</section>\n";
  }
}

// The first thing after the header: the run's verdict at its gate, and the gate written out.
void write_verdict(const Report& report, std::ostream& out) {
  out << "<section class=\"verdict\" id=\"verdict\" data-verdict=\"" << verdict_of(report)
      << "\">\n<p class=\"headline\">" << escape(verdict_headline(report))
      << "</p>\n<p class=\"gate\">" << escape(verdict_gate(report)) << "</p>\n</section>\n";
}

// The id of the findings section a finding is listed in: its environment's, in an inventory.
std::string findings_section_id(const Report& report, const ReportedFinding& reported) {
  for (std::size_t i = 0; i < report.environments.size(); ++i) {
    if (report.environments[i].name == reported.environment) {
      return environment_id(i) + "-findings";
    }
  }
  return "findings";
}

// "Fix first": the checks whose fails weigh most (fix_first), each with where it fails, the
// remediation and a link to its row.
void write_fix_first(const Report& report, std::ostream& out) {
  const std::vector<FixFirstItem> items = fix_first(report);
  if (items.empty()) return;
  out << "<section class=\"fix-first\" id=\"fix-first\">\n<h2>Fix first</h2>\n<ol>\n";
  for (const FixFirstItem& item : items) {
    const ReportedFinding& first = *item.findings.front();
    const std::string severity(to_string(item.severity));
    const std::size_t more = item.findings.size() - 1;
    out << "<li><span class=\"severity " << severity << "\">" << severity << "</span> <a href=\"#"
        << check_anchor(findings_section_id(report, first), first.finding.subject.kind,
                        item.spec->id)
        << "\">" << check_id_code(item.spec->id) << " " << escape(item.spec->title)
        << "</a><div class=\"where\"><span class=\"mono\">"
        << breakable(describe_with_context(first.finding.subject)) << "</span>";
    if (!first.environment.empty()) out << " (" << escape(first.environment) << ")";
    if (more > 0) out << " and " << more << (more == 1 ? " other subject" : " other subjects");
    out << ": " << escape(first.finding.message) << "</div><div class=\"remedy\">"
        << escape(item.spec->remediation) << "</div></li>\n";
  }
  out << "</ol>\n</section>\n";
}

// The deployment picture: each target's topology (topology_svg), its nodes coloured by their worst
// unsuppressed result.
void write_deployment(const Report& report, std::ostream& out) {
  if (report.targets.empty()) return;
  std::map<std::string, Status> worst, worst_in_cloud;
  for (const ReportedFinding& reported : report.findings) {
    const Finding& finding = reported.finding;
    if (is_suppressed(finding)) continue;
    if (finding.subject.kind != Subject::Kind::node && finding.subject.kind != Subject::Kind::cloud)
      continue;
    auto& by_subject = finding.subject.kind == Subject::Kind::node ? worst : worst_in_cloud;
    const auto [entry, added] = by_subject.try_emplace(finding.subject.name, finding.status);
    if (!added) entry->second = worse(entry->second, finding.status);
  }
  std::map<std::string, const ManagedDeploymentSummary*, std::less<>> deployments;
  for (const CloudAccountSummary& account : report.clouds)
    for (const ManagedDeploymentSummary& deployment : account.deployments)
      deployments.emplace(deployment.subject, &deployment);
  out << "<section class=\"deployment\" id=\"deployment\">\n<h2>Deployment</h2>\n";
  for (std::size_t i = 0; i < report.targets.size(); ++i) {
    const TargetSummary& target = report.targets[i];
    out << "<figure class=\"topology\"><figcaption><code>" << breakable(target.uri)
        << "</code> <span class=\"tag\">" << escape(target.topology) << "</span>";
    if (!target.environment.empty())
      out << " <span class=\"tag\">" << escape(target.environment) << "</span>";
    // The managed deployment the target reached, drawn with its ways in from the internet.
    const ManagedDeploymentSummary* managed = nullptr;
    std::optional<Status> managed_status;
    for (const std::string& subject : managed_deployments(target)) {
      if (const auto found = deployments.find(subject); found != deployments.end()) {
        managed = found->second;
        if (const auto status = worst_in_cloud.find(subject); status != worst_in_cloud.end())
          managed_status = status->second;
        out << " <span class=\"tag\">" << escape(subject) << "</span>";
        break;
      }
    }
    out << "</figcaption>";
    const std::string picture =
        topology_svg(target, worst, "topology-" + std::to_string(i + 1), managed, managed_status);
    out << (picture.empty() ? "<p class=\"empty\">No node was probed.</p>" : picture)
        << "</figure>\n";
  }
  out << "</section>\n";
}

// Evidence as printed in the summary: an object's members a line each, their values compact, so
// that the evidence of hundreds of results fits a few pages; whitespace aside, the same text as
// the JSON report's.
std::string printed_evidence(const nlohmann::json& evidence) {
  const auto compact = [](const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  if (!evidence.is_object()) return escape(compact(evidence));
  std::string text = "{";
  for (const auto& [key, value] : evidence.items()) {
    text += (text.size() == 1 ? "\n  " : ",\n  ") + compact(key) + ": " + compact(value);
  }
  return escape(text + "\n}");
}

// One shared result of the printed summary: every subject it is about, then what it says.
void write_shared_result(const SharedResult& shared, std::ostream& out) {
  const Finding& finding = shared.findings.front()->finding;
  out << "<li><div class=\"subjects mono\">";
  for (std::size_t i = 0; i < shared.findings.size(); ++i) {
    const ReportedFinding& reported = *shared.findings[i];
    out << (i == 0 ? "" : ", ") << breakable(describe_with_context(reported.finding.subject));
    if (!reported.environment.empty()) out << " (" << escape(reported.environment) << ")";
  }
  out << "</div>";
  if (!finding.suppression.empty())
    out << "<span class=\"tag\">" << escape(suppression_text(finding)) << "</span>";
  out << "<p class=\"message\">" << escape(finding.message) << "</p>";
  if (const nlohmann::json evidence = evidence_of(finding); !is_empty(evidence))
    out << "<pre>" << printed_evidence(evidence) << "</pre>";
  out << "</li>";
}

// The results of one status by check (results_by_check), each check with its remediation.
void write_printed_checks(const std::vector<CheckResults>& checks, std::ostream& out) {
  if (checks.empty()) return;
  out << "<div class=\"printed-checks\">\n";
  for (const CheckResults& check : checks) {
    const std::string severity(to_string(check.severity));
    out << "<div class=\"printed-check\"><h3><span class=\"severity " << severity << "\">"
        << severity << "</span> " << check_id_code(check.spec->id) << " "
        << escape(check.spec->title) << " <span class=\"count\">(" << check.count
        << (check.count == 1 ? " result" : " results") << ")</span></h3><ol>";
    for (const SharedResult& shared : check.results) write_shared_result(shared, out);
    out << "</ol>";
    if (!check.spec->remediation.empty()) {
      out << "<p class=\"remedy\"><span class=\"label\">Remediation</span> "
          << escape(check.spec->remediation) << "</p>";
    }
    out << "</div>\n";
  }
  out << "</div>\n";
}

// The printed summary's results (print-only): every failing and erring result with its evidence,
// by check; what paper leaves out is said, with how to print it.
void write_printed_results(const Report& report, std::ostream& out) {
  const StatusCounts counts = report.summary();
  const std::vector<CheckResults> failing = results_by_check(report, Status::fail);
  const std::vector<CheckResults> erring = results_by_check(report, Status::error);
  out << "<section class=\"printed-results print-only\" id=\"printed-results\">\n"
      << "<h2>Failing results</h2>\n<p class=\"note\">Printed summary: every result that fails"
      << (erring.empty() ? "" : " or errs")
      << ", by check, worst first, with its evidence; results that say the same on several "
         "subjects are printed once, naming each. Left out of print: "
      << counts.warn << " warn, " << counts.pass << " pass and " << counts.skipped
      << " skipped results, and the deployment, targets and other detail sections. The report's "
         "<code>--print full</code> prints everything the screen shows.</p>\n";
  if (failing.empty()) out << "<p class=\"empty\">No result fails.</p>\n";
  write_printed_checks(failing, out);
  if (!erring.empty()) {
    out << "<h2>Results in error</h2>\n<p class=\"note\">The subjects these checks could not "
           "look at.</p>\n";
    write_printed_checks(erring, out);
  }
  out << "</section>\n";
}

}  // namespace

std::optional<HtmlPrint> parse_html_print(std::string_view name) {
  if (name == "summary") return HtmlPrint::summary;
  if (name == "full") return HtmlPrint::full;
  return std::nullopt;
}

void write_html_report(const Report& report, std::ostream& out, ReportView view,
                       std::optional<FrameworkChoice> framework, HtmlPrint print) {
  write_head(report, out);
  out << (print == HtmlPrint::summary ? "<body class=\"print-summary\">\n" : "<body>\n");
  write_masthead(report, out);
  out << "<main>\n";
  write_verdict(report, out);
  write_fix_first(report, out);
  write_deployment(report, out);
  const SelfCheckTable table = build_self_check_table(report);
  write_summary(report, table, out);
  if (report.environments.empty()) {
    if (print == HtmlPrint::summary) write_printed_results(report, out);
    write_targets(report, table, out);
    write_clouds(report.clouds, cloud_results(report.findings), out);
    if (report.config_scan) write_config_scan(*report.config_scan, out);
    write_stale_acceptance_section(report, out);
    if (framework) write_controls(report, *framework, out);
    std::vector<const ReportedFinding*> findings;
    findings.reserve(report.findings.size());
    for (const ReportedFinding& reported : report.findings.in_memory())
      findings.push_back(&reported);
    write_findings(report, findings, table, view, out);
  } else {
    write_fleet(report, out);
    if (print == HtmlPrint::summary) write_printed_results(report, out);
    if (report.config_scan) write_config_scan(*report.config_scan, out);
    write_stale_acceptance_section(report, out);
    if (framework) write_controls(report, *framework, out);
    write_environments(report, view, out);
  }
  out << "<footer>Generated by " << escape(report.tool_name) << " " << escape(report.tool_version)
      << "</footer>\n"
      << "</main>\n</body>\n</html>\n";
}

}  // namespace mongoscan
