#include "scanner/cloud/least_privilege_policy.h"

#include <map>
#include <vector>

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

std::string atlas_role_summary() {
  // Atlas API role names (the spec's x-rolesRequirements; user-roles in the Atlas manual).
  static const std::map<std::string_view, std::string_view> kRoleNames = {
      {"ORG_MEMBER", "Organization Member"},
      {"ORG_READ_ONLY", "Organization Read Only"},
      {"GROUP_READ_ONLY", "Project Read Only"},
      {"GROUP_OWNER", "Project Owner"},
  };
  std::map<std::string_view, std::vector<std::string_view>> paths_by_role;
  for (const AtlasApiPath& listed : atlas_api_paths())
    paths_by_role[listed.role].push_back(listed.path);
  std::string text =
      "# Atlas: give the service account or API key Organization Read Only (ORG_READ_ONLY) on the\n"
      "# organisation, or Project Read Only (GROUP_READ_ONLY) on each project scanned. Atlas "
      "shows\n"
      "# the paths under GROUP_OWNER only to Project Owner: grant it only where auditing and\n"
      "# LDAP/X.509 settings must be read from the control plane.\n";
  for (const auto& [role, paths] : paths_by_role) {
    text += std::string(role) + " (" + std::string(kRoleNames.at(role)) + "):\n";
    for (std::string_view path : paths) text += "  GET /api/atlas/v2" + std::string(path) + "\n";
  }
  return text;
}

}  // namespace mongoscan
