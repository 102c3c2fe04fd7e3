// Issue 22: an inventory scan against the lab. Each environment is probed with its own account in
// one run; an environment whose account cannot be read is not scanned and says why, a wrong
// password or a node that does not answer makes its environment incomplete, and the environments
// beside it are scanned as if alone.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "tests/support/lab_scan.h"

namespace mongoscan {
namespace inventory_lab_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

TEST(InventoryLab, EachEnvironmentIsProbedWithItsOwnAccount) {
  auto lab = testing_support::start_lab("replset");
  const std::string target = "mongodb://" + lab->nodes()[0] + "/?tls=false&authSource=admin";
  const fs::path inventory =
      fs::temp_directory_path() / ("mongoscan-inventory-" + std::to_string(::getpid()) + ".yaml");
  const std::string wrong_password = "Wrong-Pw-7Xq";
  std::ofstream(inventory) << "environments:\n"
                              "  - name: lab\n"
                              "    targets: ['"
                           << target
                           << "']\n"
                              "    username: scanner\n"
                              "    password_env: MONGOSCAN_LAB_PASSWORD\n"
                              "  - name: wrong-password\n"
                              "    targets: ['"
                           << target
                           << "']\n"
                              "    username: scanner\n"
                              "    password_env: MONGOSCAN_WRONG_PASSWORD\n"
                              "  - name: unset\n"
                              "    targets: ['"
                           << target
                           << "']\n"
                              "    username: scanner\n"
                              "    password_env: MONGOSCAN_UNSET_PASSWORD\n"
                              "  - name: down\n"
                              "    targets: ['mongodb://127.0.0.1:1/?tls=false']\n";
  // No URI: the inventory names the targets. scan() checks the lab saw only allowlisted commands
  // and that no lab password is in the output.
  const auto result = testing_support::scan(
      *lab, "", {"--inventory", inventory.string()},
      {"MONGOSCAN_LAB_PASSWORD=Mon1tor!Rs-Status#24", "MONGOSCAN_WRONG_PASSWORD=" + wrong_password,
       "MONGOSCAN_UNSET_PASSWORD="});
  fs::remove(inventory);
  testing_support::expect_no_secret(result, {wrong_password});
  ASSERT_EQ(result.process.exit_code, 4) << result.process.err;  // incomplete, nothing gated
  std::map<std::string, json> environments;
  for (const json& environment : result.report["environments"]) {
    environments[environment["name"]] = environment;
  }
  ASSERT_EQ(environments.size(), 4u);
  EXPECT_EQ(environments["lab"]["verdict"], "pass") << environments["lab"];
  EXPECT_EQ(environments["wrong-password"]["verdict"], "incomplete");
  EXPECT_GT(environments["wrong-password"]["coverage"]["nodes_scanned_in_part"].get<int>(), 0);
  EXPECT_EQ(environments["unset"]["verdict"], "not scanned");
  EXPECT_NE(environments["unset"]["error"].get<std::string>().find(
                "the environment variable password_env names is not set"),
            std::string::npos)
      << environments["unset"]["error"];
  // The variable's name is not echoed: a user may have pasted the password there.
  EXPECT_EQ(result.process.out.find("MONGOSCAN_UNSET_PASSWORD"), std::string::npos);
  EXPECT_EQ(result.process.err.find("MONGOSCAN_UNSET_PASSWORD"), std::string::npos);
  EXPECT_EQ(environments["down"]["verdict"], "incomplete");
  EXPECT_EQ(environments["down"]["coverage"]["nodes_not_scanned"], 1);

  std::map<std::string, std::vector<json>> nodes;
  for (const json& scanned : result.report["targets"]) {
    for (const json& node : scanned["nodes"]) nodes[scanned["environment"]].push_back(node);
  }
  ASSERT_EQ(nodes["lab"].size(), lab->nodes().size());
  // Arbiters hold no users: the scan does not authenticate to them.
  for (const json& node : nodes["lab"]) {
    if (node["role"] == "arbiter") continue;
    EXPECT_EQ(node["authentication"]["succeeded"], true) << node["errors"];
  }
  // Without a login the hidden member stays unknown: hello never names it, and the arbiter refuses
  // replSetGetStatus to a client on another host (replset.json: clientsFromLocalhost false).
  ASSERT_EQ(nodes["wrong-password"].size(), lab->nodes().size() - 1);
  for (const json& node : nodes["wrong-password"]) {
    if (node["role"] == "arbiter") continue;
    EXPECT_EQ(node["authentication"]["succeeded"], false) << node["authentication"];
  }
  EXPECT_EQ(nodes.count("unset"), 0u);
}

}  // namespace
}  // namespace inventory_lab_test
}  // namespace mongoscan
