// CONN-003, CONN-008 and CONN-010 on real connection strings against deployments built in memory,
// and which probed deployment a connection string reaches.

#include "checks/connection/deployment_connection.h"

#include <gtest/gtest.h>

#include <random>

#include "scanner/dns/srv_seedlist.h"
#include "tests/checks/uri_target_fixture.h"
#include "tests/scanner/facts/cluster_facts_fixture.h"

namespace mongoscan {
namespace deployment_connection_test {
namespace {

using check_test::finding_for;
using check_test::uri_target;

constexpr std::uint16_t kPort = 27017;

NodeFacts node(const std::string& host, std::optional<bson::Document> hello) {
  NodeFacts facts;
  facts.host = host;
  facts.port = kPort;
  facts.reachable = hello.has_value();
  facts.hello = std::move(hello);
  return facts;
}

bson::Document member_hello(const std::string& set_name, std::string_view role) {
  bson::Document hello{{"setName", set_name},
                       {"hosts", bson::Array{"db1.example.com:27017", "db2.example.com:27017"}}};
  if (role == "primary") hello.append("isWritablePrimary", true);
  if (role == "secondary") hello.append("secondary", true);
  if (role == "arbiter") hello.append("arbiterOnly", true);
  if (role == "hidden") {
    hello.append("secondary", true);
    hello.append("hidden", true);
  }
  return hello;
}

bson::Document mongos_hello() { return {{"msg", "isdbgrid"}, {"isWritablePrimary", true}}; }

bson::Document standalone_hello() { return {{"isWritablePrimary", true}}; }

DeploymentFacts deployment(const std::string& uri, std::vector<NodeFacts> nodes) {
  const UriTarget target = uri_target(uri);
  return {target.redacted_uri, target.connection, std::nullopt, std::move(nodes), std::nullopt};
}

// A mongodb+srv:// deployment whose SRV answer lists `nodes` and whose TXT record is `txt`.
DeploymentFacts srv_deployment(const std::string& uri, std::vector<NodeFacts> nodes,
                               std::vector<TxtRecord> txt = {}) {
  DeploymentFacts facts = deployment(uri, std::move(nodes));
  std::vector<SrvRecord> srv;
  for (const NodeFacts& member : facts.nodes) srv.push_back({member.host, member.port, 0, 0});
  std::mt19937 random(1);
  facts.seedlist = judge_seedlist_answers(facts.uri, srv, txt, random);
  EXPECT_FALSE(facts.seedlist->error()) << facts.seedlist->error()->message;
  return facts;
}

DeploymentFacts replica_set(const std::string& uri = "mongodb://db1.example.com") {
  return deployment(uri, {node("db1.example.com", member_hello("rs0", "primary")),
                          node("db2.example.com", member_hello("rs0", "secondary"))});
}

DeploymentFacts sharded(const std::string& uri, int mongos_count) {
  std::vector<NodeFacts> nodes;
  for (int i = 1; i <= mongos_count; ++i)
    nodes.push_back(node("mongos" + std::to_string(i) + ".example.com", mongos_hello()));
  return deployment(uri, std::move(nodes));
}

CommandOutcome ok_reply(bson::Document reply) {
  CommandOutcome outcome;
  outcome.state = CommandOutcome::State::ok;
  outcome.reply = std::move(reply);
  return outcome;
}

bson::Document server_status(std::int32_t current, std::int32_t available) {
  return {{"connections", bson::Document{{"current", current}, {"available", available}}},
          {"ok", 1.0}};
}

bson::Document cmd_line_opts(std::int32_t max_incoming) {
  return {
      {"parsed", bson::Document{{"net", bson::Document{{"maxIncomingConnections", max_incoming}}}}},
      {"ok", 1.0}};
}

// Every node of `facts` reports `limit` connections through serverStatus.
DeploymentFacts with_limit(DeploymentFacts facts, std::int32_t limit) {
  for (NodeFacts& member : facts.nodes)
    member.commands["serverStatus"] = ok_reply(server_status(10, limit - 10));
  return facts;
}

Policy app_instances(std::int64_t count) {
  Policy policy;
  policy.connection_budget.app_instances = count;
  return policy;
}

Finding judge(const std::string& uri, const DeploymentFacts* facts, std::string_view id,
              const Policy& policy = Policy{}) {
  return finding_for(check_deployment_connection(uri_target(uri), facts, policy), id);
}

Finding judge(const std::string& uri, const DeploymentFacts& facts, std::string_view id,
              const Policy& policy = Policy{}) {
  return judge(uri, &facts, id, policy);
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// deployment_reached_by

TEST(DeploymentReachedBy, TheSameSrvNameMatchesWhateverItsCase) {
  const std::vector<DeploymentFacts> deployments = {
      replica_set(),
      srv_deployment("mongodb+srv://Cluster.Example.com", {node("db1.example.com", std::nullopt)})};
  const auto uri = uri_target("mongodb+srv://app:pw@cluster.EXAMPLE.com/?appName=shop").connection;
  EXPECT_EQ(deployment_reached_by(uri, deployments), &deployments[1]);
}

TEST(DeploymentReachedBy, AnyHostThatIsANodeMatches) {
  // db4 is not a seed of the second deployment, only a member its hello revealed.
  const std::vector<DeploymentFacts> deployments = {
      replica_set(), deployment("mongodb://db3.example.com",
                                {node("db3.example.com", member_hello("rs1", "primary")),
                                 node("db4.example.com", member_hello("rs1", "secondary"))})};
  const auto uri = uri_target("mongodb://unknown.example.com,DB4.example.com").connection;
  EXPECT_EQ(deployment_reached_by(uri, deployments), &deployments[1]);
  EXPECT_EQ(deployment_reached_by(uri_target("mongodb://db1.example.com").connection, deployments),
            &deployments[0]);
}

TEST(DeploymentReachedBy, UnrelatedHostsOrPortsReachNothing) {
  const std::vector<DeploymentFacts> deployments = {replica_set()};
  EXPECT_EQ(
      deployment_reached_by(uri_target("mongodb://other.example.com").connection, deployments),
      nullptr);
  EXPECT_EQ(
      deployment_reached_by(uri_target("mongodb://db1.example.com:27018").connection, deployments),
      nullptr);
  EXPECT_EQ(deployment_reached_by(uri_target("mongodb://db1.example.com").connection, {}), nullptr);
}

TEST(DeploymentReachedBy, SrvAndPlainUrisDoNotMatchByName) {
  const std::vector<DeploymentFacts> srv = {
      srv_deployment("mongodb+srv://cluster.example.com",
                     {node("db1.example.com", member_hello("rs0", "primary"))})};
  EXPECT_EQ(deployment_reached_by(uri_target("mongodb://cluster.example.com").connection, srv),
            nullptr);

  const std::vector<DeploymentFacts> plain = {deployment(
      "mongodb://cluster.example.com", {node("cluster.example.com", standalone_hello())})};
  EXPECT_EQ(
      deployment_reached_by(uri_target("mongodb+srv://cluster.example.com").connection, plain),
      nullptr);
}

// Issue 38 item 6: a string that reaches the deployment only through its control plane (a load
// balancer's public VIP) is judged against the probed deployment's real connection limit, and
// CONN-010 leaves the connection method to CLOUD-006.
TEST(DeploymentConnectionChecks,
     ThroughTheControlPlaneTheBudgetIsJudgedAndTheMethodLeftToCloud006) {
  const DeploymentFacts cluster = with_limit(sharded("mongodb://mongos1.example.com", 2), 1000);
  const UriTarget target = uri_target("mongodb://198.51.100.10:27017/?maxPoolSize=100");
  const std::vector<Finding> findings =
      check_deployment_connection(target, {&cluster, true}, app_instances(9));
  const Finding budget = finding_for(findings, "CONN-008");
  EXPECT_EQ(budget.status, Status::fail) << budget.message;  // 900 of 1000 > 80%
  EXPECT_EQ(budget.evidence["connection_limit"], 1000);
  EXPECT_EQ(budget.evidence["reached_through"],
            "the control plane (probed as mongodb://mongos1.example.com)");
  const Finding method = finding_for(findings, "CONN-010");
  EXPECT_EQ(method.status, Status::skipped);
  EXPECT_TRUE(contains(method.message, "CLOUD-006"));
  // Reached directly, CONN-010 judges the same string from the probed routers.
  EXPECT_EQ(judge("mongodb://mongos1.example.com/", cluster, "CONN-010").status, Status::fail);
}

TEST(DeploymentConnectionChecks, EmitOneFindingPerCheckAndSkipWithoutADeployment) {
  const UriTarget target = uri_target("mongodb://app:Secr3t!pw@db1.example.com/?replicaSet=rs0");
  const auto findings = check_deployment_connection(target, nullptr, Policy{});
  ASSERT_EQ(findings.size(), deployment_connection_specs().size());
  for (std::size_t i = 0; i < findings.size(); ++i) {
    EXPECT_EQ(findings[i].check_id, deployment_connection_specs()[i].id);
    EXPECT_EQ(findings[i].subject.kind, Subject::Kind::uri);
    EXPECT_EQ(findings[i].subject.name, target.redacted_uri);
    EXPECT_EQ(findings[i].status, Status::skipped);
    EXPECT_TRUE(contains(findings[i].message, "no probed deployment")) << findings[i].message;
  }
}

// CONN-003

TEST(ConnectionReplicaSetName, FailsWhenAReplicaSetIsReachedWithoutReplicaSet) {
  Finding finding = judge("mongodb://db1.example.com,db2.example.com", replica_set(), "CONN-003");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(contains(finding.message, "replica set rs0")) << finding.message;
  EXPECT_TRUE(contains(finding.message, "names no replicaSet")) << finding.message;
  EXPECT_EQ(finding.evidence["topology"], "replica_set");
  EXPECT_EQ(finding.evidence["set_name"], "rs0");
  EXPECT_FALSE(finding.evidence.contains("replicaSet"));
}

TEST(ConnectionReplicaSetName, FailsWhenTheNameDiffersAndPassesWhenEqual) {
  Finding other = judge("mongodb://db1.example.com/?replicaSet=rs1", replica_set(), "CONN-003");
  EXPECT_EQ(other.status, Status::fail);
  EXPECT_TRUE(contains(other.message, "replicaSet=rs1 but the deployment's set is rs0"))
      << other.message;

  Finding same = judge("mongodb://db1.example.com/?replicaSet=rs0", replica_set(), "CONN-003");
  EXPECT_EQ(same.status, Status::pass);
  EXPECT_EQ(same.evidence["replicaSet"], "rs0");
  EXPECT_EQ(same.evidence["set_name"], "rs0");
}

TEST(ConnectionReplicaSetName, TheTxtRecordsReplicaSetCountsForAnSrvUri) {
  const auto nodes = replica_set().nodes;
  const DeploymentFacts right =
      srv_deployment("mongodb+srv://cluster.example.com", nodes, {{"replicaSet=rs0"}});
  Finding from_txt = judge("mongodb+srv://cluster.example.com", right, "CONN-003");
  EXPECT_EQ(from_txt.status, Status::pass);
  EXPECT_EQ(from_txt.evidence["replicaSet"], "rs0");

  const DeploymentFacts wrong =
      srv_deployment("mongodb+srv://cluster.example.com", nodes, {{"replicaSet=old"}});
  EXPECT_EQ(judge("mongodb+srv://cluster.example.com", wrong, "CONN-003").status, Status::fail);
  // The connection string's own option wins over the TXT record's.
  EXPECT_EQ(judge("mongodb+srv://cluster.example.com/?replicaSet=rs0", wrong, "CONN-003").status,
            Status::pass);

  const DeploymentFacts no_txt = srv_deployment("mongodb+srv://cluster.example.com", nodes);
  EXPECT_EQ(judge("mongodb+srv://cluster.example.com", no_txt, "CONN-003").status, Status::fail);
}

TEST(ConnectionReplicaSetName, FailsWhenReplicaSetNamesAShardedCluster) {
  Finding finding = judge("mongodb://mongos1.example.com/?replicaSet=rs0",
                          sharded("mongodb://mongos1.example.com", 2), "CONN-003");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(contains(finding.message, "the deployment is sharded")) << finding.message;
  EXPECT_EQ(finding.evidence["topology"], "sharded");
}

TEST(ConnectionReplicaSetName, StandaloneIsSkippedWithoutReplicaSetAndFailsWithIt) {
  const DeploymentFacts standalone =
      deployment("mongodb://db1.example.com", {node("db1.example.com", standalone_hello())});
  Finding skipped = judge("mongodb://db1.example.com", standalone, "CONN-003");
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_TRUE(contains(skipped.message, "(standalone)")) << skipped.message;
  EXPECT_EQ(judge("mongodb://db1.example.com/?replicaSet=rs0", standalone, "CONN-003").status,
            Status::fail);

  // Nothing answered: the topology is unknown, so even replicaSet is not judged.
  const DeploymentFacts silent =
      deployment("mongodb://db1.example.com", {node("db1.example.com", std::nullopt)});
  Finding unknown = judge("mongodb://db1.example.com/?replicaSet=rs0", silent, "CONN-003");
  EXPECT_EQ(unknown.status, Status::skipped);
  EXPECT_TRUE(contains(unknown.message, "no node answered hello")) << unknown.message;
}

TEST(ConnectionReplicaSetName, AReplicaSetWithoutANameIsNotJudged) {
  // A member not yet initiated reports isreplicaset without setName ("RSGhost").
  const DeploymentFacts ghost =
      deployment("mongodb://db1.example.com",
                 {node("db1.example.com", bson::Document{{"isreplicaset", true}})});
  Finding finding = judge("mongodb://db1.example.com/?replicaSet=rs0", ghost, "CONN-003");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_TRUE(contains(finding.message, "whose name no member reported")) << finding.message;
}

// CONN-008

TEST(ConnectionBudget, LimitIsServerStatusCurrentPlusAvailable) {
  DeploymentFacts standalone =
      deployment("mongodb://db1.example.com", {node("db1.example.com", standalone_hello())});
  standalone.nodes[0].commands["serverStatus"] = ok_reply(server_status(10, 990));
  standalone.nodes[0].commands["getCmdLineOpts"] = ok_reply(cmd_line_opts(5000));
  Finding finding =
      judge("mongodb://db1.example.com/?maxPoolSize=100", standalone, "CONN-008", app_instances(2));
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["connection_limit"], 1000);
  EXPECT_EQ(finding.evidence["connection_limit_source"],
            "serverStatus connections.current + available");
  EXPECT_EQ(finding.evidence["connection_limit_node"], "db1.example.com:27017");
  EXPECT_EQ(finding.evidence["budget"], 800);
  EXPECT_EQ(finding.evidence["demand"], 200);
}

TEST(ConnectionBudget, FallsBackToMaxIncomingConnections) {
  DeploymentFacts standalone =
      deployment("mongodb://db1.example.com", {node("db1.example.com", standalone_hello())});
  // A serverStatus that was not permitted is not read, whatever its reply holds.
  CommandOutcome refused = ok_reply(server_status(10, 990));
  refused.state = CommandOutcome::State::not_permitted;
  standalone.nodes[0].commands["serverStatus"] = refused;
  standalone.nodes[0].commands["getCmdLineOpts"] = ok_reply(cmd_line_opts(500));
  Finding finding =
      judge("mongodb://db1.example.com/?maxPoolSize=100", standalone, "CONN-008", app_instances(2));
  EXPECT_EQ(finding.evidence["connection_limit"], 500);
  EXPECT_EQ(finding.evidence["connection_limit_source"],
            "getCmdLineOpts net.maxIncomingConnections");
  EXPECT_EQ(finding.evidence["budget"], 400);
  EXPECT_EQ(finding.status, Status::pass);
}

// serverStatus and getCmdLineOpts numbers may arrive as any BSON number (bson.h,
// Document::get_int64); one that is not a whole number is not read.
TEST(ConnectionBudget, LimitsSentAsDoublesAreRead) {
  DeploymentFacts standalone =
      deployment("mongodb://db1.example.com", {node("db1.example.com", standalone_hello())});
  standalone.nodes[0].commands["serverStatus"] = ok_reply(
      {{"connections", bson::Document{{"current", 10.0}, {"available", 990.0}}}, {"ok", 1.0}});
  standalone.nodes[0].commands["getCmdLineOpts"] = ok_reply(
      {{"parsed", bson::Document{{"net", bson::Document{{"maxIncomingConnections", 500.0}}}}},
       {"ok", 1.0}});
  Finding finding =
      judge("mongodb://db1.example.com/?maxPoolSize=100", standalone, "CONN-008", app_instances(2));
  EXPECT_EQ(finding.evidence["connection_limit"], 1000);

  standalone.nodes[0].commands["serverStatus"] = ok_reply(
      {{"connections", bson::Document{{"current", 10.5}, {"available", 990.0}}}, {"ok", 1.0}});
  finding =
      judge("mongodb://db1.example.com/?maxPoolSize=100", standalone, "CONN-008", app_instances(2));
  EXPECT_EQ(finding.evidence["connection_limit"], 500);
  EXPECT_EQ(finding.evidence["connection_limit_source"],
            "getCmdLineOpts net.maxIncomingConnections");
}

TEST(ConnectionBudget, TheSmallestLimitOfAClientFacingNodeCounts) {
  DeploymentFacts set = replica_set();
  set.nodes.push_back(node("arb.example.com", member_hello("rs0", "arbiter")));
  set.nodes.push_back(node("hid.example.com", member_hello("rs0", "hidden")));
  set.nodes[0].commands["serverStatus"] = ok_reply(server_status(0, 1000));
  set.nodes[1].commands["getCmdLineOpts"] = ok_reply(cmd_line_opts(600));
  set.nodes[2].commands["serverStatus"] = ok_reply(server_status(0, 10));
  set.nodes[3].commands["serverStatus"] = ok_reply(server_status(0, 20));
  Finding finding =
      judge("mongodb://db1.example.com/?replicaSet=rs0", set, "CONN-008", app_instances(1));
  EXPECT_EQ(finding.evidence["connection_limit"], 600);
  EXPECT_EQ(finding.evidence["connection_limit_node"], "db2.example.com:27017");
  EXPECT_EQ(finding.evidence["routers"], 1);
}

TEST(ConnectionBudget, MaxPoolSizeDefaultsToOneHundred) {
  const DeploymentFacts set = with_limit(replica_set(), 1000);
  Finding defaulted =
      judge("mongodb://db1.example.com/?replicaSet=rs0", set, "CONN-008", app_instances(3));
  EXPECT_EQ(defaulted.evidence["maxPoolSize"], 100);
  EXPECT_EQ(defaulted.evidence["maxPoolSize_defaulted"], true);
  EXPECT_EQ(defaulted.evidence["demand"], 300);

  Finding given = judge("mongodb://db1.example.com/?replicaSet=rs0&maxPoolSize=50", set, "CONN-008",
                        app_instances(3));
  EXPECT_EQ(given.evidence["maxPoolSize"], 50);
  EXPECT_EQ(given.evidence["maxPoolSize_defaulted"], false);
  EXPECT_EQ(given.evidence["demand"], 150);
}

TEST(ConnectionBudget, RoutersCountTheMongosEachInstanceOpensAPoolTo) {
  auto routers = [](const std::string& uri, const DeploymentFacts& facts) {
    return judge(uri, facts, "CONN-008", app_instances(1)).evidence["routers"];
  };
  // A stray standalone in the SRV record is no router: drivers drop it from a sharded topology.
  DeploymentFacts srv = srv_deployment(
      "mongodb+srv://cluster.example.com",
      {node("mongos1.example.com", mongos_hello()), node("mongos2.example.com", mongos_hello()),
       node("mongos3.example.com", mongos_hello()), node("stray.example.com", standalone_hello())});
  srv = with_limit(std::move(srv), 10000);
  EXPECT_EQ(routers("mongodb+srv://cluster.example.com", srv), 3);
  EXPECT_EQ(routers("mongodb+srv://cluster.example.com/?srvMaxHosts=2", srv), 2);
  // A mongos that did not answer is still a router once it is back.
  DeploymentFacts down = srv_deployment(
      "mongodb+srv://cluster.example.com",
      {node("mongos1.example.com", mongos_hello()), node("mongos2.example.com", std::nullopt)});
  EXPECT_EQ(routers("mongodb+srv://cluster.example.com", with_limit(std::move(down), 10000)), 2);

  const DeploymentFacts listed = with_limit(sharded("mongodb://mongos1.example.com", 3), 10000);
  EXPECT_EQ(routers("mongodb://mongos1.example.com,mongos2.example.com", listed), 2);
  EXPECT_EQ(routers("mongodb://mongos1.example.com/?loadBalanced=true", listed), 1);

  const DeploymentFacts set = with_limit(replica_set(), 10000);
  EXPECT_EQ(routers("mongodb://db1.example.com,db2.example.com/?replicaSet=rs0", set), 1);
}

TEST(ConnectionBudget, PassesAtTheBudgetAndFailsOneConnectionOver) {
  // 80% of 1000 is 800.
  const DeploymentFacts standalone = with_limit(
      deployment("mongodb://db1.example.com", {node("db1.example.com", standalone_hello())}), 1000);
  Finding at =
      judge("mongodb://db1.example.com/?maxPoolSize=800", standalone, "CONN-008", app_instances(1));
  EXPECT_EQ(at.status, Status::pass);
  EXPECT_EQ(at.evidence["demand"], 800);
  EXPECT_EQ(at.evidence["budget"], 800);
  EXPECT_TRUE(contains(at.message,
                       "1 instance × maxPoolSize 800 = 800 connections fit within 80% of the "
                       "limit 1000 (800)"))
      << at.message;

  Finding over =
      judge("mongodb://db1.example.com/?maxPoolSize=801", standalone, "CONN-008", app_instances(1));
  EXPECT_EQ(over.status, Status::fail);
  EXPECT_EQ(over.severity, Severity::medium);
  EXPECT_EQ(over.evidence["demand"], 801);
  EXPECT_TRUE(contains(over.message, "exceed 80% of the limit 1000 (800)")) << over.message;
}

TEST(ConnectionBudget, DemandIsInstancesTimesPoolTimesRouters) {
  const DeploymentFacts cluster = with_limit(sharded("mongodb://mongos1.example.com", 2), 1000);
  const std::string uri = "mongodb://mongos1.example.com,mongos2.example.com/?maxPoolSize=100";
  Finding fits = judge(uri, cluster, "CONN-008", app_instances(4));
  EXPECT_EQ(fits.status, Status::pass);
  EXPECT_EQ(fits.evidence["app_instances"], 4);
  EXPECT_TRUE(contains(fits.message, "4 instances × maxPoolSize 100 × 2 mongos = 800"))
      << fits.message;

  Finding exceeds = judge(uri, cluster, "CONN-008", app_instances(5));
  EXPECT_EQ(exceeds.status, Status::fail);
  EXPECT_EQ(exceeds.evidence["demand"], 1000);

  Policy half = app_instances(4);
  half.connection_budget.max_percent = 50;
  Finding stricter = judge(uri, cluster, "CONN-008", half);
  EXPECT_EQ(stricter.status, Status::fail);
  EXPECT_EQ(stricter.evidence["budget"], 500);
  EXPECT_EQ(stricter.evidence["max_percent"], 50);
}

TEST(ConnectionBudget, WithoutAnInstanceCountOnlyOneInstanceOverTheBudgetFails) {
  const DeploymentFacts standalone = with_limit(
      deployment("mongodb://db1.example.com", {node("db1.example.com", standalone_hello())}), 1000);
  Finding over = judge("mongodb://db1.example.com/?maxPoolSize=801", standalone, "CONN-008");
  EXPECT_EQ(over.status, Status::fail);
  EXPECT_TRUE(contains(over.message, "even one application instance")) << over.message;
  EXPECT_EQ(over.evidence["demand_per_instance"], 801);
  EXPECT_FALSE(over.evidence.contains("app_instances"));

  Finding unknown = judge("mongodb://db1.example.com/?maxPoolSize=800", standalone, "CONN-008");
  EXPECT_EQ(unknown.status, Status::skipped);
  EXPECT_TRUE(contains(unknown.message, "--app-instances")) << unknown.message;
  EXPECT_TRUE(contains(unknown.message, "connection_budget.app_instances")) << unknown.message;
  EXPECT_TRUE(contains(unknown.message, "up to 800 of 800 connections")) << unknown.message;
}

TEST(ConnectionBudget, MaxPoolSizeZeroFails) {
  const DeploymentFacts set = with_limit(replica_set(), 1000);
  Finding finding = judge("mongodb://db1.example.com/?replicaSet=rs0&maxPoolSize=0", set,
                          "CONN-008", app_instances(1));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(contains(finding.message, "maxPoolSize=0")) << finding.message;
  EXPECT_EQ(finding.evidence["maxPoolSize"], 0);
  EXPECT_EQ(judge("mongodb://db1.example.com/?replicaSet=rs0&maxPoolSize=0", replica_set(),
                  "CONN-008", app_instances(1))
                .status,
            Status::fail)
      << "unlimited fails even where no node reported its limit";
}

TEST(ConnectionBudget, SkippedWhenNoClientFacingNodeReportedALimit) {
  Finding silent = judge("mongodb://db1.example.com/?replicaSet=rs0", replica_set(), "CONN-008",
                         app_instances(1));
  EXPECT_EQ(silent.status, Status::skipped);
  EXPECT_TRUE(contains(silent.message, "no node reported its connection limit")) << silent.message;
  EXPECT_FALSE(silent.evidence.contains("connection_limit"));

  // Only the arbiter reported one; arbiters take no application connections.
  DeploymentFacts set = replica_set();
  set.nodes.push_back(node("arb.example.com", member_hello("rs0", "arbiter")));
  set.nodes.back().commands["serverStatus"] = ok_reply(server_status(0, 10));
  EXPECT_EQ(
      judge("mongodb://db1.example.com/?replicaSet=rs0", set, "CONN-008", app_instances(1)).status,
      Status::skipped);
}

// CONN-010

TEST(ConnectionRouterAccess, SkippedWhenTheDeploymentIsNotSharded) {
  Finding finding = judge("mongodb://db1.example.com", replica_set(), "CONN-010");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_TRUE(contains(finding.message, "(replica_set)")) << finding.message;
}

TEST(ConnectionRouterAccess, FailsForASingleMongos) {
  Finding finding = judge("mongodb://mongos1.example.com",
                          sharded("mongodb://mongos1.example.com", 2), "CONN-010");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(contains(finding.message, "single mongos mongos1.example.com:27017"))
      << finding.message;
  EXPECT_EQ(finding.evidence["hosts"], 1);
  EXPECT_EQ(finding.evidence["scheme"], "mongodb");
}

TEST(ConnectionRouterAccess, PassesForSrvALoadBalancerOrSeveralMongos) {
  const DeploymentFacts srv = srv_deployment(
      "mongodb+srv://cluster.example.com",
      {node("mongos1.example.com", mongos_hello()), node("mongos2.example.com", mongos_hello())});
  Finding through_srv = judge("mongodb+srv://cluster.example.com", srv, "CONN-010");
  EXPECT_EQ(through_srv.status, Status::pass);
  EXPECT_EQ(through_srv.evidence["scheme"], "mongodb+srv");

  const DeploymentFacts cluster = sharded("mongodb://mongos1.example.com", 2);
  EXPECT_EQ(judge("mongodb://mongos1.example.com/?loadBalanced=true", cluster, "CONN-010").status,
            Status::pass);
  EXPECT_EQ(judge("mongodb://mongos1.example.com/?loadBalanced=false", cluster, "CONN-010").status,
            Status::fail);
  EXPECT_EQ(judge("mongodb://mongos1.example.com,mongos2.example.com", cluster, "CONN-010").status,
            Status::pass);
}

// The vendor's default method: one VIP in front of the mongos (development specification A1,
// method 2). serverStatus host tells the VIP from the mongos it forwards to.
TEST(ConnectionRouterAccess, AVipInFrontOfSeveralMongosPassesAndIsBudgetedAsOnePool) {
  const std::string uri = "mongodb://vip:27017";
  DeploymentFacts facts = deployment(uri, cluster_fixture::sample_cluster(/*through_vip=*/true));
  const Finding access = judge(uri, facts, "CONN-010");
  EXPECT_EQ(access.status, Status::pass) << access.message;
  EXPECT_EQ(access.message,
            "vip:27017 is a load balancer VIP in front of 2 mongos, the vendor's default method "
            "(this scan reached mongos1:27017 through it)");
  EXPECT_EQ(access.evidence["reached_mongos"], "mongos1:27017");

  for (NodeFacts& member : facts.nodes) {  // 10000 connections, the mongos's host kept
    member.commands["serverStatus"].reply.append(
        "connections", bson::Document{{"current", 10}, {"available", 9990}});
  }
  const Finding budget = judge(uri + "/?maxPoolSize=100", facts, "CONN-008", app_instances(3));
  EXPECT_EQ(budget.status, Status::pass) << budget.message;
  EXPECT_EQ(budget.evidence["demand"], 300) << "A × P: the balancer holds one pool per client";
  EXPECT_EQ(budget.evidence["load_balancer"], true);
  EXPECT_TRUE(contains(budget.message, "one pool to the load balancer")) << budget.message;
}

TEST(ConnectionRouterAccess, ADirectMongosStillFailsAndABalancerOverOneMongosFails) {
  const std::string direct = "mongodb://mongos1:27017";
  const DeploymentFacts cluster =
      deployment(direct, cluster_fixture::sample_cluster(/*through_vip=*/false));
  const Finding single = judge(direct, cluster, "CONN-010");
  EXPECT_EQ(single.status, Status::fail);
  EXPECT_TRUE(contains(single.message, "single mongos mongos1:27017")) << single.message;

  // A balancer on another port in front of the cluster's only mongos.
  std::vector<NodeFacts> nodes = {cluster_fixture::mongos("lb", 27100, "m1:27017")};
  nodes[0].commands.erase("find config.mongos");
  const DeploymentFacts alone = deployment("mongodb://lb:27100", std::move(nodes));
  const Finding lonely = judge("mongodb://lb:27100", alone, "CONN-010");
  EXPECT_EQ(lonely.status, Status::fail);
  EXPECT_TRUE(contains(lonely.message, "load balancer in front of a single mongos (m1:27017)"))
      << lonely.message;
}

}  // namespace
}  // namespace deployment_connection_test
}  // namespace mongoscan
