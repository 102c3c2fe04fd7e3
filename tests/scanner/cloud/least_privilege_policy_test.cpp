#include "scanner/cloud/least_privilege_policy.h"

#include <gtest/gtest.h>

#include "scanner/cloud/cloud_api_allowlist.h"

namespace mongoscan {
namespace least_privilege_policy_test {
namespace {

TEST(LeastPrivilegePolicy, TheCamPolicyAllowsExactlyTheAllowlistedActions) {
  const nlohmann::json policy = tencent_cam_policy();
  EXPECT_EQ("2.0", policy["version"]);
  ASSERT_EQ(1u, policy["statement"].size());
  const nlohmann::json& statement = policy["statement"][0];
  EXPECT_EQ("allow", statement["effect"]);
  EXPECT_EQ(nlohmann::json::array({"*"}), statement["resource"]);
  ASSERT_EQ(tencent_api_actions().size(), statement["action"].size());
  for (std::size_t i = 0; i < tencent_api_actions().size(); ++i) {
    const auto& listed = tencent_api_actions()[i];
    EXPECT_EQ(std::string(listed.service) + ":" + std::string(listed.action),
              statement["action"][i]);
  }
  for (const auto& action : statement["action"])
    EXPECT_NE(std::string::npos, action.get<std::string>().find(":Describe")) << action;
}

TEST(LeastPrivilegePolicy, TheAtlasRolesCoverEveryAllowlistedPathOnceUnderItsLeastRole) {
  const nlohmann::json policy = atlas_roles_policy();
  EXPECT_EQ("atlas", policy["provider"]);
  std::size_t reads = 0;
  for (const nlohmann::json& role : policy["roles"]) {
    for (const nlohmann::json& read : role["reads"]) {
      ++reads;
      const std::string path = read.get<std::string>().substr(4);  // after "GET "
      const AtlasApiPath* listed = atlas_api_path(path);
      ASSERT_NE(nullptr, listed) << path;
      EXPECT_EQ(listed->role, role["role"].get<std::string>()) << path;
    }
  }
  EXPECT_EQ(atlas_api_paths().size(), reads);
  // Project Owner only where no read-only role reads: auditing and LDAP/X.509.
  for (const nlohmann::json& role : policy["roles"]) {
    if (role["role"] != "GROUP_OWNER") continue;
    EXPECT_EQ(nlohmann::json::array(
                  {"GET /groups/{groupId}/auditLog", "GET /groups/{groupId}/userSecurity"}),
              role["reads"]);
  }
}

}  // namespace
}  // namespace least_privilege_policy_test
}  // namespace mongoscan
