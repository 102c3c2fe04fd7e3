#include "scanner/cli/kept_node_facts.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

namespace mongoscan {
namespace {

// A reply's fields read later, as dotted paths; an array is looked through (a path applies to
// each of its documents), as in MongoDB's own dotted paths. A path ending at a document keeps it
// whole.
struct KeptReply {
  std::string_view command;
  std::vector<std::string_view> paths;
};

// By reader: buildInfo (server_version: VER-001's supported series), serverStatus (host:
// cluster_topology.cpp own_address; connections: deployment_connection.cpp connection_limit,
// CONN-008; sharding: sharded_cluster.cpp config_servers_named_by), getCmdLineOpts
// (connection_limit when serverStatus is not readable), replSetGetConfig (cluster_shape.cpp
// configured_members: DISC-003, DISC-004, HARD-011), and what places a sharded cluster's nodes
// (sharded_cluster.cpp: shards_listed_by, config_servers_named_by, mongos_registered_with).
const std::array<KeptReply, 8> kReadLater = {{
    {"buildInfo", {"version"}},
    {"serverStatus",
     {"host", "connections.current", "connections.available",
      "sharding.configsvrConnectionString"}},
    {"getCmdLineOpts", {"parsed.net.maxIncomingConnections"}},
    {"replSetGetConfig",
     {"config.members.host", "config.members.votes", "config.members.secondaryDelaySecs",
      "config.members.slaveDelay", "config.members.arbiterOnly"}},
    {"listShards", {"shards._id", "shards.host"}},
    {"find config.shards", {"cursor.firstBatch._id", "cursor.firstBatch.host"}},
    {"getShardMap", {"map.config"}},
    {"find config.mongos",
     {"cursor.firstBatch._id", "cursor.firstBatch.mongoVersion", "cursor.firstBatch.ping"}},
}};

// With KeptForLater::listing_scope: what listing_scope.cpp reads of the scanning account's
// privileges.
const KeptReply kListingScope = {"connectionStatus",
                                 {"authInfo.authenticatedUserPrivileges.actions",
                                  "authInfo.authenticatedUserPrivileges.resource"}};

// The hello fields read later: node_role (topology.cpp), members named (connection/discovery.cpp,
// cluster_shape.cpp), component_from_hello (cluster_topology.cpp), node_version's wire version
// (versions.cpp), and the data-model sampler's message size (data_model_probe.cpp).
constexpr std::array<std::string_view, 16> kHelloReadLater = {
    "msg",         "serviceId", "isreplicaset",      "setName",
    "arbiterOnly", "hidden",    "ismaster",          "secondary",
    "passive",     "hosts",     "isWritablePrimary", "passives",
    "arbiters",    "configsvr", "maxWireVersion",    "maxMessageSizeBytes"};

bson::Value trimmed(const bson::Value& value, const std::vector<std::string_view>& paths);

// Of `reply`, the fields the paths name, in their order, each trimmed to the rest of its paths.
bson::Document trimmed(const bson::Document& reply, const std::vector<std::string_view>& paths) {
  bson::Document kept;
  for (const auto& [key, value] : reply) {
    std::vector<std::string_view> rest;
    bool whole = false;
    for (const std::string_view path : paths) {
      const std::string_view head = path.substr(0, path.find('.'));
      if (head != key) continue;
      if (head.size() == path.size()) {
        whole = true;
      } else {
        rest.push_back(path.substr(head.size() + 1));
      }
    }
    if (whole) {
      kept.append(key, value);
    } else if (!rest.empty()) {
      kept.append(key, trimmed(value, rest));
    }
  }
  kept.shrink_to_fit();
  return kept;
}

bson::Value trimmed(const bson::Value& value, const std::vector<std::string_view>& paths) {
  if (const auto* document = value.get_if<bson::Document>()) return trimmed(*document, paths);
  if (const auto* array = value.get_if<bson::Array>()) {
    bson::Array kept;
    kept.reserve(array->size());
    for (const bson::Value& element : *array) kept.push_back(trimmed(element, paths));
    return kept;
  }
  return value;
}

}  // namespace

void drop_facts_judged(NodeFacts& node, KeptForLater kept) {
  node.resolved_addresses = {};
  node.tls_facts.reset();
  node.weak_tls_handshakes = {};
  node.http_interface.reset();
  node.hello_command = {};
  if (node.hello) {
    bson::Document hello;
    for (const auto& [key, value] : *node.hello) {
      if (std::find(kHelloReadLater.begin(), kHelloReadLater.end(), key) != kHelloReadLater.end())
        hello.append(key, value);
    }
    hello.shrink_to_fit();
    node.hello = std::move(hello);
  }
  for (auto& [name, outcome] : node.unauthenticated) outcome = {outcome.state, {}, {}};
  for (auto entry = node.commands.begin(); entry != node.commands.end();) {
    auto& [name, outcome] = *entry;
    const auto read_later = std::find_if(kReadLater.begin(), kReadLater.end(),
                                         [&](const KeptReply& r) { return r.command == name; });
    const KeptReply* reply = read_later != kReadLater.end() ? &*read_later
                             : kept.listing_scope && name == kListingScope.command ? &kListingScope
                                                                                  : nullptr;
    if (reply == nullptr) {
      entry = node.commands.erase(entry);
      continue;
    }
    outcome.reply = trimmed(outcome.reply, reply->paths);
    // buildInfo's message says why it failed (command_evidence.cpp command_reply, VER-001).
    if (name != "buildInfo") outcome.message.clear();
    ++entry;
  }
}

}  // namespace mongoscan
