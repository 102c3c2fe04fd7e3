#include "reports/formats/sarif_report.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>

#include "checks/cwe.h"
#include "checks/finding_fingerprint.h"
#include "checks/registry.h"
#include "checks/text_list.h"
#include "reports/cloud_text.h"
#include "reports/text/markdown_text.h"
#include "reports/uri_reference.h"
#include "scanner/secrets/digest.h"
#include "scanner/uri/json_redaction.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

using nlohmann::ordered_json;

constexpr const char* kSchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr const char* kSarifVersion = "2.1.0";
// The partialFingerprints key of Finding::fingerprint; a new fingerprint scheme gets a new key.
constexpr const char* kFingerprintKey = "mongoscan/v1";

// The rules in order: the catalogue, then checks only the findings name, in report order.
std::vector<CheckSpec> rules_of(const Report& report, const std::vector<CheckSpec>& catalogue) {
  std::vector<CheckSpec> rules = catalogue;
  // Copies: a spooled finding's id lives only as long as its step of the loop, and `rules` grows.
  std::set<std::string, std::less<>> known;
  for (const CheckSpec& rule : rules) known.insert(rule.id);
  for (const ReportedFinding& reported : report.findings) {
    if (!known.insert(reported.finding.check_id).second) continue;
    rules.push_back(*reported.spec);
    rules.back().id = reported.finding.check_id;  // the id results name, whatever the spec says
  }
  return rules;
}

// Each rule's index in rules_of's order, by id.
std::map<std::string, std::size_t> rule_indexes(const std::vector<CheckSpec>& rules) {
  std::map<std::string, std::size_t> indexes;
  for (std::size_t i = 0; i < rules.size(); ++i) indexes.emplace(rules[i].id, i);
  return indexes;
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

// How a failed check's severity reads as a SARIF level (SARIF 2.1.0, result object, level):
// critical and high are errors, medium and low warnings, info notes.
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

// GitHub code scanning's security-severity, a score from 0.0 to 10.0 it shows as low (0.1 to 3.9),
// medium (4.0 to 6.9), high (7.0 to 8.9) or critical (9.0 to 10.0), read only for rules tagged
// "security" ("SARIF support for code scanning", reportingDescriptor object:
// https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning;
// the ranges:
// https://github.blog/changelog/2021-07-19-codeql-code-scanning-new-severity-levels-for-security-alerts/).
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
    const std::vector<std::string> references = reference_texts(spec.references);
    text += "\nReferences: " + join(references, "; ");
    markdown += "\n\n**References:**\n";
    for (const std::string& reference : references) {
      markdown += "\n- " + markdown_text(reference);
    }
  }
  return {{"text", text}, {"markdown", markdown}};
}

// The check's entry in the checks reference: the base, then "#check-" and the id in lower case.
std::string help_uri(const std::string& base, std::string_view check_id) {
  std::string uri = base + "#check-";
  for (const char c : check_id) {
    uri += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return uri;
}

// Tags: "security" (GitHub reads security-severity only then), the CWE in the form GitHub's own
// analyses (CodeQL) tag it, "external/cwe/cwe-798", and the layer.
std::vector<std::string> rule_tags(const CheckSpec& spec) {
  std::vector<std::string> tags = {"security"};
  if (const auto cwe = cwe_of(spec.id)) tags.push_back("external/cwe/cwe-" + std::to_string(*cwe));
  tags.emplace_back(to_string(spec.layer));
  return tags;
}

// GitHub code scanning's precision (reportingDescriptor properties): checks that read a server's
// own answers are "very-high"; those that recognise credentials and connection strings in files
// "high" (their measured precision on real repositories is 0.98 overall:
// docs/guide/performance.md).
std::string_view precision_of(const CheckSpec& spec) {
  return spec.layer == Layer::credentials || spec.layer == Layer::connection_string ? "high"
                                                                                    : "very-high";
}

// severity: the rule's security-severity, the highest effective severity (policy overrides
// included) among the run's results of the rule, else the spec's default.
ordered_json rule_json(const CheckSpec& spec, Severity severity, const SarifOptions& options) {
  const std::string layer(to_string(spec.layer));
  ordered_json rule = {{"id", spec.id},
                       {"name", rule_name(spec.title)},
                       {"shortDescription", {{"text", spec.title}}},
                       {"fullDescription",
                        {{"text", spec.title + " (" + layer + " check, default severity " +
                                      std::string(to_string(spec.severity)) + ")."}}},
                       {"help", help_json(spec)}};
  if (!options.help_base.empty()) rule["helpUri"] = help_uri(options.help_base, spec.id);
  rule["defaultConfiguration"] = {{"level", level_of(severity)}};
  rule["properties"] = {{"tags", rule_tags(spec)},
                        {"security-severity", security_severity(severity)},
                        {"precision", precision_of(spec)}};
  return rule;
}

// A path's artifact location: relative to the source root under %SRCROOT% when it lies there
// (GitHub code scanning places it whatever folder the scan ran in), a file:// URI when it lies
// elsewhere, and as given when no root is known.
ordered_json artifact_location(std::string_view given, const SarifOptions& options) {
  if (options.source_root.empty()) return {{"uri", path_uri_reference(given)}};
  // Redacted first: a path that is text holding a connection string ("a mongodb://u:p@h") would
  // lose its "//" to the normalisation below, and with it what the redactor recognises.
  const std::string path = redact_connection_strings_in_text(given);
  std::filesystem::path absolute(path);
  if (absolute.is_relative())
    absolute = std::filesystem::path(options.working_directory) / absolute;
  const std::string normal = absolute.lexically_normal().generic_string();
  const std::string root =
      options.source_root.ends_with('/') ? options.source_root : options.source_root + "/";
  if (!normal.starts_with(root)) return {{"uri", path_uri_reference(normal)}};
  return {{"uri", path_uri_reference(normal.substr(root.size()))},
          {"uriBaseId", kSourceRootBaseId}};
}

// A file subject's place: its artifact location, its 1-based line and column.
ordered_json file_location(const Subject& subject, const SarifOptions& options) {
  ordered_json physical = {{"artifactLocation", artifact_location(subject.name, options)}};
  if (subject.line && *subject.line >= 1) {
    physical["region"] = {{"startLine", *subject.line}};
    if (subject.column && *subject.column >= 1) physical["region"]["startColumn"] = *subject.column;
  }
  return {{"physicalLocation", std::move(physical)}};
}

// A connection string from a --uri-file or --app-uri-file is located at its line there.
bool is_listed_string(const Subject& subject) {
  return subject.kind == Subject::Kind::uri && subject.listed_at;
}

// Nodes, namespaces and connection strings given as arguments have no file of their own.
bool is_deployment_subject(const Subject& subject) {
  return subject.kind != Subject::Kind::file && !is_listed_string(subject);
}

// A subject that is not a file: GitHub code scanning rejects a whole upload when one result has
// no physical location ("expected at least one location") or a URI scheme other than file, and
// shows an alert only in a file of the repository. So its place is the list line that named it
// (its own, or its deployment's; is_result leaves out a subject without one); its name is the
// logical location.
ordered_json listed_location(const Subject& subject, const SarifOptions& options) {
  ordered_json physical = {
      {"artifactLocation", artifact_location(subject.listed_at->file, options)},
      {"region", {{"startLine", subject.listed_at->line}}}};
  return {
      {"physicalLocation", std::move(physical)},
      {"logicalLocations", ordered_json::array({{{"name", subject.name}, {"kind", "resource"}}})}};
}

ordered_json subject_location(const Subject& subject, const SarifOptions& options) {
  if (subject.kind == Subject::Kind::file) return file_location(subject, options);
  return listed_location(subject, options);
}

// Every suppression mongoscan applies is in effect: status "accepted" (SARIF 2.1.0 errata01
// §3.35.3; its schema's suppression.status).
ordered_json suppressions_json(const Finding& finding) {
  if (finding.suppression == "inline") {
    const std::string comment = "a mongoscan:allow comment on the line";
    return ordered_json::array(
        {{{"kind", "inSource"},
          {"status", "accepted"},
          {"justification",
           finding.acceptance ? comment + ": " + finding.acceptance->reason : comment}}});
  }
  if (finding.suppression == "accepted" && finding.acceptance) {
    ordered_json accepted = {{"kind", "external"},
                             {"status", "accepted"},
                             {"justification", finding.acceptance->reason},
                             {"properties", {{"expires", finding.acceptance->expires}}}};
    if (!finding.acceptance->owner.empty())
      accepted["properties"]["owner"] = finding.acceptance->owner;
    return ordered_json::array({accepted});
  }
  return ordered_json::array({{{"kind", "external"},
                               {"status", "accepted"},
                               {"justification", "the finding's fingerprint is in the baseline"}}});
}

// The severity code scanning shows for a result: a fail's own; a warning or an error (a check that
// could not judge) at most low, so that neither ever reads as a high alert.
Severity alert_severity(const Finding& finding) {
  return finding.status == Status::fail ? finding.severity
                                        : std::min(finding.severity, Severity::low);
}

// A fail's level is its severity's; a warn is a note (issue 21: warnings never read as failures).
std::string_view result_level(const Finding& finding) {
  if (finding.status == Status::warn) return "note";
  return level_of(finding.severity);
}

// The message, naming the subject when the location does not (a node at its list line).
std::string result_message(const ReportedFinding& reported) {
  const Finding& finding = reported.finding;
  const std::string text = finding.message.empty() ? reported.spec->title : finding.message;
  if (!is_deployment_subject(finding.subject)) return text;
  return finding.subject.name + ": " + text;
}

// With a history (scan --history), each failing finding's state against its environment's
// previous run, keyed by environment and fingerprint: SARIF 2.1.0 result.baselineState (3.27.24)
// "new" or "unchanged". Fixed findings are not results (no alert for what passes).
using BaselineStates = std::map<std::pair<std::string, std::string>, std::string_view>;

BaselineStates baseline_states(const Report& report) {
  BaselineStates states;
  for (const EnvironmentSummary& environment : report.environments) {
    if (!environment.changes) continue;
    for (const ChangedFinding& finding : environment.changes->new_findings) {
      states.emplace(std::pair{environment.name, finding.fingerprint}, "new");
    }
    for (const ChangedFinding& finding : environment.changes->unchanged) {
      states.emplace(std::pair{environment.name, finding.fingerprint}, "unchanged");
    }
  }
  return states;
}

ordered_json result_json(const ReportedFinding& reported, std::size_t rule_index,
                         const BaselineStates& states, const SarifOptions& options) {
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
  result["message"] = {{"text", result_message(reported)}};
  result["locations"] = ordered_json::array({subject_location(finding.subject, options)});
  // GitHub matches alerts across runs by partialFingerprints ("SARIF support for code scanning",
  // "Providing data to track code scanning alerts across runs"); the runners set every finding's.
  result["partialFingerprints"] = {{kFingerprintKey, finding_fingerprint(finding)}};
  if (const auto state = states.find({reported.environment, finding.fingerprint});
      state != states.end() && (finding.status == Status::fail || finding.status == Status::warn) &&
      finding.suppression.empty()) {
    result["baselineState"] = state->second;
  }
  if (!finding.suppression.empty()) result["suppressions"] = suppressions_json(finding);
  result["properties"] = {{"status", to_string(finding.status)},
                          {"severity", to_string(finding.severity)},
                          {"security-severity", security_severity(alert_severity(finding))}};
  if (!reported.environment.empty()) result["properties"]["environment"] = reported.environment;
  if (finding.subject.context)
    result["properties"]["context"] = to_string(*finding.subject.context);
  if (nlohmann::json evidence = evidence_of(finding); !evidence.is_null() && !evidence.empty()) {
    result["properties"]["evidence"] = std::move(evidence);
  }
  return result;
}

// Passes and skipped checks are not SARIF results: code scanning would raise an alert for each.
// The JSON report lists them.
bool is_alert_status(const Finding& finding) {
  return finding.status == Status::fail || finding.status == Status::warn ||
         finding.status == Status::error;
}

// Deployment subjects are results only with SarifOptions::deployment_results, and only at the
// list line that named them: a result without a file would land at a path the repository lacks.
bool is_result(const Finding& finding, const SarifOptions& options) {
  if (!is_alert_status(finding)) return false;
  if (!is_deployment_subject(finding.subject)) return true;
  return options.deployment_results && finding.subject.listed_at.has_value();
}

// Each rule's highest alert severity among the results, in one pass over the findings (a spooled
// report decodes one at a time).
std::map<std::string, Severity> result_severities(const ReportedFindings& findings,
                                                  const SarifOptions& options) {
  std::map<std::string, Severity> severities;
  for (const ReportedFinding& reported : findings) {
    if (!is_result(reported.finding, options)) continue;
    const Severity severity = alert_severity(reported.finding);
    auto [it, inserted] = severities.emplace(reported.finding.check_id, severity);
    if (!inserted && severity > it->second) it->second = severity;
  }
  return severities;
}

// The invocation: successful when the scan looked at everything (ScanCoverage), else an error
// notification says what it could not; each file the config scan skipped is a note.
ordered_json invocation_json(const Report& report, const SarifOptions& options) {
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
           {"locations", ordered_json::array({{{"physicalLocation",
                                                {{"artifactLocation",
                                                  artifact_location(skipped.path, options)}}}}})}});
    }
  }
  if (options.deployment_results) {
    const auto unplaced =
        std::count_if(report.findings.begin(), report.findings.end(), [](const ReportedFinding& r) {
          return is_alert_status(r.finding) && is_deployment_subject(r.finding.subject) &&
                 !r.finding.subject.listed_at;
        });
    if (unplaced > 0) {
      notifications.push_back(
          {{"level", "note"},
           {"message",
            {{"text", std::to_string(unplaced) +
                          " results about nodes, namespaces or connection strings given as "
                          "arguments have no list line to place them at and are left out: the "
                          "JSON report has them"}}}});
    }
  }
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
  return invocation;
}

ordered_json run_json(const Report& report, const std::vector<CheckSpec>& catalogue,
                      const SarifOptions& options) {
  const std::map<std::string, Severity> severities = result_severities(report.findings, options);
  const std::vector<CheckSpec> rules = rules_of(report, catalogue);
  ordered_json rules_json = ordered_json::array();
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const auto severity = severities.find(rules[i].id);
    rules_json.push_back(rule_json(
        rules[i], severity == severities.end() ? rules[i].severity : severity->second, options));
  }
  ordered_json run = {{"tool",
                       {{"driver",
                         {{"name", report.tool_name},
                          {"version", report.tool_version},
                          {"rules", std::move(rules_json)}}}}},
                      {"invocations", ordered_json::array({invocation_json(report, options)})}};
  // GitHub keeps one set of alerts per category: an upload of other environments (an inventory's
  // shard, --env) does not close this one's.
  run["automationDetails"] = {{"id", sarif_category(report)}};
  if (!options.source_root.empty()) {
    const std::string root =
        options.source_root.ends_with('/') ? options.source_root : options.source_root + "/";
    run["originalUriBaseIds"] = {{kSourceRootBaseId, {{"uri", path_uri_reference(root)}}}};
  }
  // Columns are 1-based and count bytes, which are code points on ASCII lines.
  run["columnKind"] = "unicodeCodePoints";
  // The Cloud part in words, in the run's property bag (SARIF 2.1.0 §3.8): code scanning has no
  // place for what is not a result.
  if (!report.clouds.empty()) {
    const CloudResults results = cloud_results(report.findings);
    ordered_json clouds = ordered_json::array();
    for (const CloudAccountSummary& account : report.clouds) {
      ordered_json blocks = ordered_json::array();
      for (const CloudBlock& block : cloud_blocks(account, results))
        blocks.push_back({{"title", block.title}, {"lines", block.lines}});
      ordered_json entry = {{"account", cloud_account_title(account)}};
      if (!account.environment.empty()) entry["environment"] = account.environment;
      entry["blocks"] = std::move(blocks);
      clouds.push_back(std::move(entry));
    }
    run["properties"] = {{"cloud", std::move(clouds)}};
  }
  run["results"] = ordered_json::array();  // written one by one (write_sarif_report)
  return run;
}

// A result's nesting in the log: log, runs, run, results.
constexpr std::size_t kResultDepth = 4;

// `json` printed as dump(2) prints it at `depth` levels of nesting: JSON text holds no raw newline
// inside a string, so each line break is followed by the deeper indent.
std::string dumped_at_depth(const ordered_json& json, std::size_t depth) {
  const std::string dumped = json.dump(2, ' ', false, ordered_json::error_handler_t::replace);
  const std::string indent(2 * depth, ' ');
  std::string indented = indent;
  indented.reserve(dumped.size() + dumped.size() / 8);
  for (const char c : dumped) {
    indented += c;
    if (c == '\n') indented += indent;
  }
  return indented;
}

}  // namespace

std::string sarif_category(const Report& report) {
  std::vector<std::string> names;
  for (const EnvironmentSummary& environment : report.environments)
    names.push_back(environment.name);
  if (names.empty()) return "mongoscan/scan/";
  if (names.size() <= 3) return "mongoscan/" + join(names, "+") + "/";
  std::sort(names.begin(), names.end());
  return "mongoscan/" + std::to_string(names.size()) + "-environments-" +
         sha256_hex(join(names, "\n")).substr(0, 12) + "/";
}

void write_sarif_report(const Report& report, const SarifOptions& options, std::ostream& out) {
  write_sarif_report(report, check_catalogue(), options, out);
}

void write_sarif_report(const Report& report, const std::vector<CheckSpec>& catalogue,
                        const SarifOptions& options, std::ostream& out) {
  ordered_json log = {{"$schema", kSchemaUri},
                      {"version", kSarifVersion},
                      {"runs", ordered_json::array({run_json(report, catalogue, options)})}};
  redact_connection_strings_in_json(log);
  // The log is printed with an empty results array, the last member of the one run; the results
  // are printed into it one at a time, so a scan's thousands of results are never one tree.
  const std::string skeleton = log.dump(2, ' ', false, ordered_json::error_handler_t::replace);
  constexpr std::string_view kResults = "\"results\": [";
  const std::size_t open = skeleton.rfind(kResults) + kResults.size();
  out.write(skeleton.data(), static_cast<std::streamsize>(open));
  const BaselineStates states = baseline_states(report);
  const std::map<std::string, std::size_t> rule_index = rule_indexes(rules_of(report, catalogue));
  bool first = true;
  for (const ReportedFinding& reported : report.findings) {
    if (!is_result(reported.finding, options)) continue;
    ordered_json result =
        result_json(reported, rule_index.at(reported.finding.check_id), states, options);
    redact_connection_strings_in_json(result);
    out << (first ? "\n" : ",\n") << dumped_at_depth(result, kResultDepth);
    first = false;
  }
  if (!first) out << '\n' << std::string(2 * (kResultDepth - 1), ' ');
  out << std::string_view(skeleton).substr(open) << '\n';
}

}  // namespace mongoscan
