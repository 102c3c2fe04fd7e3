#include "checks/cloud/atlas_organizations.h"

#include <gtest/gtest.h>

#include "tests/checks/cloud/atlas_account_fixture.h"

namespace mongoscan {
namespace atlas_organizations_test {
namespace {

using atlas_test::atlas_failure;
using atlas_test::atlas_finding;
using atlas_test::kOrgId;
using atlas_test::sound_atlas_organization;

const std::string kOrgSubject = std::string("atlas:org:") + kOrgId;

CloudAccountFacts account_of(AtlasOrganization organization) {
  CloudAccountFacts account;
  account.provider = "atlas";
  account.organizations.push_back(std::move(organization));
  return account;
}

Finding judged(const AtlasOrganizationSettings& settings, const std::string& id,
               const Policy& policy = Policy{}) {
  AtlasOrganization organization = sound_atlas_organization();
  organization.settings = settings;
  return atlas_finding(check_atlas_organizations(account_of(organization), policy), id);
}

AtlasOrganizationSettings sound_settings() { return *sound_atlas_organization().settings; }

TEST(AtlasOrganizations, ASoundOrganisationPassesEveryCheckOnItsOwnSubject) {
  const auto findings = check_atlas_organizations(account_of(sound_atlas_organization()), Policy{});
  ASSERT_EQ(findings.size(), atlas_organization_specs().size());
  for (const Finding& found : findings) {
    EXPECT_EQ(found.status, Status::pass) << found.check_id << ": " << found.message;
    EXPECT_EQ(found.subject.kind, Subject::Kind::cloud);
    EXPECT_EQ(found.subject.name, kOrgSubject);
  }
}

TEST(AtlasOrganizations, MultiFactorAuthenticationNotRequiredFails) {
  AtlasOrganizationSettings settings = sound_settings();
  settings.multi_factor_auth_required = false;
  const Finding finding = judged(settings, "ATLAS-009");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("multiFactorAuthRequired"), std::string::npos);
  EXPECT_EQ(finding.evidence["multiFactorAuthRequired"], false);
}

TEST(AtlasOrganizations, ApiAccessListNotRequiredFails) {
  AtlasOrganizationSettings settings = sound_settings();
  settings.api_access_list_required = false;
  const Finding finding = judged(settings, "ATLAS-010");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("apiAccessListRequired"), std::string::npos);
}

TEST(AtlasOrganizations, NoSecurityContactWarns) {
  AtlasOrganizationSettings settings = sound_settings();
  settings.security_contact.clear();
  EXPECT_EQ(judged(settings, "ATLAS-011").status, Status::warn);
  EXPECT_NE(judged(sound_settings(), "ATLAS-011").message.find("security@example.com"),
            std::string::npos);
}

TEST(AtlasOrganizations, SecretValidityUnsetOrAboveThePolicysHoursFails) {
  struct Case {
    std::optional<std::int64_t> hours;
    std::int64_t allowed;
    Status expected;
  };
  for (const Case& tried : std::vector<Case>{{std::nullopt, 8, Status::fail},
                                             {24, 8, Status::fail},
                                             {8, 8, Status::pass},
                                             {24, 24, Status::pass},
                                             {8760, 720, Status::fail}}) {
    AtlasOrganizationSettings settings = sound_settings();
    settings.max_service_account_secret_validity_hours = tried.hours;
    Policy policy;
    policy.atlas.max_service_account_secret_validity_hours = tried.allowed;
    const Finding finding = judged(settings, "ATLAS-012", policy);
    EXPECT_EQ(finding.status, tried.expected) << finding.message;
    EXPECT_EQ(finding.evidence["policy.atlas.max_service_account_secret_validity_hours"],
              tried.allowed);
  }
  EXPECT_EQ(Policy{}.atlas.max_service_account_secret_validity_hours, 8);
}

TEST(AtlasOrganizations, SettingsNotReadAreAnErrorForEveryCheckNamingTheCall) {
  AtlasOrganization organization = sound_atlas_organization();
  organization.settings.reset();
  CloudAccountFacts account = account_of(organization);
  account.failed_reads.push_back(atlas_failure("GET /orgs/{orgId}/settings",
                                               "org:" + std::string(kOrgId),
                                               "atlas: 403 ORG_MEMBER role required"));
  const auto findings = check_atlas_organizations(account, Policy{});
  ASSERT_EQ(findings.size(), atlas_organization_specs().size());
  for (const Finding& found : findings) {
    EXPECT_EQ(found.status, Status::error);
    EXPECT_EQ(found.subject.name, kOrgSubject);
    EXPECT_NE(found.message.find("(GET /orgs/{orgId}/settings): atlas: 403 ORG_MEMBER role "
                                 "required"),
              std::string::npos)
        << found.message;
    EXPECT_EQ(found.evidence["call"], "GET /orgs/{orgId}/settings");
  }
}

TEST(AtlasOrganizations, AnOrganisationNotReadAtAllNamesItsRead) {
  AtlasOrganization organization{kOrgId, "", std::nullopt};
  CloudAccountFacts account = account_of(organization);
  account.failed_reads.push_back(
      atlas_failure("GET /orgs/{orgId}", "org:" + std::string(kOrgId), "atlas: 401 bad key"));
  for (const Finding& found : check_atlas_organizations(account, Policy{})) {
    EXPECT_EQ(found.status, Status::error);
    EXPECT_NE(found.message.find("(GET /orgs/{orgId}): atlas: 401 bad key"), std::string::npos)
        << found.message;
  }
}

}  // namespace
}  // namespace atlas_organizations_test
}  // namespace mongoscan
