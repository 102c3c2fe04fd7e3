#include "scanner/cloud/cloud_target.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace cloud_target_test {
namespace {

TEST(CloudTarget, AProviderAndItsRegions) {
  const auto account = parse_cloud_target("tencentcloud:ap-guangzhou,ap-shanghai,ap-guangzhou");
  ASSERT_TRUE(account.ok()) << account.error().message;
  EXPECT_EQ("tencentcloud", account.value().provider);
  EXPECT_EQ((std::vector<std::string>{"ap-guangzhou", "ap-shanghai"}), account.value().regions);
}

TEST(CloudTarget, AtlasProjectsOrAnOrganisation) {
  const auto projects =
      parse_cloud_target("atlas:66a1b2c3d4e5f60718293a5c,66a1b2c3d4e5f60718293a5d");
  ASSERT_TRUE(projects.ok()) << projects.error().message;
  EXPECT_EQ("atlas", projects.value().provider);
  EXPECT_EQ(2u, projects.value().project_ids.size());
  EXPECT_TRUE(projects.value().organization_ids.empty());
  EXPECT_EQ("2 projects", cloud_account_extent(projects.value()));
  const auto organization = parse_cloud_target("atlas:org:66a1b2c3d4e5f60718293a4b");
  ASSERT_TRUE(organization.ok()) << organization.error().message;
  EXPECT_EQ(std::vector<std::string>{"66a1b2c3d4e5f60718293a4b"},
            organization.value().organization_ids);
  EXPECT_EQ("1 organisation", cloud_account_extent(organization.value()));
  EXPECT_EQ("MONGODB_ATLAS_CLIENT_ID", organization.value().credentials.client_id);
  for (const char* text : {"atlas:", "atlas:org:", "atlas:66A1B2C3D4E5F60718293A5C",
                           "atlas:66a1b2c3d4e5f60718293a5", "atlas:org:x", "atlas:payments"}) {
    const auto refused = parse_cloud_target(text);
    ASSERT_FALSE(refused.ok()) << text;
    EXPECT_NE(std::string::npos, refused.error().message.find("24 hex digits")) << text;
  }
  const auto endpoint = parse_cloud_endpoint("atlas=https://127.0.0.1:8443");
  ASSERT_TRUE(endpoint.ok()) << endpoint.error().message;
  EXPECT_EQ("atlas", endpoint.value().first);
}

TEST(CloudTarget, WhatIsNoAccountIsRefusedSayingWhy) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"ap-guangzhou", "expected tencentcloud:REGION"},
      {":ap-guangzhou", "expected tencentcloud:REGION"},
      {"aws:us-east-1", "not one mongoscan reads"},
      {"tencentcloud:", "is not a region name"},
      {"tencentcloud:ap-guangzhou,", "is not a region name"},
      {"tencentcloud:AP_Guangzhou", "is not a region name"},
  };
  for (const auto& [text, expected] : cases) {
    SCOPED_TRACE(text);
    const auto account = parse_cloud_target(text);
    ASSERT_FALSE(account.ok());
    EXPECT_EQ(ErrorCode::usage, account.error().code);
    EXPECT_NE(std::string::npos, account.error().message.find(expected)) << account.error().message;
  }
}

TEST(CloudTarget, AnEndpointPerService) {
  const auto endpoint = parse_cloud_endpoint("tencentcloud.mongodb=https://127.0.0.1:8443/");
  ASSERT_TRUE(endpoint.ok()) << endpoint.error().message;
  EXPECT_EQ("tencentcloud.mongodb", endpoint.value().first);
  EXPECT_EQ(8443, endpoint.value().second.port);
  for (const char* text :
       {"tencentcloud.cvm=https://x", "https://x", "tencentcloud.mongodb=ftp://x",
        "tencentcloud.mongodb=http://mongodb.tencentcloudapi.com"}) {
    SCOPED_TRACE(text);
    const auto refused = parse_cloud_endpoint(text);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(0u, refused.error().message.find("--cloud-endpoint "));
  }
}

}  // namespace
}  // namespace cloud_target_test
}  // namespace mongoscan
