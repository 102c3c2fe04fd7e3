#pragma once
// Durability and availability a security review asks for ("fail to a secure state"), judged per
// node: HARD-010 (journaling on, servers before 6.1; also from a server config file), HARD-012
// (the cluster-wide default write concern, getDefaultRWConcern) and HARD-013
// (featureCompatibilityVersion equal to the binary's release series). The replica set's shape
// (HARD-011) is judged per target, beside DISC-003, in checks/connection/cluster_shape.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/exposure_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& durability_specs();

// One finding per check about Subject::node(facts.address()).
std::vector<Finding> check_durability(const NodeFacts& facts, const Policy& policy);

// HARD-010 as `file` sets it, at the line of storage.journal.enabled.
std::vector<Finding> check_durability(const ServerConfigFile& file, const Policy& policy);

}  // namespace mongoscan
