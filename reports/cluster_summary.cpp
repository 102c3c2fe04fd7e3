#include "reports/cluster_summary.h"

#include "scanner/facts/cluster_topology.h"
#include "scanner/time/utc_time.h"

namespace mongoscan {
namespace {

ClusterPartSummary part_summary(const ClusterReplicaSet& set) {
  ClusterPartSummary part{set.name, set.set_name, {}};
  for (const NodeFacts* member : set.members) part.members.push_back(member->address());
  return part;
}

}  // namespace

std::optional<ClusterSummary> summarize_cluster(const std::vector<NodeFacts>& nodes) {
  if (!is_sharded_cluster(nodes)) return std::nullopt;
  const ClusterTopology topology = cluster_topology(nodes);
  ClusterSummary cluster;
  for (const ClusterRouter& router : topology.routers)
    cluster.mongos.push_back({router.node->address(), router.reached, router.load_balancer});
  if (!topology.config_servers.name.empty() || !topology.config_servers.members.empty())
    cluster.config_servers = part_summary(topology.config_servers);
  for (const ClusterReplicaSet& shard : topology.shards)
    cluster.shards.push_back(part_summary(shard));
  for (const RegisteredMongos& mongos : topology.registered) {
    if (mongos.active) continue;
    cluster.stale_mongos.push_back(
        {mongos.address, mongos.ping_ms ? format_utc(*mongos.ping_ms) : "", mongos.version});
  }
  for (const NodeFacts* node : topology.unplaced) cluster.unplaced.push_back(node->address());
  return cluster;
}

std::vector<NodeGroup> node_groups(const TargetSummary& target) {
  auto node_at = [&](const std::string& address) -> const NodeSummary* {
    for (const NodeSummary& node : target.nodes)
      if (node.address == address) return &node;
    return nullptr;
  };
  if (!target.cluster) {
    NodeGroup all;
    for (const NodeSummary& node : target.nodes) all.rows.push_back({&node, node.role});
    return {all};
  }
  const ClusterSummary& cluster = *target.cluster;
  std::vector<NodeGroup> groups;
  auto add_part = [&](std::string heading, const ClusterPartSummary& part) {
    NodeGroup group{std::move(heading), {}};
    if (!part.set_name.empty() && part.set_name != part.name)
      group.heading += " (replica set " + part.set_name + ")";
    for (const std::string& address : part.members)
      if (const NodeSummary* node = node_at(address)) group.rows.push_back({node, node->role});
    groups.push_back(std::move(group));
  };
  NodeGroup routers{"mongos", {}};
  for (const RouterSummary& router : cluster.mongos) {
    const NodeSummary* node = node_at(router.address);
    if (node == nullptr) continue;
    routers.rows.push_back(
        {node, router.load_balancer ? "load balancer → " + router.reached : node->role});
  }
  groups.push_back(std::move(routers));
  if (cluster.config_servers)
    add_part("config servers " + cluster.config_servers->name, *cluster.config_servers);
  for (const ClusterPartSummary& shard : cluster.shards) add_part("shard " + shard.name, shard);
  NodeGroup unplaced{"not placed", {}};
  for (const std::string& address : cluster.unplaced)
    if (const NodeSummary* node = node_at(address)) unplaced.rows.push_back({node, node->role});
  if (!unplaced.rows.empty()) groups.push_back(std::move(unplaced));
  return groups;
}

std::string describe_stale_mongos(const StaleMongosSummary& mongos) {
  return mongos.address + (mongos.version.empty() ? "" : " (" + mongos.version + ")") +
         (mongos.last_ping.empty() ? ", never pinged" : ", last ping " + mongos.last_ping) +
         ": stopped pinging, not probed";
}

}  // namespace mongoscan
