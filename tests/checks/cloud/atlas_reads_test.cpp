#include "checks/cloud/atlas_reads.h"

#include <gtest/gtest.h>

#include "tests/checks/cloud/atlas_account_fixture.h"

namespace mongoscan {
namespace atlas_reads_test {
namespace {

using atlas_test::atlas_failure;
using atlas_test::kOrgId;
using atlas_test::kProjectId;

const std::string kCluster = std::string(kProjectId) + "/c0";
constexpr const char* kProcessArgs = "GET /groups/{groupId}/clusters/{clusterName}/processArgs";

TEST(AtlasSubjects, OrganisationsProjectsAndClustersAreCloudSubjects) {
  const AtlasProject project = atlas_test::sound_atlas_project();
  const Subject organization = atlas_organization_subject(atlas_test::sound_atlas_organization());
  EXPECT_EQ(organization.kind, Subject::Kind::cloud);
  EXPECT_EQ(organization.name, std::string("atlas:org:") + kOrgId);
  EXPECT_EQ(atlas_project_subject(project).name, std::string("atlas:") + kProjectId);
  EXPECT_EQ(atlas_cluster_subject(project, (*project.clusters)[0]).name, "atlas:" + kCluster);
}

TEST(AtlasNotRead, NamesTheCallsFailureThenTheWholeProjectsThenNothing) {
  CloudAccountFacts account;
  account.failed_reads = {
      atlas_failure("GET /groups/{groupId}", kProjectId, "atlas: 404 GROUP_NOT_FOUND"),
      atlas_failure(kProcessArgs, kCluster, "atlas: 403 denied")};
  const Verdict own = atlas_not_read(account, kProcessArgs, kCluster, "the process arguments were",
                                     nlohmann::json{{"seen", 1}});
  EXPECT_EQ(own.status, Status::error);
  EXPECT_EQ(own.message, std::string("the process arguments were not read (") + kProcessArgs +
                             "): atlas: 403 denied");
  EXPECT_EQ(own.evidence["call"], kProcessArgs);
  EXPECT_EQ(own.evidence["seen"], 1);

  const Verdict whole =
      atlas_not_read(account, "GET /groups/{groupId}/clusters/{clusterName}/backup/schedule",
                     kCluster, "the backup schedule was");
  EXPECT_EQ(whole.message,
            "the backup schedule was not read (GET /groups/{groupId}): atlas: 404 GROUP_NOT_FOUND");

  const Verdict nothing = atlas_not_read(CloudAccountFacts{}, "GET /orgs/{orgId}/settings",
                                         std::string("org:") + kOrgId, "the settings were");
  EXPECT_EQ(nothing.status, Status::error);
  EXPECT_EQ(nothing.message, "the settings were not read: GET /orgs/{orgId}/settings gave nothing");
}

}  // namespace
}  // namespace atlas_reads_test
}  // namespace mongoscan
