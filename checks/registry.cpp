#include "checks/registry.h"

#include <algorithm>

#include "checks/password_strength.h"

namespace mongoscan {

const std::vector<CheckSpec>& check_catalogue() {
  static const std::vector<CheckSpec> catalogue = [] {
    std::vector<CheckSpec> specs = {password_strength_spec()};
    const auto& connection = connection_string_specs();
    specs.insert(specs.end(), connection.begin(), connection.end());
    return specs;
  }();
  return catalogue;
}

const CheckSpec* find_check(std::string_view id) {
  const auto& catalogue = check_catalogue();
  const auto it = std::find_if(catalogue.begin(), catalogue.end(),
                               [&](const CheckSpec& spec) { return spec.id == id; });
  return it == catalogue.end() ? nullptr : &*it;
}

std::vector<Finding> run_connection_string_checks(const UriTarget& target, const Policy& policy) {
  std::vector<Finding> findings = {
      check_password_strength(target.connection, Subject::uri(target.redacted_uri), policy)};
  const auto connection = check_connection_string(target, policy);
  findings.insert(findings.end(), connection.begin(), connection.end());
  std::erase_if(findings, [&](const Finding& finding) {
    return policy.disabled_checks.contains(finding.check_id);
  });
  return findings;
}

}  // namespace mongoscan
