// What a mongos or config server member says about the rest of its cluster, read from replies
// shaped as the server shapes them.

#include "scanner/facts/sharded_cluster.h"

#include <gtest/gtest.h>

#include "tests/scanner/facts/cluster_facts_fixture.h"

namespace mongoscan {
namespace sharded_cluster_test {
namespace {

using namespace cluster_fixture;

TEST(ReplicaSetAddress, SetNameThenHosts) {
  const auto parsed = parse_replica_set_address("shard0/a:27018,b:27018,[::1]:27018");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->set_name, "shard0");
  EXPECT_EQ(parsed->hosts, (std::vector<std::string>{"a:27018", "b:27018", "[::1]:27018"}));
  EXPECT_FALSE(parse_replica_set_address("a:27018,b:27018")) << "no set name: not a set";
  EXPECT_FALSE(parse_replica_set_address("/a:27018"));
  EXPECT_FALSE(parse_replica_set_address("shard0/"));
  EXPECT_EQ(parse_replica_set_address("s/a,,b")->hosts, (std::vector<std::string>{"a", "b"}));
}

TEST(ShardsListedBy, ListShardsOnAMongosElseConfigShardsOnAConfigServer) {
  const NodeFacts router = mongos("m", 27017, "m:27017");
  const auto shards = shards_listed_by(router);
  ASSERT_EQ(shards.size(), 2u);
  EXPECT_EQ(shards[0].id, "shard0");
  EXPECT_EQ(shards[0].address.set_name, "shard0");
  EXPECT_EQ(shards[1].address.hosts, (std::vector<std::string>{"s1a:27018", "s1b:27018"}));
  EXPECT_EQ(shards[0].listed_by, NodeOrigin::list_shards);

  NodeFacts config = node("cfg1", 27019, member_hello("cfg", "primary", {"cfg1:27019"}, {}, true));
  config.commands["find config.shards"] =
      ok(find_reply({bson::Document{{"_id", "shard7"}, {"host", "rs7/x:1"}, {"state", 1}},
                     bson::Document{{"_id", "broken"}, {"host", "no-set-name:1"}}},
                    "config.shards"));
  const auto from_config = shards_listed_by(config);
  ASSERT_EQ(from_config.size(), 1u) << "a host without setName/ is no shard address";
  EXPECT_EQ(from_config[0].id, "shard7");
  EXPECT_EQ(from_config[0].listed_by, NodeOrigin::config_shards);

  NodeFacts refused = router;
  refused.commands["listShards"].state = CommandOutcome::State::not_permitted;
  EXPECT_TRUE(shards_listed_by(refused).empty());
}

TEST(ConfigServersNamedBy, ServerStatusShardingElseGetShardMap) {
  const NodeFacts router = mongos("m", 27017, "m:27017");
  const auto named = config_servers_named_by(router);
  ASSERT_TRUE(named);
  EXPECT_EQ(named->set_name, "cfg");
  EXPECT_EQ(named->hosts.size(), 3u);

  NodeFacts without_section = node("m", 27017, mongos_hello());
  without_section.commands["serverStatus"] = ok(server_status("m:27017", ""));
  EXPECT_FALSE(config_servers_named_by(without_section));
  without_section.commands["getShardMap"] = ok(bson::Document{
      {"map", bson::Document{{"shard0", "shard0/s0a:27018"}, {"config", "conf/c1:27019,c2:27019"}}},
      {"ok", 1.0}});
  const auto from_map = config_servers_named_by(without_section);
  ASSERT_TRUE(from_map);
  EXPECT_EQ(from_map->set_name, "conf");
  EXPECT_EQ(from_map->hosts, (std::vector<std::string>{"c1:27019", "c2:27019"}));
}

TEST(MongosRegisteredWith, ActiveWithinSixtySecondsOfTheLatestPing) {
  NodeFacts router = node("m", 27017, mongos_hello());
  router.commands["find config.mongos"] = ok(find_reply(
      {mongos_document("a:27017", kNowMs), mongos_document("b:27017", kNowMs - 60000),
       mongos_document("c:27017", kNowMs - 60001, "7.0.2"), bson::Document{{"_id", "d:27017"}}},
      "config.mongos"));
  const auto registered = mongos_registered_with(router);
  ASSERT_EQ(registered.size(), 4u);
  EXPECT_TRUE(registered[0].active);
  EXPECT_TRUE(registered[1].active) << "exactly 60 s before the latest ping is still active";
  EXPECT_FALSE(registered[2].active);
  EXPECT_EQ(registered[2].version, "7.0.2");
  EXPECT_EQ(registered[2].ping_ms, kNowMs - 60001);
  EXPECT_FALSE(registered[3].active) << "a mongos that never pinged is not active";
  EXPECT_FALSE(registered[3].ping_ms);
}

}  // namespace
}  // namespace sharded_cluster_test
}  // namespace mongoscan
