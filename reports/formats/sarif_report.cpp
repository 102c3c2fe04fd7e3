#include "reports/formats/sarif_report.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "checks/registry.h"
#include "checks/text_list.h"
#include "reports/text/markdown_text.h"
#include "reports/uri_reference.h"

namespace mongoscan {
namespace {

using nlohmann::ordered_json;

constexpr const char* kSchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr const char* kSarifVersion = "2.1.0";
// The partialFingerprints key of Finding::fingerprint; a new fingerprint scheme gets a new key.
constexpr const char* kFingerprintKey = "mongoscan/v1";
// The base of the artifact locations of subjects that are not files (see subject_location).
constexpr const char* kTargetsBaseId = "MONGODB_TARGETS";

// The rules in order: the catalogue, then checks only the findings name, in report order.
std::vector<CheckSpec> rules_of(const Report& report, const std::vector<CheckSpec>& catalogue) {
  std::vector<CheckSpec> rules = catalogue;
  for (const ReportedFinding& reported : report.findings) {
    const bool known = std::any_of(rules.begin(), rules.end(), [&](const CheckSpec& rule) {
      return rule.id == reported.finding.check_id;
    });
    if (known) continue;
    rules.push_back(reported.spec);
    rules.back().id = reported.finding.check_id;  // the id results name, whatever the spec says
  }
  return rules;
}

// A rule's name: the title's words run together, each starting upper case, other characters
// dropped: "bindIp is not every interface" -> "BindIpIsNotEveryInterface".
std::string rule_name(std::string_view title) {
  std::string name;
  bool word_start = true;
  for (const char c : title) {
    const bool lower = c >= 'a' && c <= 'z';
    if (!lower && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9')) {
      word_start = true;
      continue;
    }
    name += word_start && lower ? static_cast<char>(c - 'a' + 'A') : c;
    word_start = false;
  }
  return name;
}

// How a severity reads as a SARIF level: critical and high are errors, medium and low warnings,
// info notes.
std::string_view level_of(Severity severity) {
  switch (severity) {
    case Severity::critical:
    case Severity::high:
      return "error";
    case Severity::medium:
    case Severity::low:
      return "warning";
    case Severity::info:
      break;
  }
  return "note";
}

// GitHub code scanning's security-severity (0.0 to 10.0; >= 9.0 critical, >= 7.0 high, >= 4.0
// medium, else low), for rules tagged "security".
std::string_view security_severity(Severity severity) {
  switch (severity) {
    case Severity::critical:
      return "9.5";
    case Severity::high:
      return "8.0";
    case Severity::medium:
      return "5.5";
    case Severity::low:
      return "3.0";
    case Severity::info:
      break;
  }
  return "0.0";
}

ordered_json help_json(const CheckSpec& spec) {
  std::string text = "Remediation: " + spec.remediation;
  std::string markdown = "**Remediation:** " + markdown_text(spec.remediation);
  if (!spec.references.empty()) {
    text += "\nReferences: " + join(spec.references, "; ");
    markdown += "\n\n**References:**\n";
    for (const std::string& reference : spec.references) {
      markdown += "\n- " + markdown_text(reference);
    }
  }
  return {{"text", text}, {"markdown", markdown}};
}

ordered_json rule_json(const CheckSpec& spec) {
  const std::string layer(to_string(spec.layer));
  std::vector<std::string> tags = {"security", "mongodb", layer};
  tags.insert(tags.end(), spec.references.begin(), spec.references.end());
  return {
      {"id", spec.id},
      {"name", rule_name(spec.title)},
      {"shortDescription", {{"text", spec.title}}},
      {"fullDescription",
       {{"text", spec.title + " (" + layer + " check, default severity " +
                     std::string(to_string(spec.severity)) + ")."}}},
      {"help", help_json(spec)},
      {"defaultConfiguration", {{"level", level_of(spec.severity)}}},
      {"properties", {{"tags", tags}, {"security-severity", security_severity(spec.severity)}}}};
}

// A file subject's place: the path as a relative URI reference (GitHub code scanning resolves it
// against the repository's root), its 1-based line and column.
ordered_json file_location(const Subject& subject) {
  ordered_json physical = {{"artifactLocation", {{"uri", path_uri_reference(subject.name)}}}};
  if (subject.line && *subject.line >= 1) {
    physical["region"] = {{"startLine", *subject.line}};
    if (subject.column && *subject.column >= 1) physical["region"]["startColumn"] = *subject.column;
  }
  return {{"physicalLocation", std::move(physical)}};
}

// Nodes and connection strings are not files. A logical location alone would be valid SARIF, but
// GitHub code scanning rejects a whole upload when one result has no physical location ("expected
// at least one location", "expected artifact location") or a URI scheme other than file. So the
// subject's name, percent-encoded into one path segment, is the artifact location, relative to
// the base id MONGODB_TARGETS that says it is no file (run.originalUriBaseIds); the name itself is
// the logical location.
ordered_json subject_location(const Subject& subject) {
  if (subject.kind == Subject::Kind::file) return file_location(subject);
  return {
      {"physicalLocation",
       {{"artifactLocation",
         {{"uri", segment_uri_reference(subject.name)}, {"uriBaseId", kTargetsBaseId}}}}},
      {"logicalLocations", ordered_json::array({{{"name", subject.name}, {"kind", "resource"}}})}};
}

ordered_json suppressions_json(const Finding& finding) {
  if (finding.suppression == "inline") {
    const std::string comment = "a mongoscan:allow comment on the line";
    return ordered_json::array(
        {{{"kind", "inSource"},
          {"justification",
           finding.acceptance ? comment + ": " + finding.acceptance->reason : comment}}});
  }
  if (finding.suppression == "accepted" && finding.acceptance) {
    ordered_json accepted = {{"kind", "external"},
                             {"justification", finding.acceptance->reason},
                             {"properties", {{"expires", finding.acceptance->expires}}}};
    if (!finding.acceptance->owner.empty())
      accepted["properties"]["owner"] = finding.acceptance->owner;
    return ordered_json::array({accepted});
  }
  return ordered_json::array(
      {{{"kind", "external"}, {"justification", "the finding's fingerprint is in the baseline"}}});
}

// A fail's level is its severity's; a warn is a warning at most.
std::string_view result_level(const Finding& finding) {
  const std::string_view level = level_of(finding.severity);
  if (finding.status == Status::warn && level == "error") return "warning";
  return level;
}

ordered_json result_json(const ReportedFinding& reported, std::size_t rule_index) {
  const Finding& finding = reported.finding;
  ordered_json result = {{"ruleId", finding.check_id}, {"ruleIndex", rule_index}};
  if (finding.status == Status::error) {
    // The check could not judge its subject: neither pass nor fail (SARIF: kind "open", whose
    // level must be "none").
    result["kind"] = "open";
    result["level"] = "none";
  } else {
    result["level"] = result_level(finding);
  }
  result["message"] = {{"text", finding.message.empty() ? reported.spec.title : finding.message}};
  result["locations"] = ordered_json::array({subject_location(finding.subject)});
  if (!finding.fingerprint.empty()) {
    result["partialFingerprints"] = {{kFingerprintKey, finding.fingerprint}};
  }
  if (!finding.suppression.empty()) result["suppressions"] = suppressions_json(finding);
  result["properties"] = {{"status", to_string(finding.status)},
                          {"severity", to_string(finding.severity)}};
  if (!finding.evidence.is_null() && !finding.evidence.empty()) {
    result["properties"]["evidence"] = finding.evidence;
  }
  return result;
}

// Passes and skipped checks are not SARIF results: code scanning would raise an alert for each.
// The JSON report lists them.
bool is_result(Status status) {
  return status == Status::fail || status == Status::warn || status == Status::error;
}

// The invocation: successful when the scan looked at everything (ScanCoverage), else an error
// notification says what it could not; each file the config scan skipped is a note.
ordered_json invocation_json(const Report& report) {
  ordered_json invocation = {{"executionSuccessful", report.coverage.complete()}};
  if (!report.started_at.empty()) invocation["startTimeUtc"] = report.started_at;
  if (!report.finished_at.empty()) invocation["endTimeUtc"] = report.finished_at;
  ordered_json notifications = ordered_json::array();
  if (!report.coverage.complete()) {
    notifications.push_back(
        {{"level", "error"}, {"message", {{"text", report.coverage.statement()}}}});
  }
  if (report.config_scan) {
  for (const SkippedFile& skipped : report.config_scan->skipped) {
    notifications.push_back(
        {{"level", "note"},
         {"message", {{"text", "skipped: " + skipped.reason}}},
         {"locations",
          ordered_json::array(
              {{{"physicalLocation",
                 {{"artifactLocation", {{"uri", path_uri_reference(skipped.path)}}}}}}})}});
  }
  }
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
  return invocation;
}

ordered_json run_json(const Report& report, const std::vector<CheckSpec>& catalogue) {
  const std::vector<CheckSpec> rules = rules_of(report, catalogue);
  std::map<std::string, std::size_t> rule_index;
  ordered_json rules_json = ordered_json::array();
  for (std::size_t i = 0; i < rules.size(); ++i) {
    rule_index.emplace(rules[i].id, i);
    rules_json.push_back(rule_json(rules[i]));
  }
  ordered_json results = ordered_json::array();
  bool names_targets = false;
  for (const ReportedFinding& reported : report.findings) {
    if (!is_result(reported.finding.status)) continue;
    results.push_back(result_json(reported, rule_index.at(reported.finding.check_id)));
    names_targets = names_targets || reported.finding.subject.kind != Subject::Kind::file;
  }
  ordered_json run = {{"tool",
                       {{"driver",
                         {{"name", report.tool_name},
                          {"version", report.tool_version},
                          {"rules", std::move(rules_json)}}}}},
                      {"invocations", ordered_json::array({invocation_json(report)})}};
  if (names_targets) {
    run["originalUriBaseIds"] = {
        {kTargetsBaseId,
         {{"description",
           {{"text",
             "Not files: the MongoDB nodes (host:port) and redacted connection strings the scan "
             "judged, each one percent-encoded path segment."}}}}}};
  }
  // Columns are 1-based and count bytes, which are code points on ASCII lines.
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);
  return run;
}

}  // namespace

void write_sarif_report(const Report& report, std::ostream& out) {
  write_sarif_report(report, check_catalogue(), out);
}

void write_sarif_report(const Report& report, const std::vector<CheckSpec>& catalogue,
                        std::ostream& out) {
  const ordered_json log = {{"$schema", kSchemaUri},
                            {"version", kSarifVersion},
                            {"runs", ordered_json::array({run_json(report, catalogue)})}};
  out << log.dump(2, ' ', false, ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace mongoscan
