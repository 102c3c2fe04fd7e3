#pragma once
// The discovery family: DISC-001 (SRV and TXT records follow the seedlist discovery rules) and
// DISC-002 (every node reachable; the seed list agrees with the members), judged per target.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/deployment_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& discovery_specs();

// One finding per check about Subject::uri(deployment.redacted_uri).
std::vector<Finding> check_discovery(const DeploymentFacts& deployment, const Policy& policy);

}  // namespace mongoscan
