// HARD-010 to HARD-013 against the lab: pass, fail and not applicable, on the
// hardened standalone, the replica set, a primary-secondary-arbiter set and the sharded cluster.
// The lab answers getDefaultRWConcern as rwc_defaults_commands.cpp does (tests/lab/replication.py).

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/lab_scan.h"
#include "tests/support/profile_variant.h"

namespace mongoscan {
namespace durability_lab_test {
namespace {

using nlohmann::json;
using testing_support::finding;
using testing_support::ProfileVariant;
using testing_support::start_lab;

const std::string kPolicy = std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/policy/lab-policy.json";

// A scan of the hardened profile (or a variant of it) as its scanning account.
testing_support::Scan scan_hardened(const std::string& profile) {
  auto lab = start_lab(profile);
  return testing_support::scan(*lab,
                               "mongodb://scanner:Scan%21Lab-Passw0rd%232024@" + lab->nodes()[0] +
                                   "/?authSource=admin&tls=true&tlsCAFile=" + lab->cert_dir() +
                                   "/ca.pem",
                               {"--policy", kPolicy});
}

// A scan of the replset profile (or a variant of it) through its primary.
testing_support::Scan scan_replica_set(const std::string& profile) {
  auto lab = start_lab(profile);
  return testing_support::scan(*lab, "mongodb://scanner:Mon1tor%21Rs-Status%2324@" +
                                         lab->nodes()[0] + "/?authSource=admin&replicaSet=rs0");
}

// The finding of `check_id` about the node at `address`.
json node_finding(const testing_support::Scan& result, const std::string& check_id,
                  const std::string& address) {
  for (const json& found : testing_support::findings(result, check_id))
    if (found["subject"].value("node", "") == address) return found;
  return {};
}

TEST(DurabilityLab, HardenedStandalone80) {
  const auto result = scan_hardened("hardened");
  EXPECT_EQ(finding(result, "HARD-010")["status"], "skipped") << "8.0 always journals";
  EXPECT_EQ(finding(result, "HARD-012")["status"], "skipped") << "a standalone";
  EXPECT_EQ(finding(result, "HARD-011")["status"], "skipped") << "a standalone";
  const json fcv = finding(result, "HARD-013");
  EXPECT_EQ(fcv["status"], "pass") << fcv.dump();
  EXPECT_EQ(fcv["evidence"]["featureCompatibilityVersion"], "8.0");
}

TEST(DurabilityLab, Journaling60OffFailsOnByDefaultPasses) {
  const ProfileVariant off("hardened", [](json& profile) {
    profile["nodes"][0]["version"] = "6.0.14";
    profile["cmdLineOpts"]["parsed"]["storage"]["journal"] = {{"enabled", false}};
  });
  const json failed = finding(scan_hardened(off.path()), "HARD-010");
  EXPECT_EQ(failed["status"], "fail") << failed.dump();
  EXPECT_EQ(failed["evidence"]["storage.journal.enabled"]["value"], false);
  const ProfileVariant on("hardened",
                          [](json& profile) { profile["nodes"][0]["version"] = "6.0.14"; });
  EXPECT_EQ(finding(scan_hardened(on.path()), "HARD-010")["status"], "pass");
}

TEST(DurabilityLab, FeatureCompatibilityBehindTheBinaryFails) {
  const ProfileVariant behind("hardened", [](json& profile) {
    profile["parameters"]["featureCompatibilityVersion"] = {{"version", "7.0"}};
  });
  const json fcv = finding(scan_hardened(behind.path()), "HARD-013");
  EXPECT_EQ(fcv["status"], "fail") << fcv.dump();
  EXPECT_EQ(fcv["evidence"]["binary_series"], "8.0");
}

TEST(DurabilityLab, ReplicaSetOfFourDataBearingMembersWithMajorityDefault) {
  const auto result = scan_replica_set("replset");
  const json shape = finding(result, "HARD-011");
  EXPECT_EQ(shape["status"], "pass") << shape.dump();
  const std::vector<json> defaults = testing_support::findings(result, "HARD-012");
  ASSERT_FALSE(defaults.empty());
  int passed = 0;
  for (const json& found : defaults) {
    if (found["status"] == "pass") {
      ++passed;
      EXPECT_EQ(found["evidence"]["defaultWriteConcern"]["w"], "majority");
      EXPECT_EQ(found["evidence"]["defaultWriteConcernSource"], "implicit");
    }
  }
  EXPECT_GE(passed, 1) << "the primary answers getDefaultRWConcern";
}

// w:"majority" counts voting, data-bearing members (repl_set_config.cpp): read from
// replSetGetConfig, a non-voting passive and a delayed hidden member do not make a set of three.
TEST(DurabilityLab, NonVotingAndDelayedMembersDoNotCountTowardMajorityDurability) {
  const ProfileVariant shaped("replset", [](json& profile) {
    profile["nodes"] =
        json::array({{{"role", "primary"}, {"version", "7.0.9"}},
                     {{"role", "secondary"}, {"version", "7.0.9"}},
                     {{"role", "passive"}, {"version", "7.0.9"}, {"votes", 0}},
                     {{"role", "hidden"}, {"version", "7.0.9"}, {"secondaryDelaySecs", 3600}}});
  });
  const auto result = scan_replica_set(shaped.path());
  const json shape = finding(result, "HARD-011");
  EXPECT_EQ(shape["status"], "fail") << shape.dump();
  EXPECT_NE(shape["message"].get<std::string>().find("2 voting, undelayed data-bearing members"),
            std::string::npos)
      << shape.dump();
  EXPECT_EQ(shape["evidence"]["non_voting"].size(), 1u);
  EXPECT_EQ(shape["evidence"]["delayed_voting"].size(), 1u);
  EXPECT_EQ(shape["evidence"]["write_majority"], 2) << "3 votes";
}

TEST(DurabilityLab, PrimarySecondaryArbiterWarnsAndItsImplicitW1Fails) {
  const ProfileVariant psa("replset", [](json& profile) {
    profile["nodes"] = json::array({{{"role", "primary"}, {"version", "7.0.9"}},
                                    {{"role", "secondary"}, {"version", "7.0.9"}},
                                    {{"role", "arbiter"}, {"version", "7.0.9"}}});
  });
  const auto result = scan_replica_set(psa.path());
  const json shape = finding(result, "HARD-011");
  EXPECT_EQ(shape["status"], "warn") << shape.dump();
  EXPECT_NE(shape["message"].get<std::string>().find("w:majority writes wait"), std::string::npos);
  auto lab_primary = testing_support::only_node(result)["address"].get<std::string>();
  const json defaults = node_finding(result, "HARD-012", lab_primary);
  EXPECT_EQ(defaults["status"], "fail") << defaults.dump();
  EXPECT_EQ(defaults["evidence"]["defaultWriteConcern"]["w"], "1");
}

TEST(DurabilityLab, AGlobalMajorityDefaultPassesOnAPsaSet) {
  const ProfileVariant psa("replset", [](json& profile) {
    profile["nodes"] = json::array({{{"role", "primary"}, {"version", "7.0.9"}},
                                    {{"role", "secondary"}, {"version", "7.0.9"}},
                                    {{"role", "arbiter"}, {"version", "7.0.9"}}});
    profile["defaultRWConcern"] = {{"defaultWriteConcern", {{"w", "majority"}, {"wtimeout", 0}}}};
  });
  const auto result = scan_replica_set(psa.path());
  auto primary = testing_support::only_node(result)["address"].get<std::string>();
  const json defaults = node_finding(result, "HARD-012", primary);
  EXPECT_EQ(defaults["status"], "pass") << defaults.dump();
  EXPECT_EQ(defaults["evidence"]["defaultWriteConcernSource"], "global");
}

// Through mongos: mongos keeps no journal and has no FCV; the set's shape is DISC-003's. Without
// setDefaultRWConcern mongos has no default write concern (only a replica set's replication
// coordinator computes the implicit majority, read_write_concern_defaults.cpp), so a write through
// it that names none is sent with w:1: fail. Shard members apply no default (write_concern.cpp):
// not applicable there, whatever their hello's isImplicitDefaultMajorityWC says.
TEST(DurabilityLab, ShardedClusterJudgedWhereEachCheckApplies) {
  auto lab = start_lab("sharded");
  const std::string mongos = lab->component_nodes("mongos")[0];
  const std::string uri = "mongodb://scanner:Scan%21Cluster-Passw0rd%232025@" + mongos +
                          "/?tls=true&authSource=admin&tlsCAFile=" + lab->cert_dir() + "/ca.pem";
  const auto result = testing_support::scan(*lab, uri);
  ASSERT_FALSE(result.report.is_null()) << result.process.err;
  EXPECT_EQ(node_finding(result, "HARD-010", mongos)["status"], "skipped");
  EXPECT_EQ(node_finding(result, "HARD-013", mongos)["status"], "skipped");
  const json defaults = node_finding(result, "HARD-012", mongos);
  EXPECT_EQ(defaults["status"], "fail") << defaults.dump();
  EXPECT_NE(defaults["message"].get<std::string>().find("sent to the shards with w:1"),
            std::string::npos);
  EXPECT_EQ(defaults["evidence"]["read_from"], "mongos getDefaultRWConcern of " + mongos);
  EXPECT_EQ(finding(result, "HARD-011")["status"], "skipped");
  int shard_members = 0;
  for (const std::string& member : lab->component_nodes("shard0")) {
    const json on_shard = node_finding(result, "HARD-012", member);
    if (on_shard.is_null()) continue;
    ++shard_members;
    EXPECT_EQ(on_shard["status"], "skipped") << member << ": " << on_shard.dump();
  }
  EXPECT_GE(shard_members, 2) << "shard0's members are found through listShards";

  // With setDefaultRWConcern {w: "majority"}, kept by the config servers and read through mongos.
  ProfileVariant global("sharded", [](json& profile) {
    profile["configServers"]["defaultRWConcern"] = {
        {"defaultWriteConcern", {{"w", "majority"}, {"wtimeout", 0}}}};
  });
  auto global_lab = start_lab(global.path());
  const std::string global_mongos = global_lab->component_nodes("mongos")[0];
  const auto set_globally = testing_support::scan(
      *global_lab, "mongodb://scanner:Scan%21Cluster-Passw0rd%232025@" + global_mongos +
                       "/?tls=true&authSource=admin&tlsCAFile=" + global_lab->cert_dir() +
                       "/ca.pem");
  const json on_mongos = node_finding(set_globally, "HARD-012", global_mongos);
  EXPECT_EQ(on_mongos["status"], "pass") << on_mongos.dump();
  EXPECT_EQ(on_mongos["evidence"]["defaultWriteConcernSource"], "global");
}

}  // namespace
}  // namespace durability_lab_test
}  // namespace mongoscan
