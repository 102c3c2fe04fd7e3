#include "reports/topology_chart.h"

#include <gtest/gtest.h>

#include "tests/support/xml_check.h"

namespace mongoscan {
namespace topology_chart_test {
namespace {

using testing_support::is_well_formed_xml;

NodeSummary node(const std::string& address, const std::string& role, bool reached = true) {
  NodeSummary summary;
  summary.address = address;
  summary.role = role;
  if (reached) {
    summary.version = "7.0.9";
  } else {
    summary.errors.push_back(Error{ErrorCode::timeout, "connect", "timed out"});
  }
  return summary;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t found = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++found;
  }
  return found;
}

// A replica set: one row of members, each coloured by its worst result; an unreachable member is
// dashed and says so; a member nothing judged is grey.
TEST(TopologyChart, AReplicaSetIsARowOfMembersColouredByTheirWorstResult) {
  TargetSummary target{"mongodb://db1:27017/?replicaSet=rs0", "replica_set", {}, std::nullopt};
  target.nodes = {node("db1:27017", "primary"), node("db2:27017", "secondary"),
                  node("db3:27017", "unknown", false), node("db4:27017", "secondary")};
  const std::string svg = topology_svg(
      target, {{"db1:27017", Status::fail}, {"db2:27017", Status::pass}}, "topology-1");
  EXPECT_TRUE(is_well_formed_xml(svg)) << svg;
  EXPECT_EQ(count(svg, "<g data-node="), 4u);
  EXPECT_NE(svg.find("<g data-node=\"db1:27017\" data-state=\"fail\"><title>db1:27017 (primary): "
                     "fail</title><rect x=\"120\" y=\"0\" width=\"170\" height=\"40\" rx=\"4\" "
                     "fill=\"#ffffff\" stroke=\"#b42318\""),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("data-node=\"db2:27017\" data-state=\"pass\""), std::string::npos);
  const std::size_t down = svg.find("data-node=\"db3:27017\" data-state=\"unreachable\"");
  ASSERT_NE(down, std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray", down), std::string::npos);
  EXPECT_NE(svg.find("data-node=\"db4:27017\" data-state=\"not judged\""), std::string::npos);
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_EQ(svg.find("href"), std::string::npos);
}

// A sharded cluster: a row for the mongos, one for the config server set, one per shard (at most
// kTopologyShards, then a line for the rest), each labelled.
TEST(TopologyChart, AShardedClusterIsMongosConfigServersAndShards) {
  TargetSummary target{"mongodb://lb:27017/", "sharded", {}, ClusterSummary{}};
  ClusterSummary& cluster = *target.cluster;
  cluster.mongos = {{"m1:27017", "m1:27017", false}, {"m2:27017", "m2:27017", false}};
  target.nodes = {node("m1:27017", "mongos"), node("m2:27017", "mongos")};
  cluster.config_servers = ClusterPartSummary{"cfg", "cfg", {"c1:27019"}};
  target.nodes.push_back(node("c1:27019", "primary"));
  for (std::size_t shard = 0; shard < kTopologyShards + 2; ++shard) {
    const std::string address = "s" + std::to_string(shard) + ":27018";
    cluster.shards.push_back(
        {"shard" + std::to_string(shard), "rs" + std::to_string(shard), {address}});
    target.nodes.push_back(node(address, "primary"));
  }
  const std::string svg = topology_svg(target, {}, "t");
  EXPECT_TRUE(is_well_formed_xml(svg)) << svg;
  EXPECT_NE(svg.find(">mongos</text>"), std::string::npos);
  EXPECT_NE(svg.find(">config cfg</text>"), std::string::npos);
  EXPECT_NE(svg.find(">shard shard0</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">shard shard12</text>"), std::string::npos) << "past the drawn shards";
  EXPECT_NE(svg.find(">and 2 more shards: see the targets table</text>"), std::string::npos);
  EXPECT_EQ(count(svg, "<g data-node="), 2u + 1u + kTopologyShards);
}

TEST(TopologyChart, ATargetWithoutNodesDrawsNothing) {
  EXPECT_EQ(topology_svg(TargetSummary{"mongodb://x/", "unknown", {}, std::nullopt}, {}, "t"), "");
}

}  // namespace
}  // namespace topology_chart_test
}  // namespace mongoscan
