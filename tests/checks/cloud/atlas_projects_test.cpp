#include "checks/cloud/atlas_projects.h"

#include <gtest/gtest.h>

#include "tests/checks/cloud/atlas_account_fixture.h"

namespace mongoscan {
namespace atlas_projects_test {
namespace {

using atlas_test::atlas_account_of;
using atlas_test::atlas_failure;
using atlas_test::atlas_finding;
using atlas_test::atlas_policy_naming_dba;
using atlas_test::kOrgId;
using atlas_test::kProjectId;
using atlas_test::sound_atlas_project;

const std::string kProjectSubject = std::string("atlas:") + kProjectId;

Finding judged(const CloudAccountFacts& account, const std::string& id,
               const Policy& policy = atlas_policy_naming_dba()) {
  return atlas_finding(check_atlas_projects(account, policy), id);
}

Finding judged(const AtlasProject& project, const std::string& id,
               const Policy& policy = atlas_policy_naming_dba()) {
  return judged(atlas_account_of(project), id, policy);
}

bool says(const Finding& finding, const std::string& text) {
  return finding.message.find(text) != std::string::npos;
}

AtlasAccessEntry cidr(std::string block, std::string comment = "client") {
  return {std::move(block), "", "", std::move(comment), ""};
}

AtlasAccessEntry address(std::string ip, std::string comment = "client") {
  return {"", std::move(ip), "", std::move(comment), ""};
}

TEST(AtlasProjects, ASoundProjectPassesEveryCheckOnItsOwnSubject) {
  const auto findings =
      check_atlas_projects(atlas_account_of(sound_atlas_project()), atlas_policy_naming_dba());
  ASSERT_EQ(findings.size(), atlas_project_specs().size());
  for (const Finding& found : findings) {
    EXPECT_EQ(found.status, Status::pass) << found.check_id << ": " << found.message;
    EXPECT_EQ(found.subject.kind, Subject::Kind::cloud);
    EXPECT_EQ(found.subject.name, kProjectSubject);
  }
}

TEST(AtlasAccessList, EntriesAreJudgedWithThePolicysRanges) {
  struct Case {
    std::vector<AtlasAccessEntry> entries;
    Status expected;
    std::string says;
  };
  const AtlasAccessEntry group{"", "", "sg-0123", "app servers", ""};
  AtlasAccessEntry temporary_open = cidr("0.0.0.0/0");
  temporary_open.delete_after = "2026-12-01T00:00:00Z";
  const std::vector<Case> cases = {
      {{cidr("0.0.0.0/0")}, Status::fail, "admits any address: 0.0.0.0/0"},
      {{cidr("::/0")}, Status::fail, "admits any address: ::/0"},
      {{address("0.0.0.0")}, Status::fail, "admits any address: 0.0.0.0"},
      {{address("::")}, Status::fail, "admits any address: ::"},
      {{temporary_open}, Status::fail, "0.0.0.0/0 (until 2026-12-01T00:00:00Z)"},
      {{cidr("203.0.0.0/16")}, Status::fail, "wider than the policy allows: 203.0.0.0/16"},
      {{cidr("203.0.113.0/24")}, Status::pass, "only named sources: 203.0.113.0/24"},
      {{address("198.51.100.7")}, Status::pass, "198.51.100.7"},
      {{cidr("10.0.0.0/8")}, Status::pass, "10.0.0.0/8"},
      {{group}, Status::pass, "only named sources: sg-0123"},
      {{}, Status::pass, "the IP access list is empty"},
  };
  for (const Case& tried : cases) {
    AtlasProject project = sound_atlas_project();
    project.access_list = tried.entries;
    const Finding finding = judged(project, "ATLAS-001");
    SCOPED_TRACE(finding.message);
    EXPECT_EQ(finding.status, tried.expected);
    EXPECT_TRUE(says(finding, tried.says));
  }
}

TEST(AtlasAccessList, ThePolicysAllowedSourcesPassWhateverTheirWidth) {
  AtlasProject project = sound_atlas_project();
  project.access_list = std::vector<AtlasAccessEntry>{cidr("198.51.0.0/16")};
  Policy policy = atlas_policy_naming_dba();
  EXPECT_EQ(judged(project, "ATLAS-001", policy).status, Status::fail);
  policy.exposure.allowed_sources = {"198.51.0.0/16"};
  EXPECT_EQ(judged(project, "ATLAS-001", policy).status, Status::pass);
}

TEST(AtlasAccessList, TheEvidenceCarriesTheEntriesAndThePrivatePaths) {
  AtlasProject project = sound_atlas_project();
  project.access_list = std::vector<AtlasAccessEntry>{};
  project.private_endpoint_services = 2;
  project.peering_connections.reset();
  CloudAccountFacts account = atlas_account_of(project);
  account.failed_reads.push_back(
      atlas_failure("GET /groups/{groupId}/peers", kProjectId, "atlas: 403 peering denied"));
  const Finding empty = judged(account, "ATLAS-001");
  EXPECT_EQ(empty.status, Status::pass);
  EXPECT_EQ(empty.evidence["private_endpoint_services"], 2);
  EXPECT_NE(empty.evidence["peering_connections"].get<std::string>().find("peering denied"),
            std::string::npos);

  const Finding listed = judged(sound_atlas_project(), "ATLAS-001");
  ASSERT_EQ(listed.evidence["entries"].size(), 1u);
  EXPECT_EQ(listed.evidence["entries"][0]["source"], "203.0.113.7/32");
  EXPECT_EQ(listed.evidence["entries"][0]["kind"], "cidrBlock");
  EXPECT_EQ(listed.evidence["entries"][0]["comment"], "office");
}

TEST(AtlasAccessList, NotReadIsAnErrorForBothAccessListChecks) {
  AtlasProject project = sound_atlas_project();
  project.access_list.reset();
  CloudAccountFacts account = atlas_account_of(project);
  account.failed_reads.push_back(atlas_failure("GET /groups/{groupId}/accessList", kProjectId,
                                               "atlas: 403 GROUP_READ_ONLY required"));
  for (const char* id : {"ATLAS-001", "ATLAS-002"}) {
    const Finding finding = judged(account, id);
    EXPECT_EQ(finding.status, Status::error) << id;
    EXPECT_TRUE(says(finding,
                     "(GET /groups/{groupId}/accessList): atlas: 403 GROUP_READ_ONLY "
                     "required"))
        << finding.message;
  }
}

TEST(AtlasAccessComments, PermanentEntriesWithoutACommentWarnTemporaryOnesAreShown) {
  AtlasProject project = sound_atlas_project();
  AtlasAccessEntry temporary = address("198.51.100.9", "");
  temporary.delete_after = "2026-12-01T00:00:00Z";
  project.access_list =
      std::vector<AtlasAccessEntry>{cidr("203.0.113.0/24", ""), temporary, cidr("10.0.0.0/8")};
  const Finding finding = judged(project, "ATLAS-002");
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_TRUE(says(finding,
                   "without a comment, so nobody can tell whom they admit: "
                   "203.0.113.0/24; temporary entries: 198.51.100.9 (until "
                   "2026-12-01T00:00:00Z)"))
      << finding.message;
  EXPECT_EQ(atlas_project_specs()[1].severity, Severity::low);

  (*project.access_list)[0].comment = "office";
  const Finding commented = judged(project, "ATLAS-002");
  EXPECT_EQ(commented.status, Status::pass);
  EXPECT_TRUE(says(commented, "temporary entries: 198.51.100.9")) << commented.message;
}

TEST(AtlasAuditing, OffFails) {
  AtlasProject project = sound_atlas_project();
  project.auditing->enabled = false;
  EXPECT_EQ(judged(project, "ATLAS-007").status, Status::fail);
}

TEST(AtlasAuditing, TheFilterIsJudgedAsHard005JudgesIt) {
  struct Case {
    std::string filter;
    Status expected;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"", Status::pass, "no auditFilter: every auditable event is recorded"},
      {R"({ atype: { $in: [ "createCollection", "dropCollection" ] } })", Status::fail,
       "the audit filter drops authentication"},
      {R"({"users.user": {$ne: "svc"}})", Status::warn, "too complex"},
      {"{atype: ", Status::warn, "auditFilter could not be read"},
  };
  for (const Case& tried : cases) {
    AtlasProject project = sound_atlas_project();
    project.auditing->filter = tried.filter;
    const Finding finding = judged(project, "ATLAS-007");
    SCOPED_TRACE(finding.message);
    EXPECT_EQ(finding.status, tried.expected);
    EXPECT_TRUE(says(finding, tried.says));
  }
}

TEST(AtlasAuditing, SuccessfulAuthorizationsAreJudgedOnlyWhereThePolicyAsks) {
  Policy requiring = atlas_policy_naming_dba();
  requiring.audit_authorization_success = true;
  const Finding unaudited = judged(sound_atlas_project(), "ATLAS-007", requiring);
  EXPECT_EQ(unaudited.status, Status::fail);
  EXPECT_TRUE(says(unaudited, "auditAuthorizationSuccess is false")) << unaudited.message;
  EXPECT_EQ(judged(sound_atlas_project(), "ATLAS-007").status, Status::pass);

  AtlasProject audited = sound_atlas_project();
  audited.auditing->audit_authorization_success = true;
  EXPECT_EQ(judged(audited, "ATLAS-007", requiring).status, Status::pass);

  // Both parts wrong: one failure naming both.
  AtlasProject dropping = sound_atlas_project();
  dropping.auditing->filter = R"({"users.user": {$ne: "svc"}})";
  const Finding both = judged(dropping, "ATLAS-007", requiring);
  EXPECT_EQ(both.status, Status::fail);
  EXPECT_TRUE(says(both, "too complex")) << both.message;
}

TEST(AtlasAuditing, NotReadIsAnErrorNamingTheCallAndTheRoleItNeeds) {
  AtlasProject project = sound_atlas_project();
  project.auditing.reset();
  CloudAccountFacts account = atlas_account_of(project);
  account.failed_reads.push_back(
      atlas_failure("GET /groups/{groupId}/auditLog", kProjectId, "atlas: 403 USER_UNAUTHORIZED"));
  const Finding finding = judged(account, "ATLAS-007");
  EXPECT_EQ(finding.status, Status::error);
  EXPECT_TRUE(says(finding, "(GET /groups/{groupId}/auditLog): atlas: 403 USER_UNAUTHORIZED"))
      << finding.message;
  EXPECT_TRUE(says(finding, "Project Owner role (GROUP_OWNER)")) << finding.message;
}

TEST(AtlasDatabaseUsers, AdministrativeRolesAreJudgedAsAuthz001JudgesThem) {
  const Finding undeclared = judged(sound_atlas_project(), "ATLAS-008", Policy{});
  EXPECT_EQ(undeclared.status, Status::warn);
  EXPECT_TRUE(says(undeclared,
                   "administrative roles held by dba@admin; no administrators are "
                   "declared"))
      << undeclared.message;
  EXPECT_EQ(atlas_project_specs()[3].severity, Severity::high);

  const Finding declared = judged(sound_atlas_project(), "ATLAS-008");
  EXPECT_EQ(declared.status, Status::pass);
  EXPECT_EQ(declared.evidence["holders"]["dba@admin"], nlohmann::json{"atlasAdmin@admin"});
  EXPECT_EQ(declared.evidence["unscoped_users"], nlohmann::json{"dba@admin"});

  for (const char* role : {"readWriteAnyDatabase", "readAnyDatabase", "dbAdminAnyDatabase",
                           "atlasAdmin", "clusterAdmin"}) {
    AtlasProject project = sound_atlas_project();
    (*project.database_users)[1].roles.push_back({role, "admin", ""});
    const Finding finding = judged(project, "ATLAS-008");
    EXPECT_EQ(finding.status, Status::fail) << role;
    EXPECT_TRUE(says(finding, "does not name as administrators: orders-app@admin"))
        << finding.message;
  }
}

TEST(AtlasDatabaseUsers, CustomRolesInheritingAdministrativeRolesAreAdministrative) {
  AtlasProject project = sound_atlas_project();
  project.custom_roles =
      std::vector<AtlasCustomRole>{{"ops", {"FIND"}, {{"dbAdminAnyDatabase", "admin", ""}}},
                                   {"ops-lite", {}, {{"ops", "admin", ""}}},
                                   {"ddl", {"CREATE_COLLECTION", "DROP_DATABASE", "FIND"}, {}}};
  (*project.database_users)[1].roles = {{"ops-lite", "admin", ""}};
  const Finding finding = judged(project, "ATLAS-008");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["administrative_custom_roles"]["ops"],
            nlohmann::json{"inherits dbAdminAnyDatabase@admin"});
  EXPECT_EQ(finding.evidence["administrative_custom_roles"]["ops-lite"],
            nlohmann::json{"inherits custom role ops"});
  EXPECT_EQ(finding.evidence["custom_roles_changing_structure"]["ddl"],
            (nlohmann::json{"CREATE_COLLECTION", "DROP_DATABASE"}));

  // A role changing structure is noted, not administrative.
  (*project.database_users)[1].roles = {{"ddl", "admin", ""}};
  EXPECT_EQ(judged(project, "ATLAS-008").status, Status::pass);
}

TEST(AtlasDatabaseUsers, UsersNotReadAreAnError) {
  AtlasProject project = sound_atlas_project();
  project.database_users.reset();
  const Finding finding = judged(project, "ATLAS-008");
  EXPECT_EQ(finding.status, Status::error);
  EXPECT_TRUE(says(finding, "GET /groups/{groupId}/databaseUsers gave nothing")) << finding.message;
}

TEST(AtlasDatabaseUsers, GrantsOfCustomRolesNotReadAreNeverAPass) {
  AtlasProject project = sound_atlas_project();
  project.custom_roles.reset();
  CloudAccountFacts account = atlas_account_of(project);
  account.failed_reads.push_back(atlas_failure("GET /groups/{groupId}/customDBRoles/roles",
                                               kProjectId, "atlas: 500 UNEXPECTED_ERROR"));
  // Only built-in roles are granted: judged, with the unread roles in evidence.
  const Finding builtin = judged(account, "ATLAS-008");
  EXPECT_EQ(builtin.status, Status::pass) << builtin.message;
  EXPECT_NE(builtin.evidence["custom_roles"].get<std::string>().find("UNEXPECTED_ERROR"),
            std::string::npos);

  (*account.projects[0].database_users)[1].roles.push_back({"reporting", "admin", ""});
  const Finding unjudged = judged(account, "ATLAS-008");
  EXPECT_EQ(unjudged.status, Status::error);
  EXPECT_TRUE(says(unjudged,
                   "(GET /groups/{groupId}/customDBRoles/roles): atlas: 500 "
                   "UNEXPECTED_ERROR; these grants were not judged: orders-app@admin "
                   "reporting@admin"))
      << unjudged.message;
}

TEST(AtlasProjects, AnOrganisationWhoseProjectsWereNotListedIsAnErrorForEveryCheck) {
  CloudAccountFacts account;
  account.provider = "atlas";
  account.organizations.push_back(atlas_test::sound_atlas_organization());
  account.failed_reads.push_back(
      atlas_failure("GET /orgs/{orgId}/groups", std::string("org:") + kOrgId, "atlas: 403 denied"));
  const auto findings = check_atlas_projects(account, Policy{});
  ASSERT_EQ(findings.size(), atlas_project_specs().size());
  for (const Finding& found : findings) {
    EXPECT_EQ(found.status, Status::error);
    EXPECT_EQ(found.subject.name, std::string("atlas:org:") + kOrgId);
  }
}

TEST(AtlasProjects, AProjectNotReadAtAllIsAnErrorForEveryCheck) {
  AtlasProject unread;
  unread.id = kProjectId;
  CloudAccountFacts account = atlas_account_of(unread);
  account.failed_reads.push_back(
      atlas_failure("GET /groups/{groupId}", kProjectId, "atlas: 404 GROUP_NOT_FOUND"));
  const auto findings = check_atlas_projects(account, Policy{});
  ASSERT_EQ(findings.size(), atlas_project_specs().size());
  for (const Finding& found : findings) {
    EXPECT_EQ(found.status, Status::error) << found.check_id;
    EXPECT_TRUE(says(found, "(GET /groups/{groupId}): atlas: 404 GROUP_NOT_FOUND"))
        << found.message;
  }
}

TEST(AtlasUserScope, RolesOnSeveralBusinessDatabasesFailAsAuthz002) {
  AtlasProject project = sound_atlas_project();
  project.database_users->push_back({"reports",
                                     "$external",
                                     "LDAP_GROUP",
                                     {{"read", "orders", ""}, {"read", "billing", ""}},
                                     {"CLUSTER:c0"},
                                     ""});
  const Finding finding = judged(project, "ATLAS-016");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(says(finding, "reports@$external (billing, orders)")) << finding.message;
  EXPECT_EQ(finding.evidence["spanning"]["reports@$external"],
            (nlohmann::json{"billing", "orders"}));
}

TEST(AtlasUserScope, UnscopedUsersWarnOnlyWhereTheProjectHasSeveralClusters) {
  AtlasProject project = sound_atlas_project();  // dba has no scopes, one cluster
  EXPECT_EQ(judged(project, "ATLAS-016").status, Status::pass);
  project.clusters->push_back(atlas_test::sound_atlas_cluster("c1"));
  const Finding several = judged(project, "ATLAS-016");
  EXPECT_EQ(several.status, Status::warn);
  EXPECT_TRUE(says(several, "2 clusters: dba@admin")) << several.message;
  project.clusters.reset();
  EXPECT_EQ(judged(project, "ATLAS-016").status, Status::warn) << "clusters not listed";
  AtlasProject unread = sound_atlas_project();
  unread.database_users.reset();
  EXPECT_EQ(judged(unread, "ATLAS-016").status, Status::error);
}

}  // namespace
}  // namespace atlas_projects_test
}  // namespace mongoscan
