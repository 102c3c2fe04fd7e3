#pragma once
// Which managed deployments a connection string reaches, read from what their control planes say:
// a TencentDB instance through its VIP, a load balancer that forwards to it, or its nodes' private
// or public addresses; an Atlas cluster through its SRV name or the hosts of its standard string.
// The join between the strings in applications and the live control plane.

#include <string>
#include <vector>

#include "scanner/facts/cloud_facts.h"
#include "scanner/facts/deployment_facts.h"
#include "scanner/uri/uri.h"

namespace mongoscan {

struct ManagedRoute {
  // Exactly one of instance (TencentDB) and cluster (Atlas, with its project) is set.
  const ManagedInstance* instance = nullptr;
  const AtlasProject* project = nullptr;
  const AtlasCluster* cluster = nullptr;
  std::string name;  // the deployment's subject name: "tencentcloud:REGION/ID", "atlas:P/CLUSTER"
  // Each host of the string that reaches it, with how: "10.0.0.21:27017 (the instance's VIP)".
  std::vector<std::string> through;
  bool vip = false;            // the string names the instance's VIP
  bool load_balancer = false;  // or a load balancer's VIP that forwards to it
  // One of its hosts is a node's public address or a public load balancer (TencentDB).
  bool public_path = false;
  std::vector<std::string> nodes;  // the node addresses it names (private or public)
};

// The managed deployments of `clouds` that `connection` reaches, in the accounts' order.
std::vector<ManagedRoute> managed_routes(const ConnectionString& connection,
                                         const std::vector<CloudAccountFacts>& clouds);

// The probed deployment that `connection` reaches through the managed deployment it names, for a
// string that reaches none directly (a load balancer's public VIP, an instance's VIP the scan did
// not use): a deployment whose target string, or one of whose nodes, reaches the same instance or
// cluster according to the control plane. nullptr when none.
const DeploymentFacts* deployment_reached_through_control_plane(
    const ConnectionString& connection, const std::vector<DeploymentFacts>& deployments,
    const std::vector<CloudAccountFacts>& clouds);

}  // namespace mongoscan
