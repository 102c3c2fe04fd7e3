#include "scanner/facts/cluster_topology.h"

#include <algorithm>
#include <map>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

bool is_mongos(const NodeFacts& node) {
  return node.hello && node.hello->get_string("msg") == "isdbgrid";
}

std::string own_address(const NodeFacts& node) {
  const auto status = node.commands.find("serverStatus");
  if (status == node.commands.end() || status->second.state != CommandOutcome::State::ok) return "";
  return status->second.reply.get_string("host").value_or("");
}

// Whether `address` is one of the names the node was reached by.
bool answers_to(const NodeFacts& node, const std::string& address) {
  if (equals_ignore_case(node.address(), address)) return true;
  return std::any_of(node.aliases.begin(), node.aliases.end(),
                     [&](const std::string& alias) { return equals_ignore_case(alias, address); });
}

std::string port_of(const std::string& address) {
  const auto colon = address.rfind(':');
  return colon == std::string::npos ? "27017" : address.substr(colon + 1);
}

// A mongos whose own address is neither the node's address nor an alias is behind a balancer
// when the scan reached that address as another node, or when the ports differ.
bool in_front_of_another(const NodeFacts& node, const std::string& reached,
                         const std::vector<NodeFacts>& nodes) {
  if (reached.empty() || answers_to(node, reached)) return false;
  if (port_of(reached) != std::to_string(node.port)) return true;
  return std::any_of(nodes.begin(), nodes.end(), [&](const NodeFacts& other) {
    return &other != &node && other.reachable && answers_to(other, reached);
  });
}

ClusterComponent component_from_hello(const NodeFacts& node,
                                      const std::map<std::string, std::string>& shard_of_set) {
  if (!node.hello) return {};
  if (is_mongos(node)) return {ClusterComponent::Kind::mongos, ""};
  const auto set_name = node.hello->get_string("setName");
  if (!set_name) return {};
  if (node.hello->get_int64("configsvr").value_or(0) == 2)
    return {ClusterComponent::Kind::config_servers, *set_name};
  if (auto shard = shard_of_set.find(*set_name); shard != shard_of_set.end())
    return {ClusterComponent::Kind::shard, shard->second};
  return {};
}

void merge_registered(std::vector<RegisteredMongos>& merged, std::vector<RegisteredMongos> found) {
  for (RegisteredMongos& mongos : found) {
    auto same = std::find_if(merged.begin(), merged.end(), [&](const RegisteredMongos& known) {
      return equals_ignore_case(known.address, mongos.address);
    });
    if (same == merged.end()) {
      merged.push_back(std::move(mongos));
    } else if (mongos.ping_ms && (!same->ping_ms || *mongos.ping_ms > *same->ping_ms)) {
      *same = std::move(mongos);
    } else {
      same->active = same->active || mongos.active;
    }
  }
}

}  // namespace

bool is_sharded_cluster(const std::vector<NodeFacts>& nodes) {
  return std::any_of(nodes.begin(), nodes.end(), [](const NodeFacts& node) {
    return is_mongos(node) || node.component.kind != ClusterComponent::Kind::none;
  });
}

std::vector<std::string> ClusterTopology::live_mongos() const {
  std::vector<std::string> live;
  auto add = [&](const std::string& address) {
    if (address.empty()) return;
    for (const std::string& known : live)
      if (equals_ignore_case(known, address)) return;
    live.push_back(address);
  };
  for (const ClusterRouter& router : routers) {
    if (is_mongos(*router.node))
      add(router.reached.empty() ? router.node->address() : router.reached);
  }
  for (const RegisteredMongos& mongos : registered)
    if (mongos.active) add(mongos.address);
  std::sort(live.begin(), live.end());
  return live;
}

const ClusterRouter* ClusterTopology::router_at(const std::string& address) const {
  for (const ClusterRouter& router : routers)
    if (answers_to(*router.node, address)) return &router;
  return nullptr;
}

ClusterTopology cluster_topology(const std::vector<NodeFacts>& nodes) {
  ClusterTopology topology;
  std::map<std::string, std::string> shard_of_set;  // set name -> shard id
  std::map<std::string, ReplicaSetAddress> shard_addresses;
  for (const NodeFacts& node : nodes) {
    for (const ShardEntry& shard : shards_listed_by(node)) {
      shard_of_set.emplace(shard.address.set_name, shard.id);
      shard_addresses.emplace(shard.id, shard.address);
    }
    if (auto config = config_servers_named_by(node);
        config && topology.config_servers.name.empty()) {
      topology.config_servers.name = config->set_name;
      topology.config_servers.set_name = config->set_name;
    }
    merge_registered(topology.registered, mongos_registered_with(node));
  }
  std::map<std::string, ClusterReplicaSet> shards;
  for (const auto& [id, address] : shard_addresses) shards[id] = {id, address.set_name, {}};
  for (const NodeFacts& node : nodes) {
    ClusterComponent component = node.component;
    if (const ClusterComponent seen = component_from_hello(node, shard_of_set);
        seen.kind != ClusterComponent::Kind::none) {
      component = seen;  // what the node says of itself outweighs how it was named
    }
    switch (component.kind) {
      case ClusterComponent::Kind::mongos: {
        const std::string reached = own_address(node);
        topology.routers.push_back({&node, reached, in_front_of_another(node, reached, nodes)});
        break;
      }
      case ClusterComponent::Kind::config_servers:
        if (topology.config_servers.name.empty()) {
          topology.config_servers.name = component.name;
          topology.config_servers.set_name = component.name;
        }
        topology.config_servers.members.push_back(&node);
        break;
      case ClusterComponent::Kind::shard: {
        ClusterReplicaSet& shard = shards[component.name];
        shard.name = component.name;
        if (shard.set_name.empty() && node.hello)
          shard.set_name = node.hello->get_string("setName").value_or("");
        shard.members.push_back(&node);
        break;
      }
      case ClusterComponent::Kind::none:
        topology.unplaced.push_back(&node);
        break;
    }
  }
  for (auto& [id, shard] : shards) topology.shards.push_back(std::move(shard));
  return topology;
}

}  // namespace mongoscan
