#pragma once
// The authorization family, judged per node from the user and role inventory: AUTHZ-001
// (administrative roles held by accounts the policy does not name), AUTHZ-002 (users whose roles
// span several business databases), AUTHZ-003 (custom roles with anyAction, anyResource or
// state-changing cluster privileges), AUTHZ-004 (business collections in admin, local or
// config) and AUTHZ-005 (accounts other than the declared administrators that can create users or
// grant roles: dbOwner or userAdmin on any database, any-database user administration, or custom
// roles with those actions), AUTHZ-006 (the same accounts able to change database structure or
// watch every database), AUTHZ-007 (custom roles defined but held by nobody) and AUTHZ-008
// (administrative accounts without a clientSource authentication restriction).

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& authorization_specs();

// One finding per check about Subject::node(facts.address()).
std::vector<Finding> check_authorization(const NodeFacts& facts, const Policy& policy);

}  // namespace mongoscan
