#include "checks/cloud/atlas_clusters.h"

#include <gtest/gtest.h>

#include "tests/checks/cloud/atlas_account_fixture.h"

namespace mongoscan {
namespace atlas_clusters_test {
namespace {

using atlas_test::atlas_account_of;
using atlas_test::atlas_failure;
using atlas_test::atlas_finding;
using atlas_test::kProjectId;
using atlas_test::sound_atlas_cluster;
using atlas_test::sound_atlas_project;

const std::string kClusterSubject = std::string("atlas:") + kProjectId + "/c0";

AtlasProject project_with(AtlasCluster cluster) {
  AtlasProject project = sound_atlas_project();
  project.clusters = std::vector<AtlasCluster>{std::move(cluster)};
  return project;
}

Finding judged(const CloudAccountFacts& account, const std::string& id,
               const Policy& policy = Policy{}) {
  return atlas_finding(check_atlas_clusters(account, policy), id);
}

Finding judged(AtlasCluster cluster, const std::string& id, const Policy& policy = Policy{}) {
  return judged(atlas_account_of(project_with(std::move(cluster))), id, policy);
}

bool says(const Finding& finding, const std::string& text) {
  return finding.message.find(text) != std::string::npos;
}

TEST(AtlasClusters, ASoundClusterPassesEveryCheckOnItsOwnSubject) {
  const auto findings = check_atlas_clusters(atlas_account_of(sound_atlas_project()), Policy{});
  ASSERT_EQ(findings.size(), atlas_cluster_specs().size());
  for (const Finding& found : findings) {
    EXPECT_EQ(found.status, Status::pass) << found.check_id << ": " << found.message;
    EXPECT_EQ(found.subject.kind, Subject::Kind::cloud);
    EXPECT_EQ(found.subject.name, kClusterSubject);
  }
}

TEST(AtlasClusters, EachClusterOfEachProjectIsItsOwnSubject) {
  AtlasProject project = sound_atlas_project();
  project.clusters->push_back(sound_atlas_cluster("c1"));
  const auto findings = check_atlas_clusters(atlas_account_of(project), Policy{});
  ASSERT_EQ(findings.size(), 2 * atlas_cluster_specs().size());
  EXPECT_EQ(atlas_finding(findings, "ATLAS-004", std::string("atlas:") + kProjectId + "/c1").status,
            Status::pass);
}

TEST(AtlasEncryptionAtRest, NoCustomerKeyWarnsWithoutCallingTheClusterUnencrypted) {
  for (const std::string provider : {"NONE", ""}) {
    AtlasCluster cluster = sound_atlas_cluster();
    cluster.encryption_at_rest_provider = provider;
    const Finding finding = judged(cluster, "ATLAS-003");
    EXPECT_EQ(finding.status, Status::warn) << provider;
    EXPECT_TRUE(says(finding, "Atlas still encrypts its volumes")) << finding.message;
    EXPECT_TRUE(says(finding, "customer key management")) << finding.message;
  }
}

TEST(AtlasEncryptionAtRest, TheNamedProviderMustBeEnabledOnTheProject) {
  AtlasProject disabled = project_with(sound_atlas_cluster());
  disabled.encryption_at_rest = AtlasEncryptionAtRest{false, true, false};
  const Finding finding = judged(atlas_account_of(disabled), "ATLAS-003");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(says(finding, "AWS KMS (awsKms) is not enabled")) << finding.message;

  AtlasCluster azure = sound_atlas_cluster();
  azure.encryption_at_rest_provider = "AZURE";
  AtlasProject on_azure = project_with(azure);
  on_azure.encryption_at_rest = AtlasEncryptionAtRest{false, true, false};
  EXPECT_EQ(judged(atlas_account_of(on_azure), "ATLAS-003").status, Status::pass);

  AtlasCluster unknown = sound_atlas_cluster();
  unknown.encryption_at_rest_provider = "ORACLE";
  EXPECT_EQ(judged(unknown, "ATLAS-003").status, Status::warn);
}

TEST(AtlasEncryptionAtRest, TheProjectsKeysNotReadIsAnErrorNamingTheCall) {
  AtlasProject project = sound_atlas_project();
  project.encryption_at_rest.reset();
  CloudAccountFacts account = atlas_account_of(project);
  account.failed_reads.push_back(atlas_failure("GET /groups/{groupId}/encryptionAtRest", kProjectId,
                                               "atlas: 403 USER_UNAUTHORIZED"));
  const Finding finding = judged(account, "ATLAS-003");
  EXPECT_EQ(finding.status, Status::error);
  EXPECT_TRUE(says(finding,
                   "(GET /groups/{groupId}/encryptionAtRest): atlas: 403 "
                   "USER_UNAUTHORIZED"))
      << finding.message;
  EXPECT_EQ(finding.evidence["encryptionAtRestProvider"], "AWS");
  // Without a customer key the project's keys do not matter.
  (*account.projects[0].clusters)[0].encryption_at_rest_provider = "NONE";
  EXPECT_EQ(judged(account, "ATLAS-003").status, Status::warn);
}

TEST(AtlasTlsFloor, BelowTls12FailsAndAtOrAbovePasses) {
  struct Case {
    std::string floor;
    Status expected;
  };
  for (const Case& tried : std::vector<Case>{{"TLS1_0", Status::fail},
                                             {"TLS1_1", Status::fail},
                                             {"TLS1_2", Status::pass},
                                             {"TLS1_3", Status::pass},
                                             {"SSL3", Status::warn}}) {
    AtlasCluster cluster = sound_atlas_cluster();
    cluster.process_args->minimum_tls = tried.floor;
    const Finding finding = judged(cluster, "ATLAS-004");
    EXPECT_EQ(finding.status, tried.expected) << tried.floor << ": " << finding.message;
    EXPECT_TRUE(says(finding, tried.floor)) << finding.message;
  }
}

TEST(AtlasTlsFloor, TheProcessArgumentsWinOverTheClusterDescription) {
  AtlasCluster cluster = sound_atlas_cluster();
  cluster.process_args->minimum_tls = "TLS1_1";
  cluster.minimum_tls = "TLS1_2";
  const Finding finding = judged(cluster, "ATLAS-004");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["advancedConfiguration.minimumEnabledTlsProtocol"], "TLS1_2");
}

TEST(AtlasTlsFloor, WithoutProcessArgumentsTheClusterDescriptionIsJudgedElseAnError) {
  AtlasCluster cluster = sound_atlas_cluster();
  cluster.process_args.reset();
  cluster.minimum_tls = "TLS1_0";
  CloudAccountFacts account = atlas_account_of(project_with(cluster));
  account.failed_reads.push_back(
      atlas_failure("GET /groups/{groupId}/clusters/{clusterName}/processArgs",
                    std::string(kProjectId) + "/c0", "atlas: 500 UNEXPECTED_ERROR"));
  const Finding described = judged(account, "ATLAS-004");
  EXPECT_EQ(described.status, Status::fail);
  EXPECT_EQ(described.evidence["advancedConfiguration.minimumEnabledTlsProtocol"], "TLS1_0");
  EXPECT_NE(described.evidence["processArgs"].get<std::string>().find("UNEXPECTED_ERROR"),
            std::string::npos);

  (*account.projects[0].clusters)[0].minimum_tls.clear();
  const Finding unread = judged(account, "ATLAS-004");
  EXPECT_EQ(unread.status, Status::error);
  EXPECT_TRUE(says(unread,
                   "(GET /groups/{groupId}/clusters/{clusterName}/processArgs): atlas: "
                   "500 UNEXPECTED_ERROR"))
      << unread.message;

  AtlasCluster silent = sound_atlas_cluster();
  silent.minimum_tls.clear();
  silent.process_args->minimum_tls.clear();
  EXPECT_EQ(judged(silent, "ATLAS-004").status, Status::warn);
}

TEST(AtlasServerSideJavaScript, EnabledOrNotGivenFailsAsHard001Does) {
  AtlasCluster enabled = sound_atlas_cluster();
  enabled.process_args->javascript_enabled = true;
  const Finding on = judged(enabled, "ATLAS-005");
  EXPECT_EQ(on.status, Status::fail);
  EXPECT_TRUE(says(on, "$where")) << on.message;
  EXPECT_EQ(atlas_cluster_specs()[2].severity, Severity::medium);

  AtlasCluster silent = sound_atlas_cluster();
  silent.process_args->javascript_enabled.reset();
  const Finding unset = judged(silent, "ATLAS-005");
  EXPECT_EQ(unset.status, Status::fail);
  EXPECT_TRUE(says(unset, "the server's default")) << unset.message;
}

TEST(AtlasServerSideJavaScript, ProcessArgumentsNotReadAreAnError) {
  AtlasCluster cluster = sound_atlas_cluster();
  cluster.process_args.reset();
  const Finding finding = judged(cluster, "ATLAS-005");
  EXPECT_EQ(finding.status, Status::error);
  EXPECT_TRUE(
      says(finding, "GET /groups/{groupId}/clusters/{clusterName}/processArgs gave nothing"))
      << finding.message;
}

TEST(AtlasBackup, NeitherCloudNorContinuousBackupFails) {
  AtlasCluster cluster = sound_atlas_cluster();
  cluster.backup_enabled = false;
  EXPECT_EQ(judged(cluster, "ATLAS-006").status, Status::fail);
  cluster.pit_enabled = true;
  const Finding continuous = judged(cluster, "ATLAS-006");
  EXPECT_EQ(continuous.status, Status::pass) << continuous.message;
  EXPECT_TRUE(says(continuous, "continuous cloud backup is on")) << continuous.message;
}

TEST(AtlasBackup, TheLongestRetentionInDaysMeetsThePolicysMinimum) {
  struct Case {
    std::vector<AtlasBackupPolicyItem> items;
    std::int64_t minimum;
    Status expected;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{{"daily", 1, "days", 7}, {"monthly", 40, "months", 12}}, 7, Status::pass, "kept 360 days"},
      {{{"hourly", 6, "days", 2}, {"daily", 1, "days", 3}}, 7, Status::warn, "kept 3 days"},
      {{{"weekly", 6, "weeks", 1}}, 7, Status::pass, "kept 7 days (weekly, 1 weeks"},
      {{{"monthly", 40, "months", 12}}, 365, Status::warn, "less than the policy's 365"},
      {{{"yearly", 12, "years", 2}}, 365, Status::pass, "kept 730 days"},
      {{}, 7, Status::warn, "no policy item"},
      {{{"daily", 1, "fortnights", 3}}, 7, Status::warn, "no policy item"},
  };
  for (const Case& tried : cases) {
    AtlasCluster cluster = sound_atlas_cluster();
    cluster.backup_schedule->items = tried.items;
    Policy policy;
    policy.atlas.backup_min_retention_days = tried.minimum;
    const Finding finding = judged(cluster, "ATLAS-006", policy);
    SCOPED_TRACE(finding.message);
    EXPECT_EQ(finding.status, tried.expected);
    EXPECT_TRUE(says(finding, tried.says));
  }
  const Finding counted = judged(sound_atlas_cluster(), "ATLAS-006");
  EXPECT_TRUE(says(counted, "weeks, months and years counted as 7, 30 and 365 days"));
  EXPECT_EQ(counted.evidence["longest_retention_days"], 360);
}

TEST(AtlasBackup, AScheduleNotReadIsAnErrorNeverAPass) {
  AtlasCluster cluster = sound_atlas_cluster();
  cluster.backup_schedule.reset();
  CloudAccountFacts account = atlas_account_of(project_with(cluster));
  account.failed_reads.push_back(
      atlas_failure("GET /groups/{groupId}/clusters/{clusterName}/backup/schedule",
                    std::string(kProjectId) + "/c0", "atlas: 403 not a project member"));
  const Finding finding = judged(account, "ATLAS-006");
  EXPECT_EQ(finding.status, Status::error);
  EXPECT_TRUE(says(finding, "backup/schedule): atlas: 403 not a project member"))
      << finding.message;
  EXPECT_EQ(finding.evidence["backupEnabled"], true);
}

TEST(AtlasRequiredSettings, AuthenticationAndTlsTheControlPlaneDeniesFail) {
  AtlasCluster cluster = sound_atlas_cluster();
  cluster.auth_enabled = false;
  const Finding authentication = judged(cluster, "ATLAS-013");
  EXPECT_EQ(authentication.status, Status::fail);
  EXPECT_TRUE(says(authentication, "authEnabled false")) << authentication.message;
  EXPECT_EQ(judged(cluster, "ATLAS-014").status, Status::pass);
  cluster.auth_enabled = true;
  cluster.ssl_enabled = false;
  EXPECT_EQ(judged(cluster, "ATLAS-013").status, Status::pass);
  const Finding tls = judged(cluster, "ATLAS-014");
  EXPECT_EQ(tls.status, Status::fail);
  EXPECT_TRUE(says(tls, "sslEnabled false")) << tls.message;
}

TEST(AtlasRequiredSettings, TheListOfAuthorizedClustersNotReadIsAnErrorNamingIt) {
  AtlasCluster cluster = sound_atlas_cluster();
  cluster.auth_enabled.reset();
  cluster.ssl_enabled.reset();
  CloudAccountFacts account = atlas_account_of(project_with(cluster));
  account.failed_reads.push_back(
      atlas_failure("GET /clusters", "all", "atlas GET /clusters: HTTP 500"));
  for (const char* id : {"ATLAS-013", "ATLAS-014"}) {
    const Finding found = judged(account, id);
    EXPECT_EQ(found.status, Status::error) << id;
    EXPECT_TRUE(says(found, "GET /clusters")) << found.message;
    EXPECT_TRUE(says(found, "HTTP 500")) << found.message;
  }
}

TEST(AtlasClusters, ClustersNotListedAreAnErrorForEveryCheckOnTheProject) {
  AtlasProject project = sound_atlas_project();
  project.clusters.reset();
  CloudAccountFacts account = atlas_account_of(project);
  account.failed_reads.push_back(
      atlas_failure("GET /groups/{groupId}/clusters", kProjectId, "atlas: 401 bad digest"));
  const auto findings = check_atlas_clusters(account, Policy{});
  ASSERT_EQ(findings.size(), atlas_cluster_specs().size());
  for (const Finding& found : findings) {
    EXPECT_EQ(found.status, Status::error);
    EXPECT_EQ(found.subject.name, std::string("atlas:") + kProjectId);
    EXPECT_TRUE(says(found, "(GET /groups/{groupId}/clusters): atlas: 401 bad digest"))
        << found.message;
  }
}

TEST(AtlasClusters, AProjectNotReadAtAllNamesItsRead) {
  AtlasProject unread;
  unread.id = kProjectId;
  CloudAccountFacts account = atlas_account_of(unread);
  account.failed_reads.push_back(
      atlas_failure("GET /groups/{groupId}", kProjectId, "atlas: 404 GROUP_NOT_FOUND"));
  for (const Finding& found : check_atlas_clusters(account, Policy{})) {
    EXPECT_EQ(found.status, Status::error);
    EXPECT_TRUE(says(found, "(GET /groups/{groupId}): atlas: 404 GROUP_NOT_FOUND"))
        << found.message;
  }
}

TEST(AtlasClusters, AnOrganisationWhoseProjectsWereNotListedIsAnErrorForEveryCheck) {
  CloudAccountFacts account;
  account.provider = "atlas";
  account.organizations.push_back(atlas_test::sound_atlas_organization());
  account.failed_reads.push_back(atlas_failure(
      "GET /orgs/{orgId}/groups", std::string("org:") + atlas_test::kOrgId, "atlas: 403 denied"));
  const auto findings = check_atlas_clusters(account, Policy{});
  ASSERT_EQ(findings.size(), atlas_cluster_specs().size());
  for (const Finding& found : findings) {
    EXPECT_EQ(found.status, Status::error);
    EXPECT_EQ(found.subject.name, std::string("atlas:org:") + atlas_test::kOrgId);
    EXPECT_TRUE(says(found, "GET /orgs/{orgId}/groups")) << found.message;
  }
}

}  // namespace
}  // namespace atlas_clusters_test
}  // namespace mongoscan
