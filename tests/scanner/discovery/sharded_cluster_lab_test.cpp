// A scan of the lab's sharded cluster (fixtures/lab/sharded.json: 2 mongos behind a TCP VIP, a
// config server set of 3, shard0 with a hidden member and a member without TLS, shard1 with an
// arbiter on an older series and no shard-local users) sees every node and judges the cluster.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "tests/support/dns_lab.h"
#include "tests/support/lab_scan.h"

namespace mongoscan {
namespace sharded_cluster_lab_test {
namespace {

using nlohmann::json;
using testing_support::finding;
using testing_support::findings;
using testing_support::LabDeployment;
using testing_support::logged_at_ms;
using testing_support::scan;
using testing_support::start_lab;
namespace fs = std::filesystem;

// The cluster's scanner account (users created through mongos live on the config servers; shard0
// holds a shard-local copy, shard1 none), percent-encoded.
const std::string kScanner = "scanner:Scan%21Cluster-Passw0rd%232025@";

class ShardedClusterLab : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lab_ = start_lab("sharded").release(); }
  static void TearDownTestSuite() {
    delete lab_;
    lab_ = nullptr;
  }

  static std::string uri(const std::string& hosts) {
    return "mongodb://" + kScanner + hosts +
           "/?tls=true&authSource=admin&tlsCAFile=" + lab_->cert_dir() + "/ca.pem";
  }

  static inline LabDeployment* lab_ = nullptr;
};

std::map<std::string, json> nodes_by_address(const json& target) {
  std::map<std::string, json> nodes;
  for (const json& node : target["nodes"]) nodes[node["address"]] = node;
  return nodes;
}

// The finding of a check about one node.
json node_finding(const testing_support::Scan& result, const std::string& check_id,
                  const std::string& address) {
  for (const json& entry : findings(result, check_id)) {
    if (entry["subject"].value("node", "") == address) return entry;
  }
  return json::object();
}

TEST_F(ShardedClusterLab, ThroughTheVipEveryNodeIsProbedAndPlaced) {
  ASSERT_FALSE(lab_->vip().empty());
  const auto result = scan(*lab_, uri(lab_->vip()));
  ASSERT_TRUE(result.process.exit_code == 1 || result.process.exit_code == 4) << result.process.err;
  const json& target = result.report["targets"][0];
  EXPECT_EQ(target["topology"], "sharded");
  const auto nodes = nodes_by_address(target);
  // The VIP and all eleven nodes behind it.
  EXPECT_EQ(nodes.size(), 1 + lab_->nodes().size());
  for (const std::string& address : lab_->nodes())
    EXPECT_TRUE(nodes.contains(address)) << address << " was not found";

  const auto mongos = lab_->component_nodes("mongos");
  const auto cfg = lab_->component_nodes("cfg");
  const auto shard0 = lab_->component_nodes("shard0");
  const auto shard1 = lab_->component_nodes("shard1");
  ASSERT_EQ(mongos.size(), 2u);
  ASSERT_EQ(shard0.size(), 3u);
  ASSERT_EQ(shard1.size(), 3u);
  // How each was found.
  EXPECT_EQ(nodes.at(lab_->vip())["origin"], "seed");
  EXPECT_EQ(nodes.at(mongos[1])["origin"], "config.mongos");
  EXPECT_EQ(nodes.at(cfg[2])["origin"], "config servers");
  EXPECT_EQ(nodes.at(shard0[0])["origin"], "listShards");
  EXPECT_EQ(nodes.at(shard0[2])["origin"], "replSetGetStatus") << "the hidden member";
  EXPECT_EQ(nodes.at(shard1[2])["origin"], "hello") << "the arbiter";
  EXPECT_EQ(nodes.at(shard1[2])["role"], "arbiter");

  // The tree.
  const json& cluster = target["cluster"];
  ASSERT_TRUE(cluster.is_object()) << target.dump(2);
  std::set<std::string> balancers;
  for (const json& router : cluster["mongos"])
    if (router["load_balancer"]) balancers.insert(router["address"]);
  EXPECT_EQ(balancers, std::set<std::string>{lab_->vip()});
  EXPECT_EQ(cluster["config_servers"]["members"].size(), 3u);
  ASSERT_EQ(cluster["shards"].size(), 2u);
  EXPECT_EQ(cluster["shards"][1]["id"], "shard1");
  EXPECT_EQ(cluster["shards"][1]["members"].size(), 3u);
  ASSERT_EQ(cluster["stale_mongos"].size(), 1u);
  EXPECT_EQ(cluster["stale_mongos"][0]["address"], "mongos-retired.example.test:27017");
  EXPECT_EQ(nodes.count("mongos-retired.example.test:27017"), 0u) << "stale: never probed";

  // The VIP string is the vendor's default method.
  const json access = finding(result, "CONN-010");
  EXPECT_EQ(access["status"], "pass") << access.dump(2);
  EXPECT_EQ(access["evidence"]["live_mongos"].size(), 2u);
  // The arbiter on 7.0 beside 8.0 everywhere else.
  const json versions = finding(result, "VER-001");
  EXPECT_EQ(versions["status"], "fail") << versions.dump(2);
  EXPECT_NE(versions["message"].get<std::string>().find(shard1[2] + " (7.0.14)"), std::string::npos)
      << versions["message"];
  EXPECT_EQ(finding(result, "DISC-003")["status"], "warn") << "shard1 is primary-secondary-arbiter";
  EXPECT_EQ(finding(result, "DISC-004")["status"], "pass");

  // shard1 has no shard-local users: its authenticated checks are skipped, saying why and what to
  // do.
  const json authorization = node_finding(result, "AUTHN-002", shard1[0]);
  EXPECT_EQ(authorization["status"], "skipped") << authorization.dump(2);
  EXPECT_NE(authorization["message"].get<std::string>().find("shard-local users"),
            std::string::npos)
      << authorization["message"];
  EXPECT_EQ(nodes.at(shard1[0])["authentication"]["succeeded"], false);
  EXPECT_EQ(nodes.at(shard0[0])["authentication"]["succeeded"], true);
  // Unauthenticated facts still gathered there.
  EXPECT_EQ(nodes.at(shard1[0])["version"], "8.0.12");
  EXPECT_EQ(node_finding(result, "AUTHN-001", shard1[0])["status"], "pass");

  // The shard0 member without TLS: reached in plaintext, no credentials sent, TLS-001 fails.
  const json plaintext = node_finding(result, "TLS-001", shard0[1]);
  EXPECT_EQ(plaintext["status"], "fail") << plaintext.dump(2);
  EXPECT_EQ(nodes.at(shard0[1])["authentication"]["succeeded"], false);
}

// A shard's own account (shard0's shard-local admin) from --component-credentials: its members
// log in with it; every other node keeps the scan's account.
TEST_F(ShardedClusterLab, AShardsOwnAccountFromComponentCredentials) {
  const fs::path accounts =
      fs::temp_directory_path() / ("mongoscan-components-" + std::to_string(::getpid()) + ".json");
  std::ofstream(accounts)
      << R"({"shard0": {"username": "admin", "password_env": "SHARD0_PASSWORD"}})";
  const auto result = scan(*lab_, uri(lab_->vip()), {"--component-credentials", accounts.string()},
                           {"SHARD0_PASSWORD=Shard0!Admin-Passw0rd#2025"});
  fs::remove(accounts);
  ASSERT_TRUE(result.process.exit_code == 1 || result.process.exit_code == 4) << result.process.err;
  const auto nodes = nodes_by_address(result.report["targets"][0]);
  const auto shard0 = lab_->component_nodes("shard0");
  for (const std::string& address : {shard0[0], shard0[2]}) {
    EXPECT_EQ(nodes.at(address)["authentication"]["user"], "admin") << address;
    EXPECT_EQ(nodes.at(address)["authentication"]["succeeded"], true) << address;
  }
  EXPECT_EQ(nodes.at(lab_->component_nodes("cfg")[0])["authentication"]["user"], "scanner");
}

TEST_F(ShardedClusterLab, OneMongosDirectlyFailsConn010) {
  const auto mongos = lab_->component_nodes("mongos");
  const auto result = scan(*lab_, uri(mongos[0]));
  ASSERT_TRUE(result.process.exit_code == 1 || result.process.exit_code == 4) << result.process.err;
  const json access = finding(result, "CONN-010");
  EXPECT_EQ(access["status"], "fail") << access.dump(2);
  EXPECT_EQ(result.report["targets"][0]["nodes"].size(), lab_->nodes().size())
      << "every node is still found from one mongos";
}

// Method 1: an SRV name listing both mongos (the lab's certificates also name the advertised
// host). The driver pools to every mongos the record lists: CONN-008 budgets A × P × 2.
TEST(ShardedClusterSrvLab, AnSrvNameFindsTheWholeCluster) {
  testing_support::LabOptions options;
  options.advertised_host = "node.lab.test";
  auto lab = start_lab("sharded", options);
  const auto mongos = lab->component_nodes("mongos");
  ASSERT_EQ(mongos.size(), 2u);
  auto port = [](const std::string& address) { return address.substr(address.rfind(':') + 1); };
  testing_support::DnsLab dns(
      {"--srv-host=_mongodb._tcp.cluster.lab.test,node.lab.test," + port(mongos[0]),
       "--srv-host=_mongodb._tcp.cluster.lab.test,node.lab.test," + port(mongos[1]),
       "--txt-record=cluster.lab.test,authSource=admin", "--address=/node.lab.test/127.0.0.1"});
  const auto result =
      scan(*lab,
           "mongodb+srv://" + kScanner + "cluster.lab.test/?tlsCAFile=" + lab->cert_dir() +
               "/ca.pem&maxPoolSize=100",
           {"--dns-server", dns.server(), "--app-instances", "2"});
  ASSERT_FALSE(result.report.is_null()) << result.process.err;
  const auto nodes = nodes_by_address(result.report["targets"][0]);
  EXPECT_EQ(nodes.size(), lab->nodes().size()) << "the two mongos seeds and everything behind them";
  for (const std::string& address : lab->nodes())
    EXPECT_TRUE(nodes.contains(address)) << address << " was not found";
  EXPECT_EQ(finding(result, "CONN-010")["status"], "pass");
  const json budget = finding(result, "CONN-008");
  EXPECT_EQ(budget["evidence"]["routers"], 2) << budget.dump(2);
  EXPECT_EQ(budget["evidence"]["demand"], 400);
}

// A mongos names its shards, config servers and the other mongos first (the diagnostics that name
// them run first) and hands each reply to discovery as it comes: the shards are probed once
// listShards is in, not a round trip later when config.mongos (the next command) has answered,
// and long before the mongos's probe ends. Every reply is delayed 200 ms; a member's hello
// reaches the lab with the mongos's find, well before its reply.
TEST(ShardedClusterEarlyMembersLab, ShardsAreProbedOnceListShardsHasAnswered) {
  constexpr std::int64_t kDelayMs = 200;
  testing_support::LabOptions options;
  options.latency_ms = static_cast<int>(kDelayMs);
  auto lab = start_lab("sharded", options);
  const auto mongos = lab->component_nodes("mongos");
  const auto shard0 = lab->component_nodes("shard0");
  ASSERT_FALSE(mongos.empty());
  const auto result =
      scan(*lab, "mongodb://" + kScanner + mongos[0] +
                     "/?tls=true&authSource=admin&tlsCAFile=" + lab->cert_dir() + "/ca.pem");
  ASSERT_FALSE(result.report.is_null()) << result.process.err;
  EXPECT_EQ(nodes_by_address(result.report["targets"][0]).size(), lab->nodes().size());
  // The log is in the order the one lab process received the commands.
  const std::vector<json> log = lab->command_log();
  const auto registry_read = std::find_if(log.begin(), log.end(), [&](const json& entry) {
    return entry["node"] == mongos[0] && entry["command"] == "find";
  });
  ASSERT_NE(registry_read, log.end()) << "the mongos was not asked for config.mongos";
  const auto first_member = std::find_if(log.begin(), log.end(), [&](const json& entry) {
    return std::find(shard0.begin(), shard0.end(), entry["node"]) != shard0.end();
  });
  ASSERT_NE(first_member, log.end()) << "no member of shard0 was probed";
  EXPECT_LT(logged_at_ms(*first_member), logged_at_ms(*registry_read) + kDelayMs / 2)
      << "shard0's members waited for config.mongos's reply";
  const auto last_mongos = std::find_if(
      log.rbegin(), log.rend(), [&](const json& entry) { return entry["node"] == mongos[0]; });
  EXPECT_LT(first_member - log.begin(), log.rend() - last_mongos - 1)
      << "shard0's members waited for the mongos's probe to end";
}

// sharded-lb: the VIP forwards to the mongos's load balancer ports, where a first hello without
// loadBalanced: true is refused (LoadBalancerSupportMismatch). A loadBalanced=true string is
// probed as a load-balanced driver would, and still sees the whole cluster.
TEST(ShardedClusterLoadBalancedLab, ALoadBalancedStringIsProbedInLoadBalancedMode) {
  auto lab = start_lab("sharded-lb");
  const std::string options =
      "/?tls=true&authSource=admin&tlsCAFile=" + lab->cert_dir() + "/ca.pem";
  const auto balanced =
      scan(*lab, "mongodb://" + kScanner + lab->vip() + options + "&loadBalanced=true");
  ASSERT_FALSE(balanced.report.is_null()) << balanced.process.err;
  const auto nodes = nodes_by_address(balanced.report["targets"][0]);
  const json& vip = nodes.at(lab->vip());
  EXPECT_TRUE(vip["errors"].empty()) << vip.dump(2);
  EXPECT_EQ(vip["authentication"]["succeeded"], true);
  EXPECT_EQ(nodes.size(), 1 + lab->nodes().size());
  EXPECT_EQ(finding(balanced, "CONN-010")["status"], "pass");

  // The same VIP without loadBalanced=true: the mongos refuses the first hello, as it refuses a
  // driver that is not load-balancing.
  const auto plain = scan(*lab, "mongodb://" + kScanner + lab->vip() + options);
  ASSERT_FALSE(plain.report.is_null()) << plain.process.err;
  const json refused = nodes_by_address(plain.report["targets"][0]).at(lab->vip());
  EXPECT_NE(refused.dump().find("load balancer"), std::string::npos) << refused.dump(2);
}

}  // namespace
}  // namespace sharded_cluster_lab_test
}  // namespace mongoscan
