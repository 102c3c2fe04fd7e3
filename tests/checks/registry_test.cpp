// The catalogue, the connection-string runner, and the rule that no finding ever shows a password.

#include "checks/registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "checks/application/password_strength.h"
#include "checks/connection/connection_string.h"
#include "checks/connection/deployment_connection.h"
#include "tests/checks/cloud/atlas_account_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace registry_test {
namespace {

using check_test::finding_for;
using check_test::uri_target;

TEST(CheckCatalogue, ListsEveryImplementedCheckOnceInOrder) {
  std::vector<std::string> ids;
  for (const auto& spec : check_catalogue()) ids.push_back(spec.id);
  EXPECT_EQ(
      ids,
      (std::vector<std::string>{
          "DISC-001",  "DISC-002",  "DISC-003",  "DISC-004",  "ATLAS-001", "ATLAS-002", "ATLAS-010",
          "CLOUD-001", "CLOUD-002", "CLOUD-004", "CLOUD-005", "CLOUD-011", "NET-001",   "NET-002",
          "NET-003",   "NET-004",   "NET-005",   "NET-006",   "NET-007",   "NET-008",   "NET-009",
          "ATLAS-009", "ATLAS-012", "ATLAS-013", "AUTHN-001", "AUTHN-002", "AUTHN-003", "AUTHN-004",
          "AUTHN-005", "AUTHN-006", "AUTHN-007", "AUTHN-008", "AUTHN-009", "ATLAS-008", "ATLAS-016",
          "AUTHZ-001", "AUTHZ-002", "AUTHZ-003", "AUTHZ-004", "AUTHZ-005", "AUTHZ-006", "AUTHZ-007",
          "AUTHZ-008", "AUTHZ-009", "CLOUD-010", "ATLAS-004", "ATLAS-014", "CLOUD-003", "CLOUD-007",
          "TLS-001",   "TLS-002",   "TLS-003",   "TLS-004",   "TLS-005",   "TLS-006",   "TLS-007",
          "TLS-008",   "TLS-009",   "ATLAS-003", "ATLAS-005", "ATLAS-006", "ATLAS-007", "ATLAS-011",
          "CLOUD-008", "CLOUD-009", "HARD-001",  "HARD-002",  "HARD-003",  "HARD-004",  "HARD-005",
          "HARD-006",  "HARD-007",  "HARD-010",  "HARD-011",  "HARD-012",  "HARD-013",  "HARD-014",
          "HARD-015",  "ATLAS-015", "VER-001",   "VER-002",   "VER-003",   "CLOUD-006", "CONN-001",
          "CONN-002",  "CONN-003",  "CONN-004",  "CONN-005",  "CONN-006",  "CONN-007",  "CONN-008",
          "CONN-009",  "CONN-010",  "CONN-011",  "APP-001",   "APP-002",   "MODEL-001", "MODEL-002",
          "MODEL-003", "MODEL-004", "MODEL-005", "MODEL-006"}));
}

TEST(CheckCatalogue, EverySpecIsComplete) {
  for (const auto& spec : check_catalogue()) {
    EXPECT_FALSE(spec.title.empty()) << spec.id;
    EXPECT_FALSE(spec.remediation.empty()) << spec.id;
    EXPECT_FALSE(spec.description.empty()) << spec.id << ": what it judges, for docs/checks.md";
    // DISC-003 (three-member shards) is MongoDB's production advice, and CLOUD-009 (a managed
    // instance's backup retention) the managed-service rule of issue 38: controls of no framework.
    if (spec.id != "DISC-003" && spec.id != "CLOUD-009") {
      EXPECT_FALSE(spec.references.empty()) << spec.id;
    }
  }
}

TEST(FindCheck, ByExactId) {
  ASSERT_NE(find_check("CONN-009"), nullptr);
  EXPECT_EQ(find_check("CONN-009")->layer, Layer::connection_string);
  EXPECT_EQ(find_check("AUTHN-005")->layer, Layer::authentication);
  EXPECT_EQ(find_check("conn-009"), nullptr);
  EXPECT_EQ(find_check("CONN-012"), nullptr);
}

// An Atlas account is judged by the ATLAS-* checks alone: its organisation-scoped failures are
// not Tencent regions that could not be listed.
TEST(RunCloudChecks, AnAtlasAccountGetsTheAtlasChecksOnly) {
  CloudAccountFacts account = atlas_test::atlas_account_of(atlas_test::sound_atlas_project());
  account.failed_reads.push_back(atlas_test::atlas_failure(
      "GET /orgs/{orgId}/settings", std::string("org:") + atlas_test::kOrgId, "atlas: 403"));
  account.organizations[0].settings.reset();
  const auto findings = run_cloud_checks(account, atlas_test::atlas_policy_naming_dba());
  std::set<std::string> ids;
  for (const Finding& finding : findings) {
    EXPECT_TRUE(finding.check_id.starts_with("ATLAS-")) << finding.check_id;
    EXPECT_FALSE(finding.fingerprint.empty()) << finding.check_id;
    ids.insert(finding.check_id);
  }
  EXPECT_EQ(findings.size(), 16u);  // one organisation, one project, one cluster
  EXPECT_EQ(ids.size(), 16u);
  EXPECT_EQ(finding_for(findings, "ATLAS-009").status, Status::error);
  EXPECT_EQ(finding_for(findings, "ATLAS-001").status, Status::pass);

  Policy without_backup = atlas_test::atlas_policy_naming_dba();
  without_backup.disabled_checks = {"ATLAS-006"};
  for (const Finding& finding : run_cloud_checks(account, without_backup))
    EXPECT_NE(finding.check_id, "ATLAS-006");
}

TEST(RunCloudChecks, ATencentAccountGetsNoAtlasCheck) {
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  account.failed_reads.push_back(
      {"mongodb:DescribeDBInstances", "ap-guangzhou", Error{ErrorCode::auth_failed, "cloud", "x"}});
  const auto findings = run_cloud_checks(account, Policy{});
  ASSERT_FALSE(findings.empty());
  for (const Finding& finding : findings) EXPECT_TRUE(finding.check_id.starts_with("CLOUD-"));
}

// The checks that judge a connection string, in id order.
std::vector<std::string> connection_string_check_ids() {
  std::vector<std::string> ids = {password_strength_spec().id};
  for (const auto* family : {&connection_string_specs(), &deployment_connection_specs()})
    for (const auto& spec : *family) ids.push_back(spec.id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

TEST(RunConnectionStringChecks, OneFindingPerConnectionStringCheck) {
  const auto findings =
      run_connection_string_checks(uri_target("mongodb://app:pw@db1,db2/"), nullptr, {}, Policy{});
  const auto expected = connection_string_check_ids();
  ASSERT_EQ(findings.size(), expected.size());
  for (std::size_t i = 0; i < findings.size(); ++i) EXPECT_EQ(findings[i].check_id, expected[i]);
}

TEST(RunConnectionStringChecks, PolicyDisablesChecksAndOverridesSeverities) {
  Policy policy;
  policy.disabled_checks = {"CONN-006", "AUTHN-005"};
  policy.severity_overrides["CONN-005"] = Severity::critical;
  const auto findings =
      run_connection_string_checks(uri_target("mongodb://db1,db2/?w=1"), nullptr, {}, policy);
  EXPECT_EQ(findings.size(), connection_string_check_ids().size() - 2);
  for (const auto& finding : findings) {
    EXPECT_NE(finding.check_id, "CONN-006");
    EXPECT_NE(finding.check_id, "AUTHN-005");
  }
  EXPECT_EQ(finding_for(findings, "CONN-005").severity, Severity::critical);
  EXPECT_EQ(finding_for(findings, "CONN-004").severity, find_check("CONN-004")->severity);
}

TEST(RunConnectionStringChecks, NoFindingShowsThePassword) {
  struct Case {
    std::string uri;
    std::vector<std::string> secrets;  // as written in the URI and as decoded
  };
  const std::vector<Case> cases = {
      {"mongodb://app:Tr0ub4dor%263@db1.example.com/orders", {"Tr0ub4dor%263", "Tr0ub4dor&3"}},
      {"mongodb://app:Password123!@db1,db2/?authSource=admin&w=1", {"Password123!"}},
      {"mongodb://zq:zqHunter2zq@10.0.0.5/?replicaSet=rs0&maxPoolSize=9000", {"zqHunter2zq"}},
      {"mongodb+srv://svc:Vb7%3Axx%40Q9%21kL@cluster.example.com/?tlsInsecure=true",
       {"Vb7%3Axx%40Q9%21kL", "Vb7:xx@Q9!kL"}},
      {"mongodb://u:Sesame-Open-4242@db1,db2/?tls=true&tlsCertificateKeyFilePassword=KeyPw-77x1"
       "&unknownOption=1",
       {"Sesame-Open-4242", "KeyPw-77x1"}},
  };
  for (const auto& c : cases) {
    for (const auto& finding :
         run_connection_string_checks(uri_target(c.uri), nullptr, {}, Policy{})) {
      const std::string evidence = finding.evidence.dump();
      for (const auto& secret : c.secrets) {
        EXPECT_EQ(finding.message.find(secret), std::string::npos)
            << finding.check_id << " " << c.uri;
        EXPECT_EQ(evidence.find(secret), std::string::npos) << finding.check_id << " " << c.uri;
        EXPECT_EQ(finding.subject.name.find(secret), std::string::npos) << finding.check_id;
      }
    }
  }
}

}  // namespace
}  // namespace registry_test
}  // namespace mongoscan
