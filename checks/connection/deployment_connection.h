#pragma once
// The CONN checks that compare a connection string with the deployment it reaches: CONN-003
// (replicaSet for a replica set), CONN-008 (connection budget) and CONN-010 (sharded clusters
// reached through SRV, several mongos or a load balancer). Without a probed deployment they are
// skipped.

#include <vector>

#include "checks/check_spec.h"
#include "checks/connection/connection_string.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/deployment_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& deployment_connection_specs();

// The probed deployment the connection string reaches: the same mongodb+srv:// name, or a host
// that is one of the deployment's nodes. nullptr when none.
const DeploymentFacts* deployment_reached_by(const ConnectionString& uri,
                                             const std::vector<DeploymentFacts>& deployments);

// A probed deployment as a connection string reaches it: directly (deployment_reached_by), or
// only through an address its control plane gives (checks/cloud/managed_routes.h), where
// CLOUD-006 judges the connection method in place of CONN-010, which reads the probed routers.
struct ReachedDeployment {
  ReachedDeployment(const DeploymentFacts* facts = nullptr, bool through_control_plane = false)
      : facts(facts), through_control_plane(through_control_plane) {}
  const DeploymentFacts* facts;
  bool through_control_plane;
};

// One finding per check about Subject::uri(target.redacted_uri); `reached.facts` may be nullptr.
std::vector<Finding> check_deployment_connection(const UriTarget& target, ReachedDeployment reached,
                                                 const Policy& policy);

}  // namespace mongoscan
