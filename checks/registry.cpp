#include "checks/registry.h"

#include <algorithm>

#include "checks/authentication.h"
#include "checks/password_strength.h"

namespace mongoscan {

const std::vector<CheckSpec>& check_catalogue() {
  static const std::vector<CheckSpec> catalogue = [] {
    std::vector<CheckSpec> specs = authentication_specs();
    specs.push_back(password_strength_spec());
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

namespace {

std::vector<Finding> without_disabled(std::vector<Finding> findings, const Policy& policy) {
  std::erase_if(findings, [&](const Finding& finding) {
    return policy.disabled_checks.contains(finding.check_id);
  });
  return findings;
}

}  // namespace

std::vector<Finding> run_connection_string_checks(const UriTarget& target, const Policy& policy) {
  std::vector<Finding> findings = {
      check_password_strength(target.connection, Subject::uri(target.redacted_uri), policy)};
  const auto connection = check_connection_string(target, policy);
  findings.insert(findings.end(), connection.begin(), connection.end());
  return without_disabled(std::move(findings), policy);
}

std::vector<Finding> run_node_checks(const NodeFacts& facts, const Policy& policy) {
  return without_disabled(check_authentication(facts, policy), policy);
}

}  // namespace mongoscan
