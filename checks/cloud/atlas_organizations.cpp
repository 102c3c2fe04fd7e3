#include "checks/cloud/atlas_organizations.h"

#include <cstdint>
#include <string>

#include "checks/cloud/atlas_reads.h"
#include "checks/verdict.h"

namespace mongoscan {
namespace {

using nlohmann::json;

enum AtlasOrganizationSpec {
  kAtlasMultiFactorSpec = 0,
  kAtlasApiAccessListSpec = 1,
  kAtlasSecurityContactSpec = 2,
  kAtlasSecretValiditySpec = 3
};

constexpr std::string_view kAtlasSettingsCall = "GET /orgs/{orgId}/settings";

// ATLAS-009: every member of the organisation signs in with a second factor.
Verdict judge_atlas_multi_factor(const AtlasOrganizationSettings& settings) {
  const json evidence = {{"multiFactorAuthRequired", settings.multi_factor_auth_required}};
  if (settings.multi_factor_auth_required) {
    return {Status::pass, "the organisation requires multi-factor authentication", evidence};
  }
  return {Status::fail,
          "the organisation does not require multi-factor authentication "
          "(multiFactorAuthRequired is false): a stolen password opens the console, which can "
          "create database users and open the IP access list",
          evidence};
}

// ATLAS-010: Administration API requests come only from the API access list's addresses.
Verdict judge_atlas_api_access_list(const AtlasOrganizationSettings& settings) {
  const json evidence = {{"apiAccessListRequired", settings.api_access_list_required}};
  if (settings.api_access_list_required) {
    return {Status::pass, "the organisation requires an API access list", evidence};
  }
  return {Status::fail,
          "the organisation does not require an API access list (apiAccessListRequired is "
          "false): an API key works from any address",
          evidence};
}

// ATLAS-011: someone receives Atlas's security notifications.
Verdict judge_atlas_security_contact(const AtlasOrganizationSettings& settings) {
  const json evidence = {{"securityContact", settings.security_contact}};
  if (!settings.security_contact.empty()) {
    return {Status::pass, "security notifications go to " + settings.security_contact, evidence};
  }
  return {Status::warn,
          "the organisation has no security contact (securityContact): Atlas's security "
          "notifications reach only the organisation's owners",
          evidence};
}

// ATLAS-012: new service-account secrets expire within the policy's hours.
Verdict judge_atlas_secret_validity(const AtlasOrganizationSettings& settings,
                                    const Policy& policy) {
  const std::int64_t allowed = policy.atlas.max_service_account_secret_validity_hours;
  const auto& hours = settings.max_service_account_secret_validity_hours;
  const json evidence = {
      {"maxServiceAccountSecretValidityInHours", hours ? json(*hours) : json(nullptr)},
      {"policy.atlas.max_service_account_secret_validity_hours", allowed}};
  if (!hours) {
    return {Status::fail,
            "the organisation sets no maximum validity for service-account secrets "
            "(maxServiceAccountSecretValidityInHours): the policy allows at most " +
                std::to_string(allowed) + " hours",
            evidence};
  }
  if (*hours > allowed) {
    return {Status::fail,
            "new service-account secrets may stay valid " + std::to_string(*hours) +
                " hours, more than the policy's " + std::to_string(allowed),
            evidence};
  }
  return {Status::pass,
          "new service-account secrets expire within " + std::to_string(*hours) + " hours",
          evidence};
}

}  // namespace

const std::vector<CheckSpec>& atlas_organization_specs() {
  static const std::vector<CheckSpec> specs = {
      {"ATLAS-009",
       "An Atlas organisation requires multi-factor authentication",
       Layer::authentication,
       Severity::high,
       {{Framework::prowler, "organizations_mfa_required", "Ensure organization requires MFA"}},
       "Turn on Require Multi-Factor Authentication in the organisation's settings "
       "(multiFactorAuthRequired), after every member has set up a second factor.",
       "Atlas (subject `atlas:org:ORG_ID`): the organisation requires multi-factor "
       "authentication (`multiFactorAuthRequired`, `GET /orgs/{orgId}/settings`) — high."},
      {"ATLAS-010",
       "An Atlas organisation requires an API access list",
       Layer::network,
       Severity::medium,
       {{Framework::prowler, "organizations_api_access_list_required",
         "Ensure organization requires API access list"}},
       "Give every API key and service account an access list of the addresses it runs from, "
       "then turn on Require IP Access List for the Atlas Administration API in the "
       "organisation's settings (apiAccessListRequired).",
       "Atlas: the organisation requires an API access list (`apiAccessListRequired`) — "
       "medium."},
      {"ATLAS-011",
       "An Atlas organisation has a security contact",
       Layer::hardening,
       Severity::low,
       {{Framework::prowler, "organizations_security_contact_defined",
         "Ensure organization has a Security Contact defined"}},
       "Set a monitored address (a team's, not a person's) as the organisation's security "
       "contact (securityContact) in its settings.",
       "Atlas: the organisation has a security contact (`securityContact`); none warns — "
       "low."},
      {"ATLAS-012",
       "An Atlas organisation limits how long service-account secrets stay valid",
       Layer::authentication,
       Severity::medium,
       {{Framework::prowler, "organizations_service_account_secrets_expiration",
         "Ensure organization has maximum period expiration for Admin API Service Account "
         "Secrets"}},
       "Set the maximum validity of new service-account secrets "
       "(maxServiceAccountSecretValidityInHours) to the policy's hours or fewer in the "
       "organisation's settings, and rotate secrets before they expire.",
       "Atlas: new service-account secrets are valid at most the policy's "
       "`atlas.max_service_account_secret_validity_hours` (default 8, Prowler's "
       "`organizations_service_account_secrets_expiration` default; the API accepts 8 to "
       "8760); unset or longer fails — medium."},
  };
  return specs;
}

std::vector<Finding> check_atlas_organizations(const CloudAccountFacts& account,
                                               const Policy& policy) {
  const auto& specs = atlas_organization_specs();
  std::vector<Finding> findings;
  for (const AtlasOrganization& organization : account.organizations) {
    const Subject subject = atlas_organization_subject(organization);
    if (!organization.settings) {
      const Verdict unread = atlas_not_read(account, kAtlasSettingsCall, "org:" + organization.id,
                                            "the organisation's settings were");
      for (const CheckSpec& spec : specs)
        findings.push_back(make_finding(spec, policy, subject, unread));
      continue;
    }
    const AtlasOrganizationSettings& settings = *organization.settings;
    findings.push_back(make_finding(specs[kAtlasMultiFactorSpec], policy, subject,
                                    judge_atlas_multi_factor(settings)));
    findings.push_back(make_finding(specs[kAtlasApiAccessListSpec], policy, subject,
                                    judge_atlas_api_access_list(settings)));
    findings.push_back(make_finding(specs[kAtlasSecurityContactSpec], policy, subject,
                                    judge_atlas_security_contact(settings)));
    findings.push_back(make_finding(specs[kAtlasSecretValiditySpec], policy, subject,
                                    judge_atlas_secret_validity(settings, policy)));
  }
  return findings;
}

}  // namespace mongoscan
