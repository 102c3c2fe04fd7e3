#pragma once
// The deployment authentication family: AUTHN-001, -002, -003, -004 and -006 judged on one
// node's facts; AUTHN-002 and AUTHN-003 also from a server config file.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/exposure_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& authentication_specs();

// One finding per check about Subject::node(facts.address()).
std::vector<Finding> check_authentication(const NodeFacts& facts, const Policy& policy);

// AUTHN-002 and AUTHN-003 as `file` sets them, each at the line of the setting it judged.
std::vector<Finding> check_authentication(const ServerConfigFile& file, const Policy& policy);

}  // namespace mongoscan
