#include "scanner/cli/kept_node_facts.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace mongoscan {
namespace {

// The replies read after a node's own checks, and by what: buildInfo (the version: node summary,
// VER deployment checks), serverStatus (cluster topology, connection budget: some of its fields,
// below), getCmdLineOpts
// (deployment_reached_by), connectionStatus (roles in the node summary, listing scope of the
// data model), replSetGetConfig (cluster shape), and what places a sharded cluster's nodes
// (listShards, config.shards, getShardMap, config.mongos).
constexpr std::array<std::string_view, 9> kRepliesReadLater = {
    "buildInfo",  "serverStatus", "getCmdLineOpts",     "connectionStatus",  "replSetGetConfig",
    "listShards", "getShardMap",  "find config.shards", "find config.mongos"};

// The fields of serverStatus read later, by what: host (cluster_topology.cpp, the mongos's own
// address), connections (deployment_connection.cpp, current + available) and sharding
// (sharded_cluster.cpp, configsvrConnectionString). A server's reply has dozens of sections more
// (metrics, wiredTiger, opcounters: tens of kilobytes), which only the node's own checks read.
constexpr std::array<std::string_view, 3> kServerStatusFieldsReadLater = {"host", "connections",
                                                                          "sharding"};

// The reply with only its top-level fields named in `kept`, in their order.
template <std::size_t N>
bson::Document only_fields(const bson::Document& reply,
                           const std::array<std::string_view, N>& kept) {
  bson::Document trimmed;
  for (const auto& [key, value] : reply) {
    if (std::find(kept.begin(), kept.end(), key) != kept.end()) trimmed.append(key, value);
  }
  trimmed.shrink_to_fit();
  return trimmed;
}

}  // namespace

void drop_replies_judged(NodeFacts& node) {
  for (auto& [name, outcome] : node.unauthenticated) outcome.reply = {};
  for (auto& [name, outcome] : node.commands) {
    if (name == "serverStatus") {
      outcome.reply = only_fields(outcome.reply, kServerStatusFieldsReadLater);
    } else if (std::find(kRepliesReadLater.begin(), kRepliesReadLater.end(), name) ==
               kRepliesReadLater.end()) {
      outcome.reply = {};
    }
  }
}

}  // namespace mongoscan
