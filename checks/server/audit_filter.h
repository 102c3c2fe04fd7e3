#pragma once
// What an audit filter (auditLog.filter) keeps of the events a security review needs. The server
// reads the option's string with fromjson (the shell's relaxed JSON: unquoted keys, single quotes)
// and matches each audit message against it as a query (AuditManager::initialize, parseFilter);
// here the filter is evaluated on model messages of each needed event, in three values: a filter
// that also tests fields the model cannot know (users, param.ns, ...) or uses operators not
// modelled leaves the event undecided, never kept.

#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

enum class FilterOutcome { kept, dropped, undecided };

// One model audit message: its atype and result code (System Event Audit Messages, manual).
struct AuditEvent {
  std::string_view concern;  // "authentication", "authorization failures", ...
  std::string_view atype;
  int result;
};

// The events every filter must keep: authentication successes (0) and failures (18),
// authorization failures (authCheck 13), user and role changes and DDL, each with result 0.
const std::vector<AuditEvent>& required_audit_events();

struct AuditEventOutcome {
  AuditEvent event;
  FilterOutcome outcome;
};

struct AuditFilterJudgement {
  std::string parse_error;  // non-empty: the text is not a filter document
  std::vector<AuditEventOutcome> events;
  std::vector<std::string> undecided_because;  // why some events could not be decided
};

AuditFilterJudgement judge_audit_filter(std::string_view filter);

}  // namespace mongoscan
