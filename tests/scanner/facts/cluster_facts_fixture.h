#pragma once
// Sharded clusters built in memory as probed NodeFacts, for the tests of the cluster readers, the
// member queue and the checks: replies shaped as the server shapes them (listShards, config.mongos,
// serverStatus sharding, hello of mongos and config server members).

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scanner/facts/node_facts.h"

namespace mongoscan::cluster_fixture {

// 2026-11-26T10:00:00Z, the "now" of the fixture's pings.
inline constexpr std::int64_t kNowMs = 1795687200000;

inline CommandOutcome ok(bson::Document reply) {
  CommandOutcome outcome;
  outcome.state = CommandOutcome::State::ok;
  outcome.reply = std::move(reply);
  return outcome;
}

inline NodeFacts node(const std::string& host, std::uint16_t port,
                      std::optional<bson::Document> hello) {
  NodeFacts facts;
  facts.host = host;
  facts.port = port;
  facts.reachable = hello.has_value();
  facts.hello = std::move(hello);
  return facts;
}

inline bson::Document mongos_hello() { return {{"msg", "isdbgrid"}, {"isWritablePrimary", true}}; }

inline bson::Array strings(const std::vector<std::string>& values) {
  bson::Array array;
  for (const std::string& value : values) array.emplace_back(value);
  return array;
}

// A replica-set member's hello: role primary, secondary, hidden or arbiter.
inline bson::Document member_hello(const std::string& set_name, const std::string& role,
                                   const std::vector<std::string>& hosts,
                                   const std::vector<std::string>& arbiters = {},
                                   bool config_server = false) {
  bson::Document hello{{"setName", set_name}, {"hosts", strings(hosts)}};
  if (!arbiters.empty()) hello.append("arbiters", strings(arbiters));
  if (role == "primary") hello.append("isWritablePrimary", true);
  if (role == "secondary" || role == "hidden") hello.append("secondary", true);
  if (role == "hidden") hello.append("hidden", true);
  if (role == "arbiter") hello.append("arbiterOnly", true);
  if (config_server) hello.append("configsvr", 2);
  return hello;
}

inline bson::Document server_status(const std::string& host, const std::string& config_servers) {
  bson::Document status{{"host", host}};
  if (!config_servers.empty())
    status.append("sharding", bson::Document{{"configsvrConnectionString", config_servers}});
  return status;
}

inline bson::Document list_shards(const std::vector<std::pair<std::string, std::string>>& shards) {
  bson::Array entries;
  for (const auto& [id, host] : shards)
    entries.push_back(bson::Document{{"_id", id}, {"host", host}, {"state", 1}});
  return {{"shards", std::move(entries)}, {"ok", 1.0}};
}

inline bson::Document mongos_document(const std::string& address, std::int64_t ping_ms,
                                      const std::string& version = "8.0.4") {
  return {{"_id", address},
          {"ping", bson::DateTime{ping_ms}},
          {"up", std::int64_t{3600}},
          {"waiting", true},
          {"mongoVersion", version}};
}

inline bson::Document find_reply(bson::Array documents, const std::string& ns) {
  return {
      {"cursor",
       bson::Document{{"firstBatch", std::move(documents)}, {"id", std::int64_t{0}}, {"ns", ns}}},
      {"ok", 1.0}};
}

inline NodeFacts mongos(const std::string& host, std::uint16_t port, const std::string& own) {
  NodeFacts facts = node(host, port, mongos_hello());
  facts.commands["serverStatus"] = ok(server_status(own, "cfg/cfg1:27019,cfg2:27019,cfg3:27019"));
  facts.commands["listShards"] = ok(list_shards(
      {{"shard0", "shard0/s0a:27018,s0b:27018"}, {"shard1", "shard1/s1a:27018,s1b:27018"}}));
  facts.commands["find config.mongos"] =
      ok(find_reply({mongos_document("mongos1:27017", kNowMs - 2000),
                     mongos_document("mongos2:27017", kNowMs - 9000),
                     mongos_document("retired:27017", kNowMs - 5400000, "7.0.2")},
                    "config.mongos"));
  return facts;
}

inline NodeFacts member(const std::string& host, std::uint16_t port, bson::Document hello,
                        ClusterComponent component, NodeOrigin origin) {
  NodeFacts facts = node(host, port, std::move(hello));
  facts.component = std::move(component);
  facts.origin = origin;
  return facts;
}

// vip:27017 in front of mongos1 (when through_vip), mongos1 and mongos2, config servers cfg of
// three, shard0 (primary, secondary, hidden) and shard1 (primary, secondary, arbiter).
inline std::vector<NodeFacts> sample_cluster(bool through_vip) {
  using Kind = ClusterComponent::Kind;
  std::vector<NodeFacts> nodes;
  if (through_vip) nodes.push_back(mongos("vip", 27017, "mongos1:27017"));
  NodeFacts first = mongos("mongos1", 27017, "mongos1:27017");
  if (through_vip) {
    first.component = {Kind::mongos, ""};
    first.origin = NodeOrigin::config_mongos;
  }
  nodes.push_back(std::move(first));
  NodeFacts second = mongos("mongos2", 27017, "mongos2:27017");
  second.component = {Kind::mongos, ""};
  second.origin = NodeOrigin::config_mongos;
  nodes.push_back(std::move(second));
  const std::vector<std::string> cfg = {"cfg1:27019", "cfg2:27019", "cfg3:27019"};
  const char* cfg_roles[] = {"primary", "secondary", "secondary"};
  for (int i = 0; i < 3; ++i) {
    nodes.push_back(member("cfg" + std::to_string(i + 1), 27019,
                           member_hello("cfg", cfg_roles[i], cfg, {}, true),
                           {Kind::config_servers, "cfg"}, NodeOrigin::config_servers));
  }
  const std::vector<std::string> s0 = {"s0a:27018", "s0b:27018"};
  nodes.push_back(member("s0a", 27018, member_hello("shard0", "primary", s0),
                         {Kind::shard, "shard0"}, NodeOrigin::list_shards));
  nodes.push_back(member("s0b", 27018, member_hello("shard0", "secondary", s0),
                         {Kind::shard, "shard0"}, NodeOrigin::list_shards));
  nodes.push_back(member("s0h", 27018, member_hello("shard0", "hidden", s0),
                         {Kind::shard, "shard0"}, NodeOrigin::replica_set_status));
  const std::vector<std::string> s1 = {"s1a:27018", "s1b:27018"};
  nodes.push_back(member("s1a", 27018, member_hello("shard1", "primary", s1, {"s1c:27018"}),
                         {Kind::shard, "shard1"}, NodeOrigin::list_shards));
  nodes.push_back(member("s1b", 27018, member_hello("shard1", "secondary", s1, {"s1c:27018"}),
                         {Kind::shard, "shard1"}, NodeOrigin::list_shards));
  nodes.push_back(member("s1c", 27018, member_hello("shard1", "arbiter", s1, {"s1c:27018"}),
                         {Kind::shard, "shard1"}, NodeOrigin::hello));
  return nodes;
}

}  // namespace mongoscan::cluster_fixture
