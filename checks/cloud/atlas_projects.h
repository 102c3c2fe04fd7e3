#pragma once
// MongoDB Atlas projects as the Administration API describes them, judged per project (subject
// "atlas:PROJECT_ID"): ATLAS-001 the IP access list admits no address wider than the policy allows,
// ATLAS-002 its permanent entries say whom they admit, ATLAS-007 database auditing on with a filter
// that keeps what a review needs, ATLAS-008 administrative roles only for the declared
// administrators (AUTHZ-001), ATLAS-016 users scoped to one business database (AUTHZ-002) and, in a
// project of several clusters, to their clusters; whatever way each user authenticates (SCRAM,
// X.509, LDAP, OIDC, AWS IAM). A part not read is an error naming the call; an organisation whose
// projects were not listed is an error for each check on "atlas:org:ORG_ID".

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& atlas_project_specs();

// One finding per project of `account` and check.
std::vector<Finding> check_atlas_projects(const CloudAccountFacts& account, const Policy& policy);

}  // namespace mongoscan
