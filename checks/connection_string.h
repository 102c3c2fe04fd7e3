#pragma once
// The CONN-* checks: judgements of one connection string against the policy, without I/O.

#include <string>
#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/uri.h"

namespace mongoscan {

// One connection string to judge, with the redacted text that names it in findings.
struct UriTarget {
  std::string redacted_uri;
  ConnectionString connection;
};

// The CONN-* checks this family implements, in catalogue order.
const std::vector<CheckSpec>& connection_string_specs();

// One finding per CONN-* check (pass, fail, warn or skipped), each about
// Subject::uri(redacted_uri).
std::vector<Finding> check_connection_string(const UriTarget& target, const Policy& policy);

}  // namespace mongoscan
