#include "checks/policy.h"

#include <string>

namespace mongoscan {

Severity Policy::severity_for(std::string_view check_id, Severity default_severity) const {
  const auto it = severity_overrides.find(std::string(check_id));
  return it == severity_overrides.end() ? default_severity : it->second;
}

Policy development_specification_policy() {
  Policy policy;
  policy.data_model.database_prefix = "db_";
  policy.data_model.collection_prefix = "t_";
  policy.data_model.time_suffixed_families = true;
  policy.connection.explicit_options = true;
  return policy;
}

Policy stig_policy() {
  Policy policy;
  policy.identity.x509_clients = true;
  policy.identity.organisation_authentication = true;
  policy.audit_authorization_success = true;
  policy.encryption_cipher_modes = {"AES256-GCM"};
  policy.stig_literal = true;
  return policy;
}

std::optional<Policy> policy_preset(std::string_view name) {
  if (name == kDevelopmentSpecificationPreset) return development_specification_policy();
  if (name == kStigPreset) return stig_policy();
  return std::nullopt;
}

}  // namespace mongoscan
