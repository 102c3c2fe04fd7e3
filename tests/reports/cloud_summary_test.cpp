#include "reports/cloud_summary.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace mongoscan {
namespace cloud_summary_test {
namespace {

CloudSecurityGroup group(std::string id, std::string source) {
  return {std::move(id), "", {{true, "tcp", {{27017, 27017}}, std::move(source), "", "why"}}};
}

// One region: instance cmgo-1 at 10.0.0.21:27017 with mongos 10.0.0.22 (public 203.0.113.45)
// in group sg-db, and a public load balancer lb-1 at 203.0.113.80 in group sg-lb forwarding port
// 27017 to that mongos.
CloudAccountFacts region() {
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  account.regions = {"ap-guangzhou"};
  ManagedInstance instance;
  instance.provider = "tencentcloud";
  instance.region = "ap-guangzhou";
  instance.id = "cmgo-1";
  instance.topology = "sharded";
  instance.vip = "10.0.0.21";
  instance.vport = 27017;
  instance.nodes = std::vector<ManagedNode>{
      {"cmgo-1-mongos-0", "10.0.0.22:27017", "203.0.113.45:27017", "MONGOS", false}};
  instance.security_groups = std::vector<CloudSecurityGroup>{group("sg-db", "10.0.1.0/24")};
  account.instances = {instance};
  account.load_balancers = {{"ap-guangzhou",
                             "lb-1",
                             "front",
                             true,
                             {"203.0.113.80"},
                             {"sg-lb"},
                             false,
                             std::vector<LoadBalancerForward>{{"TCP", 27017, "10.0.0.22:27017"}},
                             {group("sg-lb", "0.0.0.0/0")}}};
  return account;
}

std::vector<std::string> hop_names(const CloudPathSummary& path) {
  std::vector<std::string> names;
  for (const CloudHop& hop : path.hops) names.push_back(hop.kind + " " + hop.name);
  return names;
}

TEST(CloudSummary, EachWayInFromTheInternetIsTracedThroughEveryGroup) {
  const CloudAccountSummary summary = summarize_cloud_account(region(), "prod");
  ASSERT_EQ(summary.deployments.size(), 1u);
  const ManagedDeploymentSummary& instance = summary.deployments[0];
  EXPECT_EQ(instance.subject, "tencentcloud:ap-guangzhou/cmgo-1");
  ASSERT_TRUE(instance.paths_from_internet.has_value());
  ASSERT_EQ(instance.paths_from_internet->size(), 2u);
  EXPECT_EQ(hop_names((*instance.paths_from_internet)[0]),
            (std::vector<std::string>{"internet internet", "public_address 203.0.113.45:27017",
                                      "security_group sg-db", "node cmgo-1-mongos-0"}));
  EXPECT_EQ(
      hop_names((*instance.paths_from_internet)[1]),
      (std::vector<std::string>{"internet internet", "load_balancer lb-1", "security_group sg-lb",
                                "security_group sg-db", "instance cmgo-1"}));
  // The addresses that join it: VIP, node, public address, and the load balancer's VIP:port.
  EXPECT_EQ(instance.addresses,
            (std::vector<std::string>{"10.0.0.21:27017", "10.0.0.22:27017", "203.0.113.45:27017",
                                      "203.0.113.80:27017"}));
  ASSERT_EQ(summary.security_groups.size(), 2u);
  EXPECT_EQ(describe_rule(summary.security_groups[1].inbound[0]),
            "accept tcp 27017 from 0.0.0.0/0 (why)");
}

TEST(CloudSummary, ALoadBalancerThatPassesToItsTargetsSkipsTheInstancesGroups) {
  CloudAccountFacts account = region();
  account.load_balancers[0].passes_to_target = true;
  account.instances[0].nodes->front().public_address.clear();
  const auto paths = summarize_cloud_account(account, "").deployments[0].paths_from_internet;
  ASSERT_TRUE(paths.has_value());
  ASSERT_EQ(paths->size(), 1u);
  EXPECT_EQ(hop_names((*paths)[0]),
            (std::vector<std::string>{"internet internet", "load_balancer lb-1",
                                      "security_group sg-lb", "instance cmgo-1"}));
  EXPECT_NE((*paths)[0].note.find("not applied"), std::string::npos);
}

TEST(CloudSummary, InternalLoadBalancersAreNoWayInAndUnreadPartsLeaveTheWaysUnknown) {
  CloudAccountFacts account = region();
  account.load_balancers[0].public_facing = false;
  account.instances[0].nodes->front().public_address.clear();
  const auto inside = summarize_cloud_account(account, "").deployments[0].paths_from_internet;
  ASSERT_TRUE(inside.has_value());
  EXPECT_TRUE(inside->empty());

  CloudAccountFacts unlisted = region();
  unlisted.failed_reads.push_back({"clb:DescribeLoadBalancers", "ap-guangzhou",
                                   Error{ErrorCode::unauthorized, "cloud", "refused"}});
  EXPECT_FALSE(summarize_cloud_account(unlisted, "").deployments[0].paths_from_internet);
  CloudAccountFacts targets_unread = region();
  targets_unread.load_balancers[0].forwards.reset();
  EXPECT_FALSE(summarize_cloud_account(targets_unread, "").deployments[0].paths_from_internet);
  CloudAccountFacts groups_unread = region();
  groups_unread.instances[0].security_groups.reset();
  EXPECT_FALSE(summarize_cloud_account(groups_unread, "").deployments[0].paths_from_internet);
}

NodeSummary node(std::string address) {
  NodeSummary summary;
  summary.address = std::move(address);
  return summary;
}

TEST(CloudSummary, TheTargetThatReachedADeploymentCarriesItOnEveryNode) {
  CloudAccountSummary account = summarize_cloud_account(region(), "prod");
  // Through the VIP, as a load balancer in front of the mongos: both nodes are the instance's.
  TargetSummary through_vip{"mongodb://10.0.0.21:27017/", "sharded", {}, std::nullopt, "prod"};
  through_vip.nodes = {node("10.0.0.22:27017"), node("10.0.0.40:27018")};
  ClusterSummary tree;
  tree.mongos = {{"10.0.0.21:27017", "10.0.0.22:27017", true}};
  through_vip.cluster = tree;
  // The same address in another environment (another VPC) is not the instance.
  TargetSummary other_environment = through_vip;
  other_environment.environment = "staging";
  // A target no address of the instance names.
  TargetSummary unrelated{"mongodb://10.9.9.9:27017/", "standalone", {}, std::nullopt, "prod"};
  unrelated.nodes = {node("10.9.9.9:27017")};
  // Through the public load balancer's address.
  TargetSummary through_balancer{
      "mongodb://203.0.113.80:27017/", "sharded", {}, std::nullopt, "prod"};
  through_balancer.nodes = {node("203.0.113.80:27017")};
  std::vector<TargetSummary> targets = {through_vip, other_environment, unrelated,
                                        through_balancer};
  join_probed_nodes(account, targets);
  const std::string subject = "tencentcloud:ap-guangzhou/cmgo-1";
  for (const NodeSummary& joined : targets[0].nodes) EXPECT_EQ(joined.managed_by, subject);
  EXPECT_TRUE(targets[1].nodes[0].managed_by.empty());
  EXPECT_TRUE(targets[2].nodes[0].managed_by.empty());
  EXPECT_EQ(targets[3].nodes[0].managed_by, subject);
  EXPECT_EQ(account.deployments[0].probed_nodes,
            (std::vector<std::string>{"10.0.0.22:27017", "10.0.0.40:27018", "203.0.113.80:27017"}));
  EXPECT_EQ(managed_deployments(targets[0]), (std::vector<std::string>{subject}));
}

TEST(CloudSummary, AnAtlasClusterIsJoinedThroughItsSrvNameOrItsHosts) {
  CloudAccountFacts facts;
  facts.provider = "atlas";
  AtlasProject project;
  project.id = "66a1b2c3d4e5f60718293a5c";
  AtlasCluster cluster;
  cluster.name = "prod";
  cluster.cluster_type = "REPLICASET";
  cluster.standard_srv = "mongodb+srv://prod.ab12c.mongodb.net";
  cluster.standard = "mongodb://prod-shard-00-00.ab12c.mongodb.net:27017/?ssl=true";
  project.clusters = std::vector<AtlasCluster>{cluster};
  project.access_list = std::vector<AtlasAccessEntry>{};
  facts.projects = {project};
  CloudAccountSummary account = summarize_cloud_account(facts, "");
  ASSERT_EQ(account.deployments.size(), 1u);
  EXPECT_EQ(account.deployments[0].subject, "atlas:66a1b2c3d4e5f60718293a5c/prod");
  ASSERT_TRUE(account.deployments[0].paths_from_internet.has_value());
  EXPECT_TRUE(account.deployments[0].paths_from_internet->empty()) << "an empty access list";
  TargetSummary by_srv{"mongodb+srv://PROD.ab12c.mongodb.net/", "replica_set", {}, std::nullopt};
  by_srv.nodes = {node("prod-shard-00-01.ab12c.mongodb.net:27017")};
  TargetSummary by_host{
      "mongodb://prod-shard-00-00.ab12c.mongodb.net:27017/", "replica_set", {}, std::nullopt};
  by_host.nodes = {node("prod-shard-00-00.ab12c.mongodb.net:27017")};
  std::vector<TargetSummary> targets = {by_srv, by_host};
  join_probed_nodes(account, targets);
  EXPECT_EQ(targets[0].nodes[0].managed_by, account.deployments[0].subject);
  EXPECT_EQ(targets[1].nodes[0].managed_by, account.deployments[0].subject);
}

}  // namespace
}  // namespace cloud_summary_test
}  // namespace mongoscan
