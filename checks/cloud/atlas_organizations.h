#pragma once
// A MongoDB Atlas organisation's settings (GET /orgs/{orgId}/settings, OrganizationSettings),
// judged per organisation (subject "atlas:org:ORG_ID"): ATLAS-009 multi-factor authentication
// required, ATLAS-010 API access list required, ATLAS-011 a security contact, ATLAS-012
// service-account secrets valid no longer than the policy allows. Settings not read are an error
// for each check, naming the call.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& atlas_organization_specs();

// One finding per organisation of `account` and check.
std::vector<Finding> check_atlas_organizations(const CloudAccountFacts& account,
                                               const Policy& policy);

}  // namespace mongoscan
