#include "checks/verdict.h"

#include <utility>

namespace mongoscan {

Finding make_finding(const CheckSpec& spec, const Policy& policy, Subject subject,
                     Verdict verdict) {
  return Finding{spec.id,
                 verdict.status,
                 policy.severity_for(spec.id, spec.severity),
                 std::move(subject),
                 std::move(verdict.message),
                 std::move(verdict.evidence)};
}

}  // namespace mongoscan
