#pragma once
// The CONN-* checks: judgements of one connection string against the policy, without I/O.

#include <optional>
#include <string>
#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/uri/uri.h"

namespace mongoscan {

// One connection string to judge, with the redacted text that names it in findings.
struct UriTarget {
  std::string redacted_uri;
  ConnectionString connection;
  std::optional<Subject> found_at = {};    // the file, line and column of a string found in a file
  std::optional<ListedAt> listed_at = {};  // the --uri-file or --app-uri-file line that held it

  // What findings about the string are about: where it was found, else the redacted string (with
  // the list line that held it, if any).
  Subject subject() const {
    if (found_at) return *found_at;
    Subject subject = Subject::uri(redacted_uri);
    subject.listed_at = listed_at;
    return subject;
  }
};

// The CONN-* checks this family implements, in catalogue order.
const std::vector<CheckSpec>& connection_string_specs();

// One finding per CONN-* check (pass, fail, warn or skipped), each about target.subject().
std::vector<Finding> check_connection_string(const UriTarget& target, const Policy& policy);

}  // namespace mongoscan
