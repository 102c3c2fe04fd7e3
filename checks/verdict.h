#pragma once
// A check's judgement on one subject before it is bound to its CheckSpec: every check family
// produces Verdicts and turns them into Findings through make_finding, and nowhere else.

#include <nlohmann/json.hpp>
#include <string>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"

namespace mongoscan {

struct Verdict {
  Status status;
  std::string message;                                 // one line, never containing a secret
  nlohmann::json evidence = nlohmann::json::object();  // what was seen, never a secret
};

// The finding of `spec` on `subject`, at the severity the policy gives the check.
Finding make_finding(const CheckSpec& spec, const Policy& policy, Subject subject, Verdict verdict);

}  // namespace mongoscan
