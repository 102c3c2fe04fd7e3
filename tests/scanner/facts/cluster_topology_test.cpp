// The parts of a sharded cluster and the load balancer in front of its mongos, from probed facts.

#include "scanner/facts/cluster_topology.h"

#include <gtest/gtest.h>

#include "tests/scanner/facts/cluster_facts_fixture.h"

namespace mongoscan {
namespace cluster_topology_test {
namespace {

using namespace cluster_fixture;

TEST(ClusterTopology, EveryNodeInItsPart) {
  const auto nodes = sample_cluster(/*through_vip=*/false);
  ASSERT_TRUE(is_sharded_cluster(nodes));
  const ClusterTopology cluster = cluster_topology(nodes);
  ASSERT_EQ(cluster.routers.size(), 2u);
  EXPECT_EQ(cluster.config_servers.name, "cfg");
  EXPECT_EQ(cluster.config_servers.members.size(), 3u);
  ASSERT_EQ(cluster.shards.size(), 2u);
  EXPECT_EQ(cluster.shards[0].name, "shard0");
  EXPECT_EQ(cluster.shards[0].members.size(), 3u);
  EXPECT_EQ(cluster.shards[1].set_name, "shard1");
  EXPECT_TRUE(cluster.unplaced.empty());
  EXPECT_EQ(cluster.live_mongos(), (std::vector<std::string>{"mongos1:27017", "mongos2:27017"}));
  ASSERT_EQ(cluster.registered.size(), 3u);
  EXPECT_FALSE(cluster.registered[2].active) << "retired:27017 stopped pinging 90 minutes ago";
}

TEST(ClusterTopology, ASeedPlacedByItsOwnHello) {
  // Seeds carry no component: a config server member is known by hello's configsvr, a shard
  // member by a set name that some node's shard list names.
  auto nodes = sample_cluster(false);
  for (NodeFacts& node : nodes) node.component = {};
  const ClusterTopology cluster = cluster_topology(nodes);
  EXPECT_EQ(cluster.config_servers.members.size(), 3u);
  ASSERT_EQ(cluster.shards.size(), 2u);
  EXPECT_EQ(cluster.shards[1].members.size(), 3u);
  EXPECT_FALSE(
      is_sharded_cluster({node("db", 27017, member_hello("rs0", "primary", {"db:27017"}))}));
}

TEST(ClusterTopology, AnAddressServingAnotherMongosIsALoadBalancer) {
  const auto nodes = sample_cluster(/*through_vip=*/true);
  const ClusterTopology cluster = cluster_topology(nodes);
  const ClusterRouter* vip = cluster.router_at("VIP:27017");
  ASSERT_NE(vip, nullptr);
  EXPECT_TRUE(vip->load_balancer);
  EXPECT_EQ(vip->reached, "mongos1:27017");
  const ClusterRouter* direct = cluster.router_at("mongos1:27017");
  ASSERT_NE(direct, nullptr);
  EXPECT_FALSE(direct->load_balancer);
  EXPECT_EQ(cluster.live_mongos().size(), 2u) << "the VIP is no third mongos";
}

TEST(ClusterTopology, ADifferentPortIsALoadBalancerAndAnAliasIsNot) {
  // A balancer forwarding 27100 to the mongos's 27017, the mongos itself not probed.
  std::vector<NodeFacts> forwarded = {mongos("10.0.0.9", 27100, "mongos7:27017")};
  EXPECT_TRUE(cluster_topology(forwarded).routers[0].load_balancer);
  // The same port, its own name unreached: nothing says it is a balancer.
  std::vector<NodeFacts> unknown = {mongos("10.0.0.9", 27017, "mongos7:27017")};
  EXPECT_FALSE(cluster_topology(unknown).routers[0].load_balancer);
  // Reached by IP; its own name connected to the same endpoint (an alias): the mongos itself.
  std::vector<NodeFacts> by_ip = {mongos("10.0.0.7", 27017, "mongos7:27017")};
  by_ip[0].aliases = {"mongos7:27017"};
  EXPECT_FALSE(cluster_topology(by_ip).routers[0].load_balancer);
}

TEST(ClusterTopology, AnUnreachedRegisteredMongosStaysListed) {
  auto nodes = sample_cluster(false);
  nodes[1].hello.reset();
  nodes[1].reachable = false;
  nodes[1].commands.clear();
  nodes[1].errors.push_back(Error{ErrorCode::timeout, "connect", "no answer before the deadline"});
  const ClusterTopology cluster = cluster_topology(nodes);
  EXPECT_EQ(cluster.routers.size(), 2u);
  EXPECT_EQ(cluster.live_mongos(), (std::vector<std::string>{"mongos1:27017", "mongos2:27017"}))
      << "still active in config.mongos";
}

}  // namespace
}  // namespace cluster_topology_test
}  // namespace mongoscan
