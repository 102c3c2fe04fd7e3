// The auditor role: exactly the privileges of the allowlisted commands, and enough for every check
// to run — shown by scanning a lab whose scanning account holds only the printed role.

#include "scanner/probe/auditor_role.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "scanner/wire/command_allowlist.h"
#include "tests/support/lab_scan.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/profile_variant.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace auditor_role_test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Every (resource, action) pair the role grants, as "cluster:getLog",
// "db=config:listCollections" or "db=config.mongos:find".
std::set<std::string> granted(const json& command) {
  std::set<std::string> pairs;
  for (const json& privilege : command["privileges"]) {
    const json& resource = privilege["resource"];
    const std::string collection = resource.value("collection", "");
    const std::string name = resource.contains("cluster")
                                 ? "cluster"
                                 : "db=" + resource["db"].get<std::string>() +
                                       (collection.empty() ? "" : "." + collection);
    for (const json& action : privilege["actions"])
      pairs.insert(name + ":" + action.get<std::string>());
  }
  return pairs;
}

// resource:action for every allowlisted command's privilege (data-model ones when asked), plus
// listCollections on config and local.
std::set<std::string> needed_privileges(bool data_model) {
  std::set<std::string> needed;
  for (const AllowedCommand command : all_allowed_commands()) {
    if (const auto privilege = required_privilege(command)) {
      if (privilege->data_model_only && !data_model) continue;
      std::string resource = "db=";
      if (privilege->resource == RequiredPrivilege::Resource::cluster) resource = "cluster";
      if (privilege->resource == RequiredPrivilege::Resource::collection) {
        resource += std::string(privilege->database) + "." + std::string(privilege->collection);
      }
      needed.insert(resource + ":" + std::string(privilege->action));
    }
  }
  needed.insert("db=config:listCollections");
  needed.insert("db=local:listCollections");
  return needed;
}

TEST(AuditorRole, GrantsEachAllowlistedCommandsPrivilegeAndNothingElse) {
  const json command = auditor_role_command("mongoscanAuditor");
  EXPECT_EQ(granted(command), needed_privileges(false));
  EXPECT_FALSE(granted(command).contains("db=:find")) << "reading documents is --data-model's";
  // Sharded clusters: listShards, getShardMap and the two config collections, nothing wider.
  for (const char* pair : {"cluster:listShards", "cluster:getShardMap", "db=config.mongos:find",
                           "db=config.shards:find"}) {
    EXPECT_TRUE(granted(command).contains(pair)) << pair;
  }
  EXPECT_FALSE(granted(command).contains("db=config:find"));
  EXPECT_EQ(command["createRole"], "mongoscanAuditor");
  EXPECT_TRUE(command["roles"].empty()) << "no inherited role: inheritance would add actions";
  EXPECT_EQ(command.begin().key(), "createRole") << "the command name must be the first field";
}

TEST(AuditorRole, DataModelAddsFindAndCollStatsOnEveryDatabase) {
  const json command = auditor_role_command("mongoscanAuditor", true);
  EXPECT_EQ(granted(command), needed_privileges(true));
  EXPECT_TRUE(granted(command).contains("db=:find"));
  EXPECT_TRUE(granted(command).contains("db=:collStats"));
  const auto script = testing_support::run_process(
      {testing_support::mongoscan_binary(), "auditor-role", "--data-model", "--format", "json"});
  ASSERT_EQ(script.exit_code, 0) << script.err;
  EXPECT_EQ(json::parse(script.out), command);
}

TEST(AuditorRole, CommandLinePrintsAScriptOrTheDocument) {
  const auto script = testing_support::run_process(
      {testing_support::mongoscan_binary(), "auditor-role", "--name", "scanRole"});
  ASSERT_EQ(script.exit_code, 0) << script.err;
  EXPECT_NE(script.out.find("db.getSiblingDB(\"admin\").runCommand("), std::string::npos);
  EXPECT_NE(script.out.find("\"createRole\": \"scanRole\""), std::string::npos);
  const auto document = testing_support::run_process(
      {testing_support::mongoscan_binary(), "auditor-role", "--format", "json"});
  ASSERT_EQ(document.exit_code, 0) << document.err;
  EXPECT_EQ(json::parse(document.out), auditor_role_command("mongoscanAuditor"));
  const auto bad = testing_support::run_process(
      {testing_support::mongoscan_binary(), "auditor-role", "--format", "yaml"});
  EXPECT_EQ(bad.exit_code, 2);
}

// hardened.json with the scanning account holding only the printed role.
fs::path profile_with_auditor_role(const json& command) {
  json profile =
      json::parse(std::ifstream(std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/lab/hardened.json"));
  profile["customRoles"] = json::array({{{"role", command["createRole"]},
                                         {"db", "admin"},
                                         {"privileges", command["privileges"]},
                                         {"roles", json::array()}}});
  for (json& user : profile["users"]) {
    if (user["user"] == "scanner")
      user["roles"] = json::array({{{"role", command["createRole"]}, {"db", "admin"}}});
  }
  const fs::path path =
      fs::temp_directory_path() / ("mongoscan-auditor-" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << profile.dump(2);
  return path;
}

TEST(AuditorRole, EveryCheckRunsWithOnlyThatRole) {
  const auto printed = testing_support::run_process(
      {testing_support::mongoscan_binary(), "auditor-role", "--format", "json"});
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  const fs::path profile = profile_with_auditor_role(json::parse(printed.out));
  auto lab = testing_support::start_lab(profile.string());
  fs::remove(profile);
  const std::string ca = lab->cert_dir() + "/ca.pem";
  // The policy-dependent checks (TLS-006, AUTHN-008, HARD-014) judged, so that they too show what
  // the role lets them read; they may fail on hardened, which has no x509 clients, no LDAP and
  // audits authorization failures only.
  testing_support::TempTree tree;
  tree.write("policy.json",
             R"({"identity": {"x509_clients": true, "organisation_authentication": true},
                 "audit_authorization_success": true})");
  auto result = testing_support::scan(
      *lab, "mongodb://" + lab->nodes()[0] + "/?tls=true&authSource=admin&tlsCAFile=" + ca,
      {"--username", "scanner", "--policy", tree.path("policy.json")},
      {"MONGOSCAN_PASSWORD=Scan!Lab-Passw0rd#2024"});
  ASSERT_LE(result.process.exit_code, 1) << result.process.err;
  const json& node = testing_support::only_node(result);
  ASSERT_EQ(node["authentication"]["succeeded"], true);
  ASSERT_FALSE(node["commands"]["authenticated"].empty());
  for (const auto& [name, outcome] : node["commands"]["authenticated"].items()) {
    EXPECT_EQ(outcome["state"], "ok") << name << ": " << outcome.value("message", "");
  }
  int node_findings = 0;
  for (const json& finding : result.report["findings"]) {
    if (!finding["subject"].contains("node")) continue;  // URI checks skip for other reasons
    ++node_findings;
    // Not applicable to an 8.0 standalone: journaling cannot be turned off from 6.1, and a
    // standalone has no cluster-wide default write concern.
    if (finding["check_id"] == "HARD-010" || finding["check_id"] == "HARD-012") continue;
    // TLS-007 does not apply where no certificate is an identity (SCRAM-SHA-256 only, no
    // members), whatever the role.
    if (finding["check_id"] == "TLS-007") {
      EXPECT_NE(finding["message"].get<std::string>().find("authenticates no one"),
                std::string::npos)
          << finding["message"];
      continue;
    }
    // TLS-009 judges only where the policy names approved issuers, whatever the role.
    if (finding["check_id"] == "TLS-009") {
      EXPECT_NE(finding["message"].get<std::string>().find("names no approved issuer"),
                std::string::npos)
          << finding["message"];
      continue;
    }
    // AUTHN-009 does not apply where saslauthd authenticates no one, whatever the role.
    if (finding["check_id"] == "AUTHN-009") {
      EXPECT_NE(finding["message"].get<std::string>().find("not applicable"), std::string::npos)
          << finding["message"];
      continue;
    }
    // AUTHN-007 does not apply to a standalone, whatever the role.
    if (finding["check_id"] == "AUTHN-007") {
      EXPECT_NE(finding["message"].get<std::string>().find("not a replica-set member"),
                std::string::npos)
          << finding["message"];
      continue;
    }
    EXPECT_NE(finding["status"], "skipped") << finding["check_id"] << ": " << finding["message"];
  }
  EXPECT_GT(node_findings, 10);
}

// The sharded lab with the printed role in place of its hand-written one, on the config servers
// (where users created through mongos live) and on shard0 (its shard-local users): on every
// mongos, config server and shard0 member the account logs in to, every command runs, listShards
// and the config.mongos and config.shards finds included.
TEST(AuditorRole, EveryShardedClusterCommandRunsWithOnlyThatRole) {
  const auto printed = testing_support::run_process(
      {testing_support::mongoscan_binary(), "auditor-role", "--format", "json"});
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  const json command = json::parse(printed.out);
  const json role = {{"role", command["createRole"]},
                     {"db", "admin"},
                     {"privileges", command["privileges"]},
                     {"roles", json::array()}};
  const testing_support::ProfileVariant variant("sharded", [&](json& profile) {
    profile["configServers"]["customRoles"] = json::array({role});
    profile["shards"][0]["customRoles"] = json::array({role});
  });
  auto lab = testing_support::start_lab(variant.path());
  const auto result = testing_support::scan(
      *lab, "mongodb://scanner:Scan%21Cluster-Passw0rd%232025@" +
                lab->component_nodes("mongos")[0] +
                "/?tls=true&authSource=admin&tlsCAFile=" + lab->cert_dir() + "/ca.pem");
  ASSERT_FALSE(result.report.is_null()) << result.process.err;
  std::set<std::string> sharding_commands;
  int logged_in = 0;
  for (const json& node : result.report["targets"][0]["nodes"]) {
    if (node["authentication"].value("succeeded", false) != true) continue;
    ++logged_in;
    for (const auto& [name, outcome] : node["commands"]["authenticated"].items()) {
      EXPECT_EQ(outcome["state"], "ok")
          << node["address"] << " " << name << ": " << outcome.value("message", "");
      if (name == "listShards" || name.rfind("find config.", 0) == 0)
        sharding_commands.insert(name);
    }
  }
  EXPECT_EQ(logged_in, 7) << "2 mongos, 3 config servers, shard0's primary and hidden member";
  EXPECT_EQ(sharding_commands,
            (std::set<std::string>{"listShards", "find config.mongos", "find config.shards"}));
}

}  // namespace
}  // namespace auditor_role_test
}  // namespace mongoscan
