#include "checks/file_context_gate.h"

namespace mongoscan {

void place_in_context(Finding& finding, FileContext context, const Policy& policy) {
  finding.subject.context = context;
  if (policy.gating_contexts.contains(context)) return;
  if (finding.status != Status::fail && finding.status != Status::warn) return;
  if (finding.severity == Severity::info) return;
  if (finding.evidence.is_null()) finding.evidence = nlohmann::json::object();
  if (finding.evidence.is_object())
    finding.evidence["severity_where_gating"] = to_string(finding.severity);
  finding.severity = Severity::info;
}

}  // namespace mongoscan
