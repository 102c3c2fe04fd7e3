#include "reports/json_report.h"

#include <nlohmann/json.hpp>

namespace mongoscan {
namespace {

using nlohmann::ordered_json;

constexpr int kSchemaVersion = 1;

// Free-form facts as written: null (never filled in) becomes {}.
ordered_json object_or_empty(const nlohmann::json& facts) {
  return facts.is_null() ? ordered_json::object() : ordered_json(facts);
}

ordered_json node_json(const NodeSummary& node) {
  ordered_json errors = ordered_json::array();
  for (const Error& error : node.errors) {
    errors.push_back(
        {{"phase", error.phase}, {"code", to_string(error.code)}, {"message", error.message}});
  }
  ordered_json json = {{"address", node.address}, {"origin", node.origin}};
  if (!node.named_by.empty()) json["named_by"] = node.named_by;
  if (!node.aliases.empty()) json["aliases"] = node.aliases;
  json.update(ordered_json{{"role", node.role},
                           {"version", node.version},
                           {"tls", object_or_empty(node.tls)},
                           {"authentication", object_or_empty(node.authentication)},
                           {"commands", object_or_empty(node.commands)},
                           {"errors", std::move(errors)}});
  return json;
}

ordered_json target_json(const TargetSummary& target) {
  ordered_json nodes = ordered_json::array();
  for (const NodeSummary& node : target.nodes) nodes.push_back(node_json(node));
  return {{"uri", target.uri}, {"topology", target.topology}, {"nodes", std::move(nodes)}};
}

ordered_json subject_json(const Subject& subject) {
  switch (subject.kind) {
    case Subject::Kind::node:
      return {{"node", subject.name}};
    case Subject::Kind::uri:
      return {{"uri", subject.name}};
    case Subject::Kind::ns:
      return {{"namespace", subject.name}};
    case Subject::Kind::file:
      break;
  }
  ordered_json file = {{"file", subject.name}};
  if (subject.line) file["line"] = *subject.line;
  if (subject.column) file["column"] = *subject.column;
  return file;
}

ordered_json finding_json(const ReportedFinding& reported) {
  const CheckSpec& spec = reported.spec;
  const Finding& finding = reported.finding;
  ordered_json json = {
      {"check_id", finding.check_id},        {"title", spec.title},
      {"layer", to_string(spec.layer)},      {"severity", to_string(finding.severity)},
      {"status", to_string(finding.status)}, {"subject", subject_json(finding.subject)},
      {"message", finding.message},          {"evidence", object_or_empty(finding.evidence)},
      {"remediation", spec.remediation},     {"references", spec.references}};
  if (!finding.fingerprint.empty()) json["fingerprint"] = finding.fingerprint;
  if (!finding.suppression.empty()) json["suppression"] = finding.suppression;
  return json;
}

ordered_json summary_json(const StatusCounts& counts) {
  return {{"pass", counts.pass},   {"fail", counts.fail},       {"warn", counts.warn},
          {"error", counts.error}, {"skipped", counts.skipped}, {"suppressed", counts.suppressed}};
}

ordered_json config_scan_json(const ConfigScanSummary& scan) {
  ordered_json skipped = ordered_json::array();
  for (const SkippedFile& file : scan.skipped) {
    skipped.push_back({{"path", file.path}, {"reason", file.reason}});
  }
  ordered_json suppressed_by_rule = ordered_json::object();
  for (const auto& [rule, count] : scan.suppressed_by_rule) suppressed_by_rule[rule] = count;
  return {{"roots", scan.roots},
          {"files_scanned", scan.files_scanned},
          {"bytes_scanned", scan.bytes_scanned},
          {"skipped", std::move(skipped)},
          {"suppressed_by_rule", std::move(suppressed_by_rule)}};
}

ordered_json report_json(const Report& report) {
  ordered_json targets = ordered_json::array();
  for (const TargetSummary& target : report.targets) targets.push_back(target_json(target));
  ordered_json findings = ordered_json::array();
  for (const ReportedFinding& reported : report.findings)
    findings.push_back(finding_json(reported));
  ordered_json json = {{"schema_version", kSchemaVersion},
                       {"tool", {{"name", report.tool_name}, {"version", report.tool_version}}},
                       {"started_at", report.started_at},
                       {"finished_at", report.finished_at},
                       {"inputs", report.inputs},
                       {"targets", std::move(targets)},
                       {"findings", std::move(findings)},
                       {"summary", summary_json(report.summary())},
                       {"statistics",
                        {{"nodes", report.statistics.nodes},
                         {"concurrency", report.statistics.concurrency},
                         {"scram_key_derivations", report.statistics.scram_key_derivations}}}};
  if (report.config_scan) json["config_scan"] = config_scan_json(*report.config_scan);
  return json;
}

}  // namespace

void write_json_report(const Report& report, std::ostream& out) {
  out << report_json(report).dump(2, ' ', false, ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace mongoscan
