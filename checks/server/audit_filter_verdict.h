#pragma once
// HARD-005's judgement of an audit filter's text, for every place a filter is read: a node's
// auditLog.filter and a cloud project's audit configuration (ATLAS-007).

#include <nlohmann/json.hpp>
#include <string_view>

#include "checks/verdict.h"

namespace mongoscan {

// Fail when the filter drops an event every filter must keep (required_audit_events), warn when
// its text is no filter document or it is too complex to decide, else pass. `setting` names the
// filter in messages ("auditLog.filter"); the events dropped or undecided join `evidence`.
Verdict audit_filter_verdict(std::string_view filter, std::string_view setting,
                             nlohmann::json evidence);

}  // namespace mongoscan
