#pragma once
// The shape of a sharded cluster, judged per target: DISC-003 (every shard and the config server
// set is a replica set with at least three data-bearing members) and DISC-004 (the cluster is
// reachable through more than one mongos). Both are skipped for deployments that are not sharded.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/deployment_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& cluster_shape_specs();

// One finding per check about Subject::uri(deployment.redacted_uri).
std::vector<Finding> check_cluster_shape(const DeploymentFacts& deployment, const Policy& policy);

}  // namespace mongoscan
