// DISC-003 and DISC-004 on sharded clusters built in memory; HARD-011 on replica sets.

#include "checks/connection/cluster_shape.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>

#include "tests/checks/uri_target_fixture.h"
#include "tests/scanner/facts/cluster_facts_fixture.h"

namespace mongoscan {
namespace cluster_shape_test {
namespace {

using check_test::finding_for;
using namespace cluster_fixture;

DeploymentFacts cluster(std::vector<NodeFacts> nodes) {
  DeploymentFacts facts;
  facts.redacted_uri = "mongodb://mongos1:27017";
  facts.nodes = std::move(nodes);
  return facts;
}

Finding judge(const DeploymentFacts& facts, std::string_view id) {
  return finding_for(check_cluster_shape(facts, Policy{}), id);
}

TEST(ClusterReplicaSets, APrimarySecondaryArbiterShardWarns) {
  const Finding finding = judge(cluster(sample_cluster(false)), "DISC-003");
  EXPECT_EQ(finding.status, Status::warn) << finding.message;
  EXPECT_EQ(finding.message,
            "shard shard1 is primary-secondary-arbiter (2 data-bearing members): with one of them "
            "down, majority writes stall");
  ASSERT_EQ(finding.evidence["sets"].size(), 3u);
  EXPECT_EQ(finding.evidence["sets"][1]["data_bearing"], 3) << "a hidden member bears data";
}

TEST(ClusterReplicaSets, ThreeDataBearingMembersEverywherePass) {
  auto nodes = sample_cluster(false);
  // shard1 with a third data-bearing member in place of its arbiter.
  std::erase_if(nodes, [](const NodeFacts& node) { return node.component.name == "shard1"; });
  const std::vector<std::string> hosts = {"s1a:27018", "s1b:27018", "s1c:27018"};
  int index = 0;
  for (const char* role : {"primary", "secondary", "secondary"}) {
    nodes.push_back(member("s1" + std::string(1, static_cast<char>('a' + index++)), 27018,
                           member_hello("shard1", role, hosts),
                           {ClusterComponent::Kind::shard, "shard1"}, NodeOrigin::list_shards));
  }
  const Finding finding = judge(cluster(std::move(nodes)), "DISC-003");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.message,
            "the config servers and all 2 shards are replica sets with at least three "
            "data-bearing members");
}

TEST(ClusterReplicaSets, AStandaloneShardOrATwoMemberSetFails) {
  auto nodes = sample_cluster(false);
  // shard1 replaced by one standalone mongod.
  std::erase_if(nodes, [](const NodeFacts& node) { return node.component.name == "shard1"; });
  nodes.push_back(member("s1a", 27018, bson::Document{{"isWritablePrimary", true}},
                         {ClusterComponent::Kind::shard, "shard1"}, NodeOrigin::list_shards));
  const Finding standalone = judge(cluster(nodes), "DISC-003");
  EXPECT_EQ(standalone.status, Status::fail);
  EXPECT_EQ(standalone.message, "shard shard1 is a standalone mongod, not a replica set");

  std::erase_if(nodes, [](const NodeFacts& node) { return node.host == "s0h"; });
  const Finding two = judge(cluster(nodes), "DISC-003");
  EXPECT_NE(two.message.find("shard shard0 has 2 data-bearing members"), std::string::npos)
      << two.message;
}

TEST(ClusterReplicaSets, NotShardedOrNoShardKnownIsSkipped) {
  EXPECT_EQ(
      judge(cluster({node("db", 27017, member_hello("rs0", "primary", {"db:27017"}))}), "DISC-003")
          .status,
      Status::skipped);
  NodeFacts router = mongos("mongos1", 27017, "mongos1:27017");
  router.commands["listShards"].state = CommandOutcome::State::not_permitted;
  const Finding unknown = judge(cluster({router}), "DISC-003");
  EXPECT_EQ(unknown.status, Status::skipped);
  EXPECT_NE(unknown.message.find("listShards action"), std::string::npos) << unknown.message;
}

// A replica set rs0 target: one node per (host, role), every hello listing the data-bearing
// `hosts` and the `arbiters`.
DeploymentFacts replica_set(const std::vector<std::pair<std::string, std::string>>& members) {
  std::vector<std::string> hosts, arbiters;
  for (const auto& [host, role] : members)
    (role == "arbiter" ? arbiters : hosts).push_back(host + ":27017");
  std::vector<NodeFacts> nodes;
  for (const auto& [host, role] : members)
    nodes.push_back(node(host, 27017, member_hello("rs0", role, hosts, arbiters)));
  return cluster(std::move(nodes));
}

TEST(ReplicaSetShape, ThreeDataBearingMembersPass) {
  const Finding finding =
      judge(replica_set({{"a", "primary"}, {"b", "secondary"}, {"c", "secondary"}}), "HARD-011");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["data_bearing"], 3);
}

TEST(ReplicaSetShape, PrimarySecondaryArbiterWarnsWithTheWriteConcernCaveat) {
  const Finding finding =
      judge(replica_set({{"a", "primary"}, {"b", "secondary"}, {"c", "arbiter"}}), "HARD-011");
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_NE(finding.message.find("primary-secondary-arbiter"), std::string::npos);
  EXPECT_NE(finding.message.find("implicit default write concern (w:1)"), std::string::npos);
  EXPECT_EQ(finding.evidence["arbiters"], 1);
}

TEST(ReplicaSetShape, TwoDataBearingMembersFail) {
  const Finding finding = judge(replica_set({{"a", "primary"}, {"b", "secondary"}}), "HARD-011");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("2 data-bearing members"), std::string::npos);
}

// The set's configuration (replSetGetConfig) as the primary reports it: each member's votes and
// delay, by "<host>:27017".
void configure(DeploymentFacts& facts, const std::map<std::string, std::pair<int, int>>& members) {
  bson::Array list;
  for (const NodeFacts& member : facts.nodes) {
    const auto found = members.find(member.host);
    const auto [votes, delay] = found == members.end() ? std::pair{1, 0} : found->second;
    const bool arbiter = member.hello && member.hello->get_bool("arbiterOnly").value_or(false);
    list.push_back(bson::Document{{"_id", std::int32_t{0}},
                                  {"host", member.address()},
                                  {"arbiterOnly", arbiter},
                                  {"secondaryDelaySecs", std::int64_t{delay}},
                                  {"votes", std::int32_t{votes}}});
  }
  CommandOutcome outcome;
  outcome.state = CommandOutcome::State::ok;
  outcome.reply =
      bson::Document{{"config", bson::Document{{"_id", "rs0"}, {"members", list}}}, {"ok", 1.0}};
  facts.nodes.front().commands["replSetGetConfig"] = outcome;
}

// w:"majority" counts voting, data-bearing members (ReplSetConfig::_calculateMajorities,
// repl_set_config.cpp): a non-voting member does not make a set of three, nor does a delayed one,
// and both are named apart.
TEST(ReplicaSetShape, NonVotingAndDelayedMembersAreNotCounted) {
  DeploymentFacts facts =
      replica_set({{"a", "primary"}, {"b", "secondary"}, {"c", "passive"}, {"d", "hidden"}});
  configure(facts, {{"c", {0, 0}}, {"d", {1, 3600}}});
  const Finding finding = judge(facts, "HARD-011");
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_NE(finding.message.find("2 voting, undelayed data-bearing members"), std::string::npos)
      << finding.message;
  EXPECT_NE(finding.message.find("non-voting c:27017"), std::string::npos);
  EXPECT_NE(finding.message.find("delayed d:27017"), std::string::npos);
  EXPECT_EQ(finding.evidence["write_majority"], 2) << "3 votes: a majority of 2";

  // Three undelayed voters and a voting delayed member: w:majority may wait out the delay.
  DeploymentFacts waiting =
      replica_set({{"a", "primary"}, {"b", "secondary"}, {"c", "secondary"}, {"d", "hidden"}});
  configure(waiting, {{"d", {1, 3600}}});
  const Finding slow = judge(waiting, "HARD-011");
  EXPECT_EQ(slow.status, Status::warn) << slow.message;
  EXPECT_NE(slow.message.find("votes: 0"), std::string::npos);
  // The same delayed member without a vote: sound.
  configure(waiting, {{"d", {0, 3600}}});
  EXPECT_EQ(judge(waiting, "HARD-011").status, Status::pass);
}

TEST(ReplicaSetShape, ShardedClustersAndStandalonesAreNotApplicable) {
  const Finding sharded = judge(cluster(sample_cluster(false)), "HARD-011");
  EXPECT_EQ(sharded.status, Status::skipped);
  EXPECT_NE(sharded.message.find("DISC-003"), std::string::npos);
  const Finding standalone =
      judge(cluster({node("db", 27017, bson::Document{{"isWritablePrimary", true}})}), "HARD-011");
  EXPECT_EQ(standalone.status, Status::skipped);
  EXPECT_NE(standalone.message.find("standalone"), std::string::npos);
}

TEST(ClusterRouters, OneLiveMongosFailsAndStaleOnesDoNotCount) {
  const Finding two = judge(cluster(sample_cluster(false)), "DISC-004");
  EXPECT_EQ(two.status, Status::pass) << two.message;
  EXPECT_EQ(two.evidence["stale_mongos"], nlohmann::json::array({"retired:27017"}));

  NodeFacts only = node("m", 27017, mongos_hello());
  only.commands["serverStatus"] = ok(server_status("m:27017", ""));
  only.commands["find config.mongos"] = ok(find_reply(
      {mongos_document("m:27017", kNowMs), mongos_document("old:27017", kNowMs - 600000)},
      "config.mongos"));
  const Finding one = judge(cluster({only}), "DISC-004");
  EXPECT_EQ(one.status, Status::fail);
  EXPECT_EQ(one.message,
            "the cluster runs one mongos (m:27017): when it stops, every application loses the "
            "cluster");
}

}  // namespace
}  // namespace cluster_shape_test
}  // namespace mongoscan
