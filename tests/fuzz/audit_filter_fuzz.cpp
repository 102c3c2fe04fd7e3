// The audit filter reader (checks/server/audit_filter.h): auditLog.filter comes from the scanned
// server. Properties: no input throws or recurses without bound; an input is either refused with a
// reason or judged for every required event; an undecided event comes with a reason; judging is
// deterministic.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "checks/server/audit_filter.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mongoscan;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const AuditFilterJudgement judgement = judge_audit_filter(text);
  if (!judgement.parse_error.empty()) {
    fuzz::check(judgement.events.empty(), "a refused filter judges no event");
    return 0;
  }
  fuzz::check(judgement.events.size() == required_audit_events().size(),
              "a read filter judges every required event");
  bool undecided = false;
  for (const AuditEventOutcome& judged : judgement.events)
    undecided = undecided || judged.outcome == FilterOutcome::undecided;
  fuzz::check(!undecided || !judgement.undecided_because.empty(), "an undecided event says why");
  const AuditFilterJudgement again = judge_audit_filter(text);
  fuzz::check(again.events.size() == judgement.events.size() &&
                  again.undecided_because == judgement.undecided_because,
              "judging is deterministic");
  return 0;
}
