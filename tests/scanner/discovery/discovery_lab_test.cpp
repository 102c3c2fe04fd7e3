// `mongoscan scan` finds and probes every node of the lab's multi-node profiles, through SRV
// records served by dnsmasq and through the members each node names, and judges coverage (DISC-*)
// and the connection strings against the live topology (CONN-003, CONN-008, CONN-010).

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "scanner/cli/cli.h"
#include "tests/support/dns_lab.h"
#include "tests/support/lab_scan.h"
#include "tests/support/mongoscan_binary.h"

namespace mongoscan {
namespace discovery_lab_test {
namespace {

using nlohmann::json;
using testing_support::commands_sent;
using testing_support::DnsLab;
using testing_support::finding;
using testing_support::findings;
using testing_support::LabDeployment;
using testing_support::scan;
using testing_support::start_lab;
namespace fs = std::filesystem;

// The replset and replset-member-down profiles' clusterMonitor account, percent-encoded.
const std::string kScanner = "scanner:Mon1tor%21Rs-Status%2324@";
// The sharded profile's root account.
const std::string kShardedAdmin = "admin:Mongos%21Admin-Passw0rd@";

std::string port_of(const std::string& address) { return address.substr(address.rfind(':') + 1); }

std::map<std::string, json> nodes_by_address(const testing_support::Scan& result) {
  std::map<std::string, json> nodes;
  for (const json& node : result.report["targets"][0]["nodes"]) nodes[node["address"]] = node;
  return nodes;
}

// The finding of a check about one subject URI (reports name subjects redacted).
json finding_about(const testing_support::Scan& result, const std::string& check_id,
                   const std::string& uri_part) {
  for (const json& entry : findings(result, check_id)) {
    if (entry["subject"].value("uri", "").find(uri_part) != std::string::npos) return entry;
  }
  return json::object();
}

TEST(DiscoveryLab, SrvScanProbesEveryMemberIncludingThoseNotInTheSrvRecord) {
  testing_support::LabOptions options;
  options.advertised_host = "node.lab.test";  // members are named as the SRV record names them
  auto lab = start_lab("replset", options);
  const auto& members = lab->nodes();  // primary, secondary, secondary, arbiter, hidden
  DnsLab dns({"--srv-host=_mongodb._tcp.replset.lab.test,node.lab.test," + port_of(members[0]),
              "--srv-host=_mongodb._tcp.replset.lab.test,node.lab.test," + port_of(members[1]),
              "--txt-record=replset.lab.test,replicaSet=rs0&authSource=admin",
              "--address=/node.lab.test/127.0.0.1"});
  auto result = scan(*lab, "mongodb+srv://" + kScanner + "replset.lab.test/?tls=false",
                     {"--dns-server", dns.server()});
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;

  const json& target = result.report["targets"][0];
  EXPECT_EQ(target["topology"], "replica_set");
  auto nodes = nodes_by_address(result);
  ASSERT_EQ(nodes.size(), 5u) << target.dump(2);
  const std::map<std::size_t, std::pair<std::string, std::string>> expected = {
      {0, {"primary", "seed"}},
      {1, {"secondary", "seed"}},
      {2, {"secondary", "hello"}},
      {3, {"arbiter", "hello"}},
      {4, {"hidden", "replSetGetStatus"}}};
  for (const auto& [index, role_and_origin] : expected) {
    const json& node = nodes[members[index]];
    EXPECT_EQ(node["role"], role_and_origin.first) << members[index];
    EXPECT_EQ(node["origin"], role_and_origin.second) << members[index];
  }
  // Seeds come first, in SRV order or not, then members by address.
  std::set<std::string> first_two = {target["nodes"][0]["address"], target["nodes"][1]["address"]};
  EXPECT_EQ(first_two, (std::set<std::string>{members[0], members[1]}));
  for (std::size_t index : {0u, 1u, 2u, 4u}) {
    EXPECT_EQ(nodes[members[index]]["authentication"]["succeeded"], true) << members[index];
  }
  EXPECT_FALSE(nodes[members[3]]["authentication"].contains("succeeded"))
      << "no login is attempted on an arbiter";
  EXPECT_EQ(result.report["statistics"]["scram_key_derivations"], 1)
      << "one PBKDF2 for the user's salt, shared by four members";

  EXPECT_EQ(finding(result, "DISC-001")["status"], "pass");
  const json coverage = finding(result, "DISC-002");
  EXPECT_EQ(coverage["status"], "warn");
  EXPECT_EQ(coverage["evidence"]["members_not_in_seeds"], json::array({members[2]}));
  EXPECT_NE(coverage["message"].get<std::string>().find("the SRV record"), std::string::npos);
  EXPECT_EQ(finding(result, "CONN-003")["status"], "pass") << "the TXT record names the set";
  EXPECT_EQ(finding(result, "CONN-010")["status"], "skipped");
}

TEST(DiscoveryLab, SrvHostOutsideTheDomainIsAHighFindingAndNeverContacted) {
  auto lab = start_lab("replset");
  DnsLab dns({"--srv-host=_mongodb._tcp.leaky.lab.test,node.lab.test," + port_of(lab->nodes()[0]),
              "--srv-host=_mongodb._tcp.leaky.lab.test,db.attacker.test,27017",
              "--srv-host=_mongodb._tcp.hostile.lab.test,db.attacker.test,27017",
              "--address=/node.lab.test/127.0.0.1", "--address=/db.attacker.test/127.0.0.1"});
  auto result = scan(*lab, "mongodb+srv://" + kScanner + "leaky.lab.test/?tls=false",
                     {"--dns-server", dns.server()});
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json rule = finding(result, "DISC-001");
  EXPECT_EQ(rule["status"], "fail");
  EXPECT_EQ(rule["severity"], "high");
  EXPECT_EQ(rule["evidence"]["rejected_hosts"][0]["address"], "db.attacker.test:27017");
  for (const json& node : result.report["targets"][0]["nodes"]) {
    EXPECT_EQ(node["address"].get<std::string>().find("attacker"), std::string::npos)
        << "a host outside the domain is never probed";
  }
  EXPECT_EQ(result.report["targets"][0]["nodes"][0]["role"], "primary")
      << "the host inside the domain is still probed";

  auto hostile = scan(*lab, "mongodb+srv://" + kScanner + "hostile.lab.test/?tls=false",
                      {"--dns-server", dns.server()});
  // No node could be probed: the scan is incomplete.
  ASSERT_EQ(hostile.process.exit_code, kExitIncomplete) << hostile.process.err;
  EXPECT_EQ(finding(hostile, "DISC-001")["status"], "fail");
  const json& only = hostile.report["targets"][0]["nodes"];
  ASSERT_EQ(only.size(), 1u) << "the SRV name stands for the target that could not be probed";
  EXPECT_EQ(only[0]["address"], "hostile.lab.test");
  EXPECT_NE(only[0]["errors"].dump().find("attacker"), std::string::npos);
}

TEST(DiscoveryLab, ADownMemberIsReportedNotDropped) {
  auto lab = start_lab("replset-member-down");
  auto result =
      scan(*lab, "mongodb://" + kScanner + lab->nodes()[0] + "/?replicaSet=rs0&authSource=admin");
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  EXPECT_EQ(result.report["coverage"]["nodes_not_scanned"], 1);
  auto nodes = nodes_by_address(result);
  ASSERT_EQ(nodes.size(), 3u);
  const json& down = nodes[lab->nodes()[2]];
  EXPECT_EQ(down["role"], "unknown");
  EXPECT_EQ(down["origin"], "hello");
  ASSERT_FALSE(down["errors"].empty());
  EXPECT_EQ(down["errors"][0]["phase"], "connect");
  const json coverage = finding(result, "DISC-002");
  EXPECT_EQ(coverage["status"], "fail");
  EXPECT_NE(coverage["message"].get<std::string>().find(lab->nodes()[2]), std::string::npos)
      << coverage["message"];
  EXPECT_EQ(finding(result, "CONN-003")["status"], "pass");
}

TEST(DiscoveryLab, ShardedClusterThroughOneMongosAndTheConnectionBudget) {
  auto lab = start_lab("sharded-routers");
  ASSERT_EQ(lab->nodes().size(), 3u);
  const std::string options =
      "/?tls=true&authSource=admin&tlsCAFile=" + lab->cert_dir() + "/ca.pem";
  auto single = scan(*lab, "mongodb://" + kShardedAdmin + lab->nodes()[0] + options);
  ASSERT_EQ(single.process.exit_code, 0) << single.process.err;
  EXPECT_EQ(single.report["targets"][0]["topology"], "sharded");
  EXPECT_EQ(finding(single, "CONN-010")["status"], "fail");
  EXPECT_EQ(finding(single, "CONN-003")["status"], "skipped");

  const std::string all_mongos = "mongodb://" + kShardedAdmin + lab->nodes()[0] + "," +
                                 lab->nodes()[1] + "," + lab->nodes()[2] + options;
  // The lab's mongos report current + available = 838860 connections; 80% is 671088.
  auto few = scan(*lab, all_mongos + "&maxPoolSize=100", {"--app-instances", "2"});
  ASSERT_EQ(few.process.exit_code, 0) << few.process.err;
  EXPECT_EQ(few.report["targets"][0]["nodes"].size(), 3u);
  EXPECT_EQ(finding(few, "CONN-010")["status"], "pass");
  const json fits = finding(few, "CONN-008");
  EXPECT_EQ(fits["status"], "pass") << fits.dump();
  EXPECT_EQ(fits["evidence"]["routers"], 3);
  EXPECT_EQ(fits["evidence"]["demand"], 600);
  EXPECT_EQ(fits["evidence"]["connection_limit"], 838860);

  auto many = scan(*lab, all_mongos + "&maxPoolSize=100", {"--app-instances", "2237"});
  EXPECT_EQ(finding(many, "CONN-008")["status"], "fail") << "2237 × 100 × 3 = 671100 > 671088";
  auto unknown = scan(*lab, all_mongos + "&maxPoolSize=100");
  EXPECT_EQ(finding(unknown, "CONN-008")["status"], "skipped");
}

TEST(DiscoveryLab, ApplicationStringsAreJudgedAgainstTheDeploymentTheyReach) {
  auto lab = start_lab("replset");
  const fs::path apps =
      fs::temp_directory_path() / ("mongoscan-apps-" + std::to_string(::getpid()));
  std::ofstream(apps) << "mongodb://" << lab->nodes()[1] << "/?authSource=admin\n"
                      << "mongodb://" << lab->nodes()[1] << "/?replicaSet=other\n"
                      << "mongodb://elsewhere.example:27017/?authSource=admin\n";
  auto result = scan(*lab, "mongodb://" + kScanner + lab->nodes()[0] + "/?authSource=admin",
                     {"--app-uri-file", apps.string()});
  fs::remove(apps);
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  EXPECT_EQ(finding_about(result, "CONN-003", lab->nodes()[0])["status"], "fail")
      << "the target itself names no replicaSet";
  EXPECT_EQ(finding_about(result, "CONN-003", lab->nodes()[1] + "/?authSource")["status"], "fail");
  const json wrong_name = finding_about(result, "CONN-003", "replicaSet=other");
  EXPECT_EQ(wrong_name["status"], "fail");
  EXPECT_NE(wrong_name["message"].get<std::string>().find("rs0"), std::string::npos);
  EXPECT_EQ(finding_about(result, "CONN-003", "elsewhere.example")["status"], "skipped");
  // Application strings are judged, never connected to.
  for (const json& node : result.report["targets"][0]["nodes"]) {
    EXPECT_EQ(node["address"].get<std::string>().find("elsewhere"), std::string::npos);
  }
}

TEST(DiscoveryLab, ProgressGoesToATerminalOnly) {
  auto lab = start_lab("replset");
  const std::string uri = "mongodb://" + lab->nodes()[0] + "/";
  const std::string command =
      testing_support::mongoscan_binary() + " scan --fail-on none '" + uri + "'";
  auto terminal = testing_support::run_process({"script", "-qec", command, "/dev/null"}, "",
                                               testing_support::kHangGuard);
  // Without a login the hidden member stays unknown: hello never names it, and the arbiter refuses
  // replSetGetStatus to a client on another host (replset.json: clientsFromLocalhost false).
  EXPECT_NE(terminal.out.find("mongoscan: probed 4/4 nodes"), std::string::npos) << terminal.out;
  auto quiet = testing_support::run_process({"script", "-qec", command + " --quiet", "/dev/null"},
                                            "", testing_support::kHangGuard);
  EXPECT_EQ(quiet.out.find("probed"), std::string::npos);
  auto piped = testing_support::run_process(
      {testing_support::mongoscan_binary(), "scan", "--fail-on", "none", uri});
  EXPECT_EQ(piped.err.find("probed"), std::string::npos) << piped.err;
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
}

}  // namespace
}  // namespace discovery_lab_test
}  // namespace mongoscan
