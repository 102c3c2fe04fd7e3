#include "scanner/cloud/cloud_api_allowlist.h"

#include <gtest/gtest.h>

#include <set>

namespace mongoscan {
namespace cloud_api_allowlist_test {
namespace {

TEST(CloudApiAllowlist, EveryTencentActionIsADescribeOfAKnownServiceVersion) {
  const std::set<std::pair<std::string_view, std::string_view>> versions = {
      {"mongodb", "2019-07-25"}, {"clb", "2018-03-17"}, {"vpc", "2017-03-12"}};
  ASSERT_FALSE(tencent_api_actions().empty());
  for (const TencentApiAction& listed : tencent_api_actions()) {
    SCOPED_TRACE(listed.action);
    EXPECT_TRUE(listed.action.starts_with("Describe"));
    EXPECT_TRUE(versions.contains({listed.service, listed.version}));
    EXPECT_FALSE(listed.reads.empty());
  }
}

TEST(CloudApiAllowlist, TencentActionsAreMatchedExactly) {
  EXPECT_TRUE(tencent_action_allowed("mongodb", "2019-07-25", "DescribeDBInstances"));
  EXPECT_FALSE(tencent_action_allowed("mongodb", "2019-07-25", "describedbinstances"));
  EXPECT_FALSE(tencent_action_allowed("mongodb", "2019-07-25", "ModifyDBInstanceSecurityGroup"));
  EXPECT_FALSE(tencent_action_allowed("mongodb", "2018-04-08", "DescribeDBInstances"));
  EXPECT_FALSE(tencent_action_allowed("cvm", "2019-07-25", "DescribeDBInstances"));
  EXPECT_FALSE(tencent_action_allowed("clb", "2018-03-17", "DeleteLoadBalancer"));
}

TEST(CloudApiAllowlist, AtlasPathsMatchTheirTemplatesSegmentBySegment) {
  EXPECT_TRUE(atlas_path_allowed("/groups/5f1a2b3c4d5e6f7a8b9c0d1e/accessList"));
  EXPECT_TRUE(atlas_path_allowed("/groups/5f1a/clusters/prod-1/processArgs"));
  EXPECT_TRUE(atlas_path_allowed("/groups/g/privateEndpoint/AWS/endpointService"));
  EXPECT_TRUE(atlas_path_allowed("/orgs/o1/settings"));
  EXPECT_FALSE(atlas_path_allowed("/groups/g/accessList/0.0.0.0"));
  EXPECT_FALSE(atlas_path_allowed("/groups//accessList"));
  EXPECT_FALSE(atlas_path_allowed("/groups/../orgs/o/accessList"));
  EXPECT_FALSE(atlas_path_allowed("/groups/g/clusters/c/restartPrimaries"));
  EXPECT_FALSE(atlas_path_allowed("/groups/g/databaseUsers/admin/u"));
  EXPECT_FALSE(atlas_path_allowed("/groups/g/accessList/"));
  EXPECT_FALSE(atlas_path_allowed(""));
}

}  // namespace
}  // namespace cloud_api_allowlist_test
}  // namespace mongoscan
