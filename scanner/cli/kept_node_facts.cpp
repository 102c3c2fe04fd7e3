#include "scanner/cli/kept_node_facts.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace mongoscan {
namespace {

// The replies read after a node's own checks, and by what: buildInfo (the version: node summary,
// VER deployment checks), serverStatus (cluster topology, connection budget), getCmdLineOpts
// (deployment_reached_by), connectionStatus (roles in the node summary, listing scope of the
// data model), replSetGetConfig (cluster shape), and what places a sharded cluster's nodes
// (listShards, config.shards, getShardMap, config.mongos).
constexpr std::array<std::string_view, 9> kRepliesReadLater = {
    "buildInfo",  "serverStatus", "getCmdLineOpts",     "connectionStatus",  "replSetGetConfig",
    "listShards", "getShardMap",  "find config.shards", "find config.mongos"};

}  // namespace

void drop_replies_judged(NodeFacts& node) {
  for (auto& [name, outcome] : node.unauthenticated) outcome.reply = {};
  for (auto& [name, outcome] : node.commands) {
    if (std::find(kRepliesReadLater.begin(), kRepliesReadLater.end(), name) ==
        kRepliesReadLater.end())
      outcome.reply = {};
  }
}

}  // namespace mongoscan
