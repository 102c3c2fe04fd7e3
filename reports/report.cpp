#include "reports/report.h"

namespace mongoscan {

std::string describe(const Subject& subject) {
  std::string text = subject.name;
  if (subject.kind != Subject::Kind::file) return text;
  if (subject.line) text += ":" + std::to_string(*subject.line);
  if (subject.line && subject.column) text += ":" + std::to_string(*subject.column);
  return text;
}

std::string describe_with_context(const Subject& subject) {
  std::string text = describe(subject);
  if (subject.context) text += " [" + std::string(to_string(*subject.context)) + "]";
  return text;
}

std::string describe_origin(const NodeSummary& node) {
  std::string text = node.origin;
  if (!node.named_by.empty()) text += " of " + node.named_by;
  for (std::size_t i = 0; i < node.aliases.size(); ++i)
    text += (i == 0 ? "; also " : ", ") + node.aliases[i];
  return text;
}

void add_config_scan(ConfigScanSummary& to, const ConfigScanSummary& from) {
  to.roots.insert(to.roots.end(), from.roots.begin(), from.roots.end());
  to.files_scanned += from.files_scanned;
  to.bytes_scanned += from.bytes_scanned;
  to.skipped.insert(to.skipped.end(), from.skipped.begin(), from.skipped.end());
  for (const auto& [rule, count] : from.suppressed_by_rule) to.suppressed_by_rule[rule] += count;
  to.connection_strings_not_judged += from.connection_strings_not_judged;
}

std::string_view verdict_of(const EnvironmentSummary& environment) {
  if (!environment.error.empty()) return "not scanned";
  if (environment.gate_fails) return "fail";
  if (!environment.coverage.complete()) return "incomplete";
  return "pass";
}

std::string gate_text(const GateRule& gate) {
  auto threshold = [](std::string_view option, Severity severity, std::string_view what) {
    return std::string(option) + " " + std::string(to_string(severity)) + ": " + std::string(what) +
           " of " + std::string(to_string(severity)) + " severity or above fails";
  };
  if (gate.fail_on && gate.fail_on_new) {
    return threshold("--fail-on", *gate.fail_on, "a failing finding") + "; " +
           threshold("--fail-on-new", *gate.fail_on_new, "a new failing finding");
  }
  if (gate.fail_on) return threshold("--fail-on", *gate.fail_on, "a failing finding");
  if (gate.fail_on_new) {
    return threshold("--fail-on-new", *gate.fail_on_new, "a new failing finding");
  }
  return "--fail-on none: no finding fails the gate";
}

std::string_view verdict_of(const Report& report) {
  for (const ReportedFinding& reported : report.findings) {
    if (reported.gates) return "fail";
  }
  return report.coverage.complete() ? "pass" : "incomplete";
}

StatusCounts Report::summary() const {
  StatusCounts counts;
  for (const auto& [environment, own] : findings.counts_by_environment()) counts += own;
  return counts;
}

const std::map<std::string, StatusCounts, std::less<>>& Report::environment_summaries() const {
  return findings.counts_by_environment();
}

}  // namespace mongoscan
