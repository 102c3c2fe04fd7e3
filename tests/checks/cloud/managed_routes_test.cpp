#include "checks/cloud/managed_routes.h"

#include <gtest/gtest.h>

#include "tests/checks/cloud/managed_cloud_fixture.h"

namespace mongoscan {
namespace managed_routes_test {
namespace {

using managed_cloud_fixture::clouds;

TEST(ManagedRoutes, NameHowTheStringReachesEachDeployment) {
  const auto routes = managed_routes(
      parse_connection_string("mongodb://10.0.0.21:27017,203.0.113.45:27017/").value(), clouds());
  ASSERT_EQ(1u, routes.size());
  EXPECT_EQ("tencentcloud:ap-guangzhou/cmgo-shard001", routes[0].name);
  EXPECT_TRUE(routes[0].vip);
  EXPECT_TRUE(routes[0].public_path);
  EXPECT_EQ((std::vector<std::string>{
                "10.0.0.21:27017 (the instance's VIP)",
                "203.0.113.45:27017 (the public address of node cmgo-shard001-mongos-0)"}),
            routes[0].through);
  EXPECT_TRUE(
      managed_routes(parse_connection_string("mongodb://db.internal/").value(), clouds()).empty());
  // A VIP on another port is another service.
  EXPECT_TRUE(
      managed_routes(parse_connection_string("mongodb://10.0.0.21:27018/").value(), clouds())
          .empty());
}

TEST(ManagedRoutes, AnAtlasClusterByItsSrvNameOrItsStandardHostsWhateverTheCase) {
  const auto srv = managed_routes(
      parse_connection_string("mongodb+srv://C0.AB12C.mongodb.net/").value(), clouds());
  ASSERT_EQ(1u, srv.size());
  EXPECT_EQ("atlas:66a1b2c3d4e5f60718293a5c/c0", srv[0].name);
  const auto hosts = managed_routes(
      parse_connection_string("mongodb://c0-shard-00-01.ab12c.mongodb.net:27017/").value(),
      clouds());
  ASSERT_EQ(1u, hosts.size());
  EXPECT_EQ(std::vector<std::string>{"c0-shard-00-01.ab12c.mongodb.net:27017"}, hosts[0].nodes);
}

// The probed deployment a string reaches only through the control plane: the scan reached the
// sharded instance through its VIP (the target) or a mongos (a node), the string names the public
// load balancer in front of it.
TEST(ManagedRoutes, AStringReachesAProbedDeploymentThroughTheInstanceTheyShare) {
  DeploymentFacts through_vip;
  through_vip.uri = parse_connection_string("mongodb://10.0.0.21:27017/").value();
  DeploymentFacts through_node;
  through_node.uri = parse_connection_string("mongodb://mongos.internal:27017/").value();
  NodeFacts mongos;
  mongos.host = "10.0.0.22";
  mongos.port = 27017;
  through_node.nodes = {mongos};
  DeploymentFacts elsewhere;
  elsewhere.uri = parse_connection_string("mongodb://db9.internal:27017/").value();
  const auto balancer = parse_connection_string("mongodb://198.51.100.10:27017/").value();
  const std::vector<DeploymentFacts> by_target = {elsewhere, through_vip};
  EXPECT_EQ(deployment_reached_through_control_plane(balancer, by_target, clouds()), &by_target[1]);
  const std::vector<DeploymentFacts> by_node = {elsewhere, through_node};
  EXPECT_EQ(deployment_reached_through_control_plane(balancer, by_node, clouds()), &by_node[1]);
  EXPECT_EQ(
      deployment_reached_through_control_plane(
          parse_connection_string("mongodb://db9.internal:27017/").value(), by_target, clouds()),
      nullptr)
      << "a string no managed deployment answers for";
  const std::vector<DeploymentFacts> none = {elsewhere};
  EXPECT_EQ(deployment_reached_through_control_plane(balancer, none, clouds()), nullptr);
}

}  // namespace
}  // namespace managed_routes_test
}  // namespace mongoscan
