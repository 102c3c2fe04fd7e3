#include "reports/formats/webhook_payload.h"

#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>
#include <vector>

#include "reports/verdict_text.h"

namespace mongoscan {
namespace {

using nlohmann::ordered_json;

// Lines of the text per list: a chat message stays short; the JSON lists carry more.
constexpr std::size_t kTextLines = 5;

ordered_json finding_entry(std::string_view check_id, Severity severity, std::string_view subject,
                           std::string_view message) {
  return {{"check_id", check_id},
          {"severity", to_string(severity)},
          {"subject", subject},
          {"message", message}};
}

ordered_json changed_list(const std::vector<ChangedFinding>& changed) {
  ordered_json list = ordered_json::array();
  for (std::size_t i = 0; i < changed.size() && i < kWebhookListLimit; ++i) {
    list.push_back(finding_entry(changed[i].check_id, changed[i].severity, changed[i].subject,
                                 changed[i].message));
  }
  return list;
}

void add_text_lines(const ordered_json& list, std::size_t count, std::string_view what,
                    std::string& text) {
  if (count == 0) return;
  text += "\n" + std::to_string(count) + " " + std::string(what) + ":";
  for (std::size_t i = 0; i < list.size() && i < kTextLines; ++i) {
    text += "\n• " + list[i]["check_id"].get<std::string>() + " (" +
            list[i]["severity"].get<std::string>() + ") " + list[i]["subject"].get<std::string>() +
            ": " + list[i]["message"].get<std::string>();
  }
  if (count > kTextLines) text += "\n… and " + std::to_string(count - kTextLines) + " more";
}

// The failing results by environment ("" without an inventory), gating ones first: one pass
// over the findings, whatever the number of environments.
std::map<std::string_view, std::vector<const ReportedFinding*>> failing_by_environment(
    const Report& report) {
  std::map<std::string_view, std::vector<const ReportedFinding*>> failing;
  for (const bool gating : {true, false}) {
    for (const ReportedFinding& reported : report.findings.in_memory()) {
      if (reported.gates != gating || reported.finding.status != Status::fail ||
          is_suppressed(reported.finding))
        continue;
      failing[reported.environment].push_back(&reported);
    }
  }
  return failing;
}

}  // namespace

std::string webhook_payload(const Report& report) {
  const StatusCounts counts = report.summary();
  std::string text = "mongoscan " + verdict_headline(report);
  ordered_json environments = ordered_json::array();
  const auto failing_by = failing_by_environment(report);
  // A scan without an inventory is one environment without a name.
  const EnvironmentSummary whole{"", {}, {}, false, report.coverage};
  const std::span<const EnvironmentSummary> listed =
      report.environments.empty() ? std::span<const EnvironmentSummary>(&whole, 1)
                                  : std::span<const EnvironmentSummary>(report.environments);
  for (const EnvironmentSummary& environment : listed) {
    ordered_json entry = {{"name", environment.name},
                          {"verdict", environment.name.empty() && report.environments.empty()
                                          ? verdict_of(report)
                                          : verdict_of(environment)}};
    const std::string label = environment.name.empty() ? "" : environment.name + ": ";
    if (environment.changes) {
      const EnvironmentChanges& changes = *environment.changes;
      if (changes.previous_run) entry["previous_run"] = *changes.previous_run;
      entry["new"] = changed_list(changes.new_findings);
      entry["new_count"] = changes.new_findings.size();
      entry["fixed"] = changed_list(changes.fixed);
      entry["fixed_count"] = changes.fixed.size();
      add_text_lines(
          entry["new"], changes.new_findings.size(),
          label + (changes.previous_run ? "new since the previous run" : "failing (first run)"),
          text);
      add_text_lines(entry["fixed"], changes.fixed.size(), label + "fixed", text);
    } else {
      const auto found = failing_by.find(environment.name);
      static const std::vector<const ReportedFinding*> kNone;
      const std::vector<const ReportedFinding*>& failing =
          found == failing_by.end() ? kNone : found->second;
      ordered_json list = ordered_json::array();
      for (std::size_t i = 0; i < failing.size() && i < kWebhookListLimit; ++i) {
        const Finding& finding = failing[i]->finding;
        list.push_back(finding_entry(finding.check_id, finding.severity, describe(finding.subject),
                                     finding.message));
      }
      add_text_lines(list, failing.size(), label + "failing", text);
      entry["failing"] = std::move(list);
      entry["failing_count"] = failing.size();
    }
    environments.push_back(std::move(entry));
  }
  const ordered_json payload = {{"text", text},
                                {"mongoscan",
                                 {{"tool_version", report.tool_version},
                                  {"started_at", report.started_at},
                                  {"finished_at", report.finished_at},
                                  {"verdict", verdict_of(report)},
                                  {"counts",
                                   {{"pass", counts.pass},
                                    {"fail", counts.fail},
                                    {"warn", counts.warn},
                                    {"error", counts.error},
                                    {"skipped", counts.skipped},
                                    {"suppressed", counts.suppressed}}},
                                  {"environments", std::move(environments)}}}};
  return payload.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace mongoscan
