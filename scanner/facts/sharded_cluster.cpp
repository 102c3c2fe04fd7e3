#include "scanner/facts/sharded_cluster.h"

namespace mongoscan {
namespace {

const bson::Document* ok_reply(const NodeFacts& node, const std::string& command) {
  const auto outcome = node.commands.find(command);
  if (outcome == node.commands.end() || outcome->second.state != CommandOutcome::State::ok)
    return nullptr;
  return &outcome->second.reply;
}

// A find reply's documents: cursor.firstBatch.
bson::Array first_batch(const bson::Document* reply) {
  if (reply == nullptr) return {};
  const auto cursor = reply->get_document("cursor");
  return cursor ? cursor->get_array("firstBatch").value_or(bson::Array{}) : bson::Array{};
}

std::vector<ShardEntry> shard_entries(const bson::Array& documents, NodeOrigin listed_by) {
  std::vector<ShardEntry> shards;
  for (const bson::Value& value : documents) {
    const auto* shard = value.get_if<bson::Document>();
    if (shard == nullptr) continue;
    const auto id = shard->get_string("_id");
    const auto host = shard->get_string("host");
    if (!id || !host) continue;
    if (auto address = parse_replica_set_address(*host))
      shards.push_back({*id, std::move(*address), listed_by});
  }
  return shards;
}

}  // namespace

std::optional<ReplicaSetAddress> parse_replica_set_address(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos || slash == 0) return std::nullopt;
  ReplicaSetAddress address{std::string(text.substr(0, slash)), {}};
  std::string_view hosts = text.substr(slash + 1);
  while (!hosts.empty()) {
    const auto comma = hosts.find(',');
    const std::string_view host = hosts.substr(0, comma);
    if (!host.empty()) address.hosts.emplace_back(host);
    if (comma == std::string_view::npos) break;
    hosts.remove_prefix(comma + 1);
  }
  if (address.hosts.empty()) return std::nullopt;
  return address;
}

std::vector<ShardEntry> shards_listed_by(const NodeFacts& node) {
  if (const bson::Document* reply = ok_reply(node, "listShards"))
    return shard_entries(reply->get_array("shards").value_or(bson::Array{}),
                         NodeOrigin::list_shards);
  return shard_entries(first_batch(ok_reply(node, "find config.shards")),
                       NodeOrigin::config_shards);
}

std::optional<ReplicaSetAddress> config_servers_named_by(const NodeFacts& node) {
  if (const bson::Document* status = ok_reply(node, "serverStatus")) {
    const auto sharding = status->get_document("sharding");
    const auto named = sharding ? sharding->get_string("configsvrConnectionString") : std::nullopt;
    if (named) {
      if (auto address = parse_replica_set_address(*named)) return address;
    }
  }
  if (const bson::Document* map_reply = ok_reply(node, "getShardMap")) {
    const auto map = map_reply->get_document("map");
    const auto config = map ? map->get_string("config") : std::nullopt;
    if (config) return parse_replica_set_address(*config);
  }
  return std::nullopt;
}

std::vector<RegisteredMongos> mongos_registered_with(const NodeFacts& node) {
  std::vector<RegisteredMongos> registered;
  for (const bson::Value& value : first_batch(ok_reply(node, "find config.mongos"))) {
    const auto* document = value.get_if<bson::Document>();
    if (document == nullptr) continue;
    const auto id = document->get_string("_id");
    if (!id) continue;
    RegisteredMongos mongos{*id, std::nullopt, document->get_string("mongoVersion").value_or("")};
    if (const bson::Value* ping = document->find("ping")) {
      if (const auto* date = ping->get_if<bson::DateTime>())
        mongos.ping_ms = date->milliseconds_since_epoch;
    }
    registered.push_back(std::move(mongos));
  }
  std::optional<std::int64_t> latest;
  for (const RegisteredMongos& mongos : registered) {
    if (mongos.ping_ms && (!latest || *mongos.ping_ms > *latest)) latest = mongos.ping_ms;
  }
  for (RegisteredMongos& mongos : registered) {
    mongos.active = mongos.ping_ms && *mongos.ping_ms >= *latest - kMongosActiveThresholdMs;
  }
  return registered;
}

}  // namespace mongoscan
