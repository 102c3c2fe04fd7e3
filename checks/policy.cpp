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
  return policy;
}

}  // namespace mongoscan
