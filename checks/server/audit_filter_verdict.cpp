#include "checks/server/audit_filter_verdict.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "checks/server/audit_filter.h"
#include "checks/text_list.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// "dropDatabase", or "authenticate (result 18)" where one atype stands for several events.
std::string event_label(const AuditEvent& event) {
  const auto& events = required_audit_events();
  const auto same = std::count_if(events.begin(), events.end(), [&](const AuditEvent& other) {
    return other.atype == event.atype;
  });
  std::string label(event.atype);
  if (same > 1) label += " (result " + std::to_string(event.result) + ")";
  return label;
}

// {"DDL": ["dropDatabase", ...], ...} and "DDL (dropDatabase, ...); ..." for the events with
// `outcome`.
std::pair<json, std::string> events_with(const AuditFilterJudgement& judgement,
                                         FilterOutcome outcome) {
  json by_concern = json::object();
  std::vector<std::string> concerns;
  for (const AuditEventOutcome& judged : judgement.events) {
    if (judged.outcome != outcome) continue;
    const std::string concern(judged.event.concern);
    if (!by_concern.contains(concern)) concerns.push_back(concern);
    by_concern[concern].push_back(event_label(judged.event));
  }
  std::vector<std::string> parts;
  for (const std::string& concern : concerns) {
    std::vector<std::string> labels = by_concern[concern].get<std::vector<std::string>>();
    parts.push_back(concern + " (" + join(labels) + ")");
  }
  return {by_concern, join(parts, "; ")};
}

}  // namespace

Verdict audit_filter_verdict(std::string_view filter, std::string_view setting, json evidence) {
  const AuditFilterJudgement judgement = judge_audit_filter(filter);
  if (!judgement.parse_error.empty()) {
    return {Status::warn,
            std::string(setting) + " could not be read (" + judgement.parse_error + ")",
            std::move(evidence)};
  }
  const auto [dropped, dropped_text] = events_with(judgement, FilterOutcome::dropped);
  const auto [undecided, undecided_text] = events_with(judgement, FilterOutcome::undecided);
  if (!dropped.empty()) evidence["dropped"] = dropped;
  if (!undecided.empty()) {
    evidence["undecided"] = undecided;
    evidence["undecided_because"] = judgement.undecided_because;
  }
  if (!dropped.empty()) {
    return {Status::fail, "the audit filter drops " + dropped_text, std::move(evidence)};
  }
  if (!undecided.empty()) {
    return {Status::warn,
            "the audit filter is too complex to decide whether it keeps " + undecided_text +
                " (it uses " + join(judgement.undecided_because, "; ") + "); check it by hand",
            std::move(evidence)};
  }
  return {Status::pass,
          "the audit filter keeps authentication, authorization failures, user and role changes "
          "and DDL",
          std::move(evidence)};
}

}  // namespace mongoscan
