#pragma once
// The deployment authentication family: judgements of one node's facts (AUTHN-001 today).

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& authentication_specs();

// One finding per check about Subject::node(facts.address()).
std::vector<Finding> check_authentication(const NodeFacts& facts, const Policy& policy);

}  // namespace mongoscan
