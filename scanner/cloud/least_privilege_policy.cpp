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

}  // namespace mongoscan
