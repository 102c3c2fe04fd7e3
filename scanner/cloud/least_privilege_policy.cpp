#include "scanner/cloud/least_privilege_policy.h"

#include "scanner/cloud/cloud_api_allowlist.h"

namespace mongoscan {

nlohmann::json tencent_cam_policy() {
  nlohmann::json actions = nlohmann::json::array();
  for (const TencentApiAction& listed : tencent_api_actions())
    actions.push_back(std::string(listed.service) + ":" + std::string(listed.action));
  return {{"version", "2.0"},
          {"statement", nlohmann::json::array(
                            {{{"effect", "allow"}, {"action", actions}, {"resource", {"*"}}}})}};
}

nlohmann::json atlas_roles_policy() {
  // The roles' names in the Atlas UI (Atlas user roles reference).
  constexpr std::pair<std::string_view, std::string_view> kRoles[] = {
      {"ORG_MEMBER", "Organization Member"},
      {"ORG_READ_ONLY", "Organization Read Only"},
      {"GROUP_READ_ONLY", "Project Read Only"},
      {"GROUP_OWNER", "Project Owner"}};
  nlohmann::json roles = nlohmann::json::array();
  for (const auto& [role, name] : kRoles) {
    nlohmann::json reads = nlohmann::json::array();
    for (const AtlasApiPath& listed : atlas_api_paths())
      if (listed.role == role) reads.push_back("GET " + std::string(listed.path));
    if (reads.empty()) continue;
    nlohmann::json entry = {{"role", role}, {"name", name}, {"reads", reads}};
    if (role == "ORG_READ_ONLY") entry["needed_for"] = "atlas:org:ORG_ID (listing its projects)";
    if (role == "GROUP_OWNER") {
      entry["needed_for"] =
          "auditing and LDAP/X.509 settings: Atlas has no read-only role that reads them; "
          "without it they are reported as not read";
    }
    roles.push_back(std::move(entry));
  }
  return {{"provider", "atlas"}, {"api_base", "/api/atlas/v2"}, {"roles", roles}};
}

}  // namespace mongoscan
