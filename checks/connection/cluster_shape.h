#pragma once
// The shape of a sharded cluster, judged per target: DISC-003 (every shard and the config server
// set is a replica set with at least three data-bearing members) and DISC-004 (the cluster is
// reachable through more than one mongos), both skipped for deployments that are not sharded; and
// HARD-011, the same three-data-bearing-members rule for a replica set given as the target (the
// complement of DISC-003: skipped for sharded clusters and standalones), with the manual's
// write-concern caveat for primary-secondary-arbiter sets.

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
