#include "scanner/cloud/atlas/atlas_account_reader.h"

#include <gtest/gtest.h>

#include "scanner/cloud/cloud_api_allowlist.h"
#include "tests/support/atlas_lab_route.h"

namespace mongoscan {
namespace atlas_account_reader_test {
namespace {

using nlohmann::json;
using testing_support::AtlasLabRoute;
using testing_support::kAtlasLabOrganization;
using testing_support::kAtlasLabProject;

CloudAccountFacts read(AtlasLabRoute& route, const AtlasAccountScope& scope) {
  return read_atlas_account([&] { return route.api_key_client(); }, scope, 4,
                            Deadline::after(std::chrono::seconds(60)));
}

const AtlasCluster& cluster(const AtlasProject& project, const std::string& name) {
  for (const AtlasCluster& read : *project.clusters)
    if (read.name == name) return read;
  throw std::runtime_error("no cluster " + name);
}

TEST(AtlasAccountReader, ReadsEveryPartOfTheProjectAndItsOrganisation) {
  AtlasLabRoute route;
  const CloudAccountFacts account = read(route, {{kAtlasLabProject}, {}, {}});
  EXPECT_EQ("atlas", account.provider);
  for (const CloudReadFailure& failure : account.failed_reads)
    ADD_FAILURE() << failure.call << " " << failure.scope << ": " << failure.error.message;
  ASSERT_EQ(1u, account.projects.size());
  const AtlasProject& project = account.projects[0];
  EXPECT_EQ("payments", project.name);
  ASSERT_TRUE(project.access_list);
  EXPECT_EQ(3u, project.access_list->size());
  ASSERT_TRUE(project.clusters);
  ASSERT_EQ(2u, project.clusters->size());
  const AtlasCluster& production = cluster(project, "payments-prod");
  ASSERT_TRUE(production.process_args);
  EXPECT_EQ("TLS1_0", production.process_args->minimum_tls);
  EXPECT_EQ(std::optional<bool>(true), production.process_args->javascript_enabled);
  ASSERT_TRUE(production.backup_schedule);
  EXPECT_FALSE(production.backup_schedule->items.empty());
  ASSERT_TRUE(project.auditing);
  EXPECT_FALSE(project.auditing->enabled);
  ASSERT_TRUE(project.encryption_at_rest);
  EXPECT_TRUE(project.encryption_at_rest->aws_kms);
  ASSERT_TRUE(project.database_users);
  EXPECT_EQ(3u, project.database_users->size());
  ASSERT_TRUE(project.custom_roles);
  ASSERT_TRUE(project.user_security);
  EXPECT_EQ(std::optional<std::size_t>(0), project.private_endpoint_services);
  EXPECT_EQ(std::optional<std::size_t>(1), project.peering_connections);
  ASSERT_EQ(1u, account.organizations.size());
  EXPECT_EQ(kAtlasLabOrganization, account.organizations[0].id);
  ASSERT_TRUE(account.organizations[0].settings);
  EXPECT_FALSE(account.organizations[0].settings->multi_factor_auth_required);

  // Only GETs of listed paths, each in the version the allowlist pins, were sent.
  for (const json& entry : route.lab().request_log()) {
    EXPECT_EQ("GET", entry["method"]) << entry.dump();
    const std::string path = entry["path"];
    ASSERT_TRUE(path.starts_with("/api/atlas/v2/")) << path;
    EXPECT_TRUE(atlas_path_allowed(path.substr(13))) << path;
    EXPECT_TRUE(entry["status"] == 200 || entry.value("error", "") == "UNAUTHORIZED")
        << entry.dump();
  }
}

TEST(AtlasAccountReader, APartTheRoleCannotReadIsRecordedAndTheRestIsRead) {
  AtlasLabRoute route([](json& atlas) {
    atlas["api_keys"][0]["roles"] = {"ORG_MEMBER", "GROUP_READ_ONLY"};
  });
  const CloudAccountFacts account = read(route, {{kAtlasLabProject}, {}, {}});
  ASSERT_EQ(2u, account.failed_reads.size());
  EXPECT_EQ("GET /groups/{groupId}/auditLog", account.failed_reads[0].call);
  EXPECT_EQ("GET /groups/{groupId}/userSecurity", account.failed_reads[1].call);
  for (const CloudReadFailure& failure : account.failed_reads) {
    EXPECT_EQ(kAtlasLabProject, failure.scope);
    EXPECT_EQ(ErrorCode::auth_failed, failure.error.code);
  }
  const AtlasProject& project = account.projects[0];
  EXPECT_FALSE(project.auditing);
  EXPECT_FALSE(project.user_security);
  EXPECT_TRUE(project.database_users);
  EXPECT_TRUE(project.clusters);
}

TEST(AtlasAccountReader, AProjectThatCannotBeReadIsKeptAndNotReadFurther) {
  AtlasLabRoute route;
  const std::string unknown = "000000000000000000000000";
  const CloudAccountFacts account = read(route, {{unknown}, {}, {}});
  ASSERT_EQ(1u, account.projects.size());
  EXPECT_EQ(unknown, account.projects[0].id);
  EXPECT_FALSE(account.projects[0].clusters);
  ASSERT_EQ(1u, account.failed_reads.size());
  EXPECT_EQ("GET /groups/{groupId}", account.failed_reads[0].call);
  EXPECT_EQ(unknown, account.failed_reads[0].scope);
  EXPECT_TRUE(account.organizations.empty());
  for (const json& entry : route.lab().request_log())
    EXPECT_EQ("/api/atlas/v2/groups/" + unknown, entry["path"]) << entry.dump();
}

TEST(AtlasAccountReader, AnOrganisationGivesEveryProjectAndOnlyTheNamedClusters) {
  AtlasLabRoute route;
  const CloudAccountFacts account = read(route, {{}, {kAtlasLabOrganization}, {"payments-prod"}});
  EXPECT_TRUE(account.failed_reads.empty());
  ASSERT_EQ(1u, account.projects.size());
  EXPECT_EQ(kAtlasLabProject, account.projects[0].id);
  ASSERT_TRUE(account.projects[0].clusters);
  ASSERT_EQ(1u, account.projects[0].clusters->size());
  EXPECT_EQ("payments-prod", account.projects[0].clusters->front().name);
  ASSERT_EQ(1u, account.organizations.size());
  for (const json& entry : route.lab().request_log())
    EXPECT_EQ(std::string::npos, entry["path"].get<std::string>().find("payments-analytics"));
}

}  // namespace
}  // namespace atlas_account_reader_test
}  // namespace mongoscan
