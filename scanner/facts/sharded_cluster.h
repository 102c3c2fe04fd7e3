#pragma once
// What a mongos or a config server member says about the rest of its sharded cluster: the shards
// (listShards, or config.shards on a config server), the config server set
// (serverStatus.sharding, else getShardMap) and every mongos registered in config.mongos. Pure
// readers of NodeFacts: nothing here judges.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/facts/node_facts.h"

namespace mongoscan {

// A replica set as sharding names it: "setName/host:port,host:port".
struct ReplicaSetAddress {
  std::string set_name;
  std::vector<std::string> hosts;
};

// Nothing when the text has no "setName/" prefix or no host.
std::optional<ReplicaSetAddress> parse_replica_set_address(std::string_view text);

struct ShardEntry {
  std::string id;                                  // config.shards _id
  ReplicaSetAddress address;                       // its host field
  NodeOrigin listed_by = NodeOrigin::list_shards;  // or config_shards
};

// The shards a node listed: listShards on a mongos, else find on config.shards (a config server
// member). Entries whose host is not "setName/hosts" are left out.
std::vector<ShardEntry> shards_listed_by(const NodeFacts& node);

// The config server set a node names: serverStatus sharding.configsvrConnectionString, else the
// "config" entry of getShardMap's map.
std::optional<ReplicaSetAddress> config_servers_named_by(const NodeFacts& node);

// sh.status()'s rule for an active mongos: pinged within 60 s of the most recent ping in
// config.mongos (mongosActiveThresholdMs; mongosh packages/shell-api/src/helpers.ts,
// mongo src/mongo/shell/utils_sh.js).
inline constexpr std::int64_t kMongosActiveThresholdMs = 60000;

struct RegisteredMongos {
  std::string address;                  // config.mongos _id: "host:port"
  std::optional<std::int64_t> ping_ms;  // its last ping, ms since the epoch (UTC)
  std::string version;                  // mongoVersion
  bool active = false;                  // within kMongosActiveThresholdMs of the latest ping
};

// Every mongos in the node's find on config.mongos, in the reply's order.
std::vector<RegisteredMongos> mongos_registered_with(const NodeFacts& node);

}  // namespace mongoscan
