#pragma once
// A sharded cluster as the probed nodes show it: its mongos (and the load balancer addresses in
// front of them), its config server set and its shards, each with the nodes found for it, plus
// the mongos config.mongos holds that stopped pinging. A view over DeploymentFacts: it keeps
// pointers into the nodes it was built from and judges nothing.

#include <string>
#include <vector>

#include "scanner/facts/node_facts.h"
#include "scanner/facts/sharded_cluster.h"

namespace mongoscan {

// A node found as a mongos (answered hello as one, or config.mongos named it), and whether it is
// that mongos or an address in front of it (a TCP load balancer VIP: the vendor's default method
// for sharded clusters).
struct ClusterRouter {
  const NodeFacts* node = nullptr;
  std::string reached;  // serverStatus host: the mongos's own "host:port"; empty if unknown
  // The node's address is not the mongos's own: serverStatus names another host:port that the
  // scan reached elsewhere, or another port.
  bool load_balancer = false;
};

struct ClusterReplicaSet {
  std::string name;  // the shard's id, or the config server set's name
  std::string set_name;
  std::vector<const NodeFacts*> members;  // in the deployment's order
};

struct ClusterTopology {
  std::vector<ClusterRouter> routers;        // reached or not, in the deployment's order
  ClusterReplicaSet config_servers;          // name empty when nothing named them
  std::vector<ClusterReplicaSet> shards;     // by id
  std::vector<RegisteredMongos> registered;  // config.mongos, merged over the nodes that read it
  std::vector<const NodeFacts*> unplaced;    // nodes no component claims (not reached, no hello)

  // The mongos the cluster has running: the distinct own addresses of the routers that answered
  // (a load balancer counts as the mongos behind it), and the active mongos of config.mongos.
  std::vector<std::string> live_mongos() const;
  // The router entry for a node address ("host:port", case-insensitive), or nullptr.
  const ClusterRouter* router_at(const std::string& address) const;
};

// Whether the nodes are a sharded cluster: some node answered as a mongos, or named shards.
bool is_sharded_cluster(const std::vector<NodeFacts>& nodes);

// The cluster's parts. Each node goes to the part discovery found it as, else the part its own
// hello shows (isdbgrid: a mongos; configsvr: the config servers; a set a shard list names: that
// shard).
ClusterTopology cluster_topology(const std::vector<NodeFacts>& nodes);
// The view points into `nodes`: it cannot be built from a temporary.
ClusterTopology cluster_topology(std::vector<NodeFacts>&& nodes) = delete;

}  // namespace mongoscan
