#include "reports/formats/ocsf_report.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "checks/finding_fingerprint.h"
#include "scanner/time/utc_time.h"

namespace mongoscan {
namespace {

using nlohmann::ordered_json;

// OCSF Findings category (categories.json uid 2), Compliance Finding class (uid 3).
constexpr int kCategoryUid = 2;
constexpr int kClassUid = kCategoryUid * 1000 + 3;
constexpr int kActivityCreate = 1;

int ocsf_severity_id(Severity severity) {
  switch (severity) {
    case Severity::info:
      return 1;
    case Severity::low:
      return 2;
    case Severity::medium:
      return 3;
    case Severity::high:
      return 4;
    case Severity::critical:
      return 5;
  }
  return 0;
}

// The severity_id's caption in base_event's enum.
const char* ocsf_severity_caption(int severity_id) {
  constexpr const char* kCaptions[] = {"Unknown", "Informational", "Low",
                                       "Medium",  "High",          "Critical"};
  return kCaptions[severity_id];
}

// compliance.status_id: 1 Pass, 2 Warning (no plain result), 3 Fail (objects/compliance.json).
std::pair<int, const char*> compliance_status(Status status) {
  switch (status) {
    case Status::pass:
      return {1, "Pass"};
    case Status::fail:
      return {3, "Fail"};
    case Status::warn:
    case Status::error:
    case Status::skipped:
      break;
  }
  return {2, "Warning"};
}

const char* resource_type(Subject::Kind kind) {
  switch (kind) {
    case Subject::Kind::node:
      return "MongoDB node";
    case Subject::Kind::file:
      return "File";
    case Subject::Kind::uri:
      return "Connection string";
    case Subject::Kind::ns:
      return "MongoDB namespace";
    case Subject::Kind::cloud:
      return "Cloud resource";
  }
  return "Resource";
}

ordered_json ocsf_event(const Report& report, const ReportedFinding& reported, long long time) {
  const Finding& finding = reported.finding;
  const CheckSpec& spec = *reported.spec;
  const int severity_id = ocsf_severity_id(finding.severity);
  const auto [compliance_id, compliance_caption] = compliance_status(finding.status);
  std::set<std::string> standards;
  ordered_json requirements = ordered_json::array();
  for (const ControlReference& reference : spec.references) {
    standards.insert(std::string(framework_label(reference.framework)));
    requirements.push_back(reference_text(reference));
  }
  ordered_json compliance = {{"control", finding.check_id},
                             {"status", compliance_caption},
                             {"status_id", compliance_id},
                             {"status_detail", to_string(finding.status)}};
  if (!standards.empty()) {
    compliance["standards"] = standards;
    compliance["requirements"] = std::move(requirements);
  }
  ordered_json resource = {{"name", describe(finding.subject)},
                           {"uid", finding.subject.name},
                           {"type", resource_type(finding.subject.kind)}};
  if (!reported.environment.empty())
    resource["labels"] = ordered_json::array({"environment:" + reported.environment});
  const bool suppressed = is_suppressed(finding);
  ordered_json event = {{"activity_id", kActivityCreate},
                        {"activity_name", "Create"},
                        {"category_uid", kCategoryUid},
                        {"category_name", "Findings"},
                        {"class_uid", kClassUid},
                        {"class_name", "Compliance Finding"},
                        {"type_uid", kClassUid * 100 + kActivityCreate},
                        {"type_name", "Compliance Finding: Create"},
                        {"severity_id", severity_id},
                        {"severity", ocsf_severity_caption(severity_id)},
                        {"time", time},
                        {"message", finding.message},
                        {"status_id", suppressed ? 3 : 1},
                        {"status", suppressed ? "Suppressed" : "New"},
                        {"metadata",
                         {{"version", kOcsfVersion},
                          {"product",
                           {{"name", report.tool_name},
                            {"vendor_name", report.tool_name},
                            {"version", report.tool_version}}}}},
                        {"finding_info",
                         {{"uid", finding_fingerprint(finding)},
                          {"title", spec.title},
                          {"desc", finding.message},
                          {"types", ordered_json::array({to_string(spec.layer)})}}},
                        {"compliance", std::move(compliance)},
                        {"resources", ordered_json::array({std::move(resource)})}};
  if (!spec.remediation.empty()) event["remediation"] = {{"desc", spec.remediation}};
  ordered_json unmapped = {{"status", to_string(finding.status)}, {"gates", reported.gates}};
  if (!reported.environment.empty()) unmapped["environment"] = reported.environment;
  if (!finding.suppression.empty()) unmapped["suppression"] = finding.suppression;
  event["unmapped"] = {{"mongoscan", std::move(unmapped)}};
  return event;
}

}  // namespace

void write_ocsf_report(const Report& report, std::ostream& out) {
  const long long time = parse_utc_milliseconds(report.finished_at).value_or(0);
  out << '[';
  bool first = true;
  for (const ReportedFinding& reported : report.findings) {
    out << (first ? "\n" : ",\n")
        << ocsf_event(report, reported, time)
               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    first = false;
  }
  out << (first ? "]\n" : "\n]\n");
}

}  // namespace mongoscan
