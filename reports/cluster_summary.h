#pragma once
// A sharded cluster's tree as reports show it, from the probed nodes (facts/cluster_topology.h).

#include <optional>
#include <vector>

#include "reports/report.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

// Nothing unless the nodes are a sharded cluster.
std::optional<ClusterSummary> summarize_cluster(const std::vector<NodeFacts>& nodes);

// One row of a target's node list: the node, and its role as shown ("load balancer → host:port"
// for an address in front of a mongos).
struct NodeRow {
  const NodeSummary* node;
  std::string role;
};

// A heading and its rows: for a sharded cluster "mongos", "config servers cfg", "shard shard0
// (replica set rs0)" and "not placed"; one group without a heading for other deployments.
struct NodeGroup {
  std::string heading;
  std::vector<NodeRow> rows;
};

// The target's nodes as reports list them, every node exactly once.
std::vector<NodeGroup> node_groups(const TargetSummary& target);

// "mongos-retired:27017 (7.0.12), last ping 2026-11-26T08:30:00Z: stopped pinging, not probed".
std::string describe_stale_mongos(const StaleMongosSummary& mongos);

}  // namespace mongoscan
