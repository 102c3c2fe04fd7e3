// Issue 22: a history against the lab. The same deployment scanned twice, the second time with a
// wrong password: nothing is fixed, every earlier failure is still failing or unverified, and no
// password is in the history file. An inventory of two lab environments scanned twice, one of
// them restarted between the runs with one setting fixed and one broken: exactly those are fixed
// and new.

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/support/lab_scan.h"
#include "tests/support/loopback_socket.h"

namespace mongoscan {
namespace history_lab_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string bytes_of(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

TEST(HistoryLab, AScanThatCannotAuthenticateFixesNothing) {
  auto lab = testing_support::start_lab("replset");
  const fs::path dir =
      fs::temp_directory_path() / ("mongoscan-history-lab-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path history = dir / "history.db";
  std::ofstream(dir / "inventory.yaml") << "environments:\n"
                                           "  - name: lab\n"
                                           "    targets: ['mongodb://"
                                        << lab->nodes()[0]
                                        << "/?tls=false&authSource=admin']\n"
                                           "    username: scanner\n"
                                           "    password_env: MONGOSCAN_LAB_PASSWORD\n";
  const std::string password = "Mon1tor!Rs-Status#24";
  const std::string wrong_password = "Wrong-Pw-7Xq";
  const std::vector<std::string> args = {"--inventory", (dir / "inventory.yaml").string(),
                                         "--history", history.string()};
  const auto first = testing_support::scan(*lab, "", args, {"MONGOSCAN_LAB_PASSWORD=" + password});
  ASSERT_EQ(first.process.exit_code, 0) << first.process.err;
  const json& before = first.report["environments"][0]["changes"];
  EXPECT_TRUE(before["previous_run"].is_null());
  const std::size_t failing_before = before["new"].size();

  const auto second =
      testing_support::scan(*lab, "", args, {"MONGOSCAN_LAB_PASSWORD=" + wrong_password});
  testing_support::expect_no_secret(second, {wrong_password});
  ASSERT_EQ(second.process.exit_code, 4) << second.process.err;  // incomplete
  const json& after = second.report["environments"][0]["changes"];
  EXPECT_EQ(after["previous_run"], first.report["started_at"]);
  EXPECT_GT(failing_before, 0u) << before.dump(2);
  EXPECT_TRUE(after["fixed"].empty()) << after.dump(2);
  EXPECT_FALSE(after["unverified"].empty()) << "checks that needed the account did not run";
  EXPECT_EQ(after["unchanged"].get<std::size_t>() + after["unverified"].size(), failing_before)
      << after.dump(2);
  for (const json& finding : after["unverified"]) {
    EXPECT_NE(finding["now"], "suppressed") << finding;
  }

  const std::string bytes = bytes_of(history) + bytes_of(dir / "history.db-wal");
  ASSERT_FALSE(bytes.empty());
  EXPECT_EQ(bytes.find(password), std::string::npos) << "the lab password is in the history";
  EXPECT_EQ(bytes.find(wrong_password), std::string::npos) << "a password is in the history";
  fs::remove_all(dir);
}

// The check ids of a changes list, with their subjects.
std::multiset<std::string> changed(const json& findings) {
  std::multiset<std::string> changed;
  for (const json& finding : findings) {
    changed.insert(finding["check_id"].get<std::string>() + " " +
                   finding["subject"].get<std::string>());
  }
  return changed;
}

TEST(HistoryLab, LabEnvironmentsScannedTwiceShowFixedAndNewExactly) {
  const fs::path dir =
      fs::temp_directory_path() / ("mongoscan-history-lab2-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  // The replica set keeps its ports across its restart: findings are kept by node address.
  json nodes = json::array();
  {
    std::vector<std::unique_ptr<testing_support::LoopbackSocket>> ports;
    for (const char* role : {"primary", "secondary", "secondary"}) {
      ports.push_back(std::make_unique<testing_support::LoopbackSocket>(SOCK_STREAM));
      ASSERT_TRUE(ports.back()->valid());
      nodes.push_back({{"role", role}, {"version", "7.0.9"}, {"port", ports.back()->port()}});
    }
  }
  const std::string replset = std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/lab/replset.json";
  std::ofstream(dir / "before.json") << json{{"extends", replset}, {"nodes", nodes}}.dump();
  // After: the localhost bypass turned off (AUTHN-003 fixed on every member), and the server now
  // started as root (HARD-004 new on every member), as its startup warning says.
  std::ofstream(dir / "after.json")
      << json{{"extends", (dir / "before.json").string()},
              {"parameters", {{"enableLocalhostAuthBypass", false}}},
              {"cmdLineOpts",
               {{"parsed", {{"setParameter", {{"enableLocalhostAuthBypass", "false"}}}}}}},
              {"startupWarnings",
               {{{"id", 20698},
                 {"c", "CONTROL"},
                 {"msg",
                  "You are running this process as the root user, which is not recommended"}}}}}
             .dump();
  auto changing = testing_support::start_lab((dir / "before.json").string());
  auto steady = testing_support::start_lab("replset");
  std::ofstream(dir / "inventory.yaml") << "history: history.db\n"
                                           "environments:\n"
                                           "  - name: changing\n"
                                           "    targets: ['mongodb://"
                                        << changing->nodes()[0]
                                        << "/?tls=false&authSource=admin&replicaSet=rs0']\n"
                                           "    username: scanner\n"
                                           "    password_env: MONGOSCAN_LAB_PASSWORD\n"
                                           "  - name: steady\n"
                                           "    targets: ['mongodb://"
                                        << steady->nodes()[0]
                                        << "/?tls=false&authSource=admin&replicaSet=rs0']\n"
                                           "    username: scanner\n"
                                           "    password_env: MONGOSCAN_LAB_PASSWORD\n";
  const std::string password = "Mon1tor!Rs-Status#24";
  const std::vector<std::string> args = {"--inventory", (dir / "inventory.yaml").string()};
  const auto first =
      testing_support::scan(*changing, "", args, {"MONGOSCAN_LAB_PASSWORD=" + password});
  ASSERT_EQ(first.process.exit_code, 0) << first.process.err;

  changing->stop();
  changing = testing_support::start_lab((dir / "after.json").string());
  const auto second =
      testing_support::scan(*changing, "", args, {"MONGOSCAN_LAB_PASSWORD=" + password});
  ASSERT_EQ(second.process.exit_code, 0) << second.process.err;
  std::map<std::string, json> environments;
  for (const json& environment : second.report["environments"]) {
    environments[environment["name"]] = environment["changes"];
  }
  std::multiset<std::string> fixed, added;
  for (const json& node : nodes) {
    const std::string address = "127.0.0.1:" + std::to_string(node["port"].get<int>());
    fixed.insert("AUTHN-003 " + address);
    added.insert("HARD-004 " + address);
  }
  const json& after = environments["changing"];
  EXPECT_EQ(changed(after["fixed"]), fixed) << after.dump(2);
  EXPECT_EQ(changed(after["new"]), added) << after.dump(2);
  EXPECT_TRUE(after["unverified"].empty()) << after.dump(2);
  EXPECT_EQ(after["previous_run"], first.report["started_at"]);
  const json& untouched = environments["steady"];
  EXPECT_TRUE(untouched["fixed"].empty() && untouched["new"].empty() &&
              untouched["unverified"].empty())
      << untouched.dump(2);
  EXPECT_GT(untouched["unchanged"], 0);
  const std::string bytes = bytes_of(dir / "history.db") + bytes_of(dir / "history.db-wal");
  EXPECT_EQ(bytes.find(password), std::string::npos) << "the lab password is in the history";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace history_lab_test
}  // namespace mongoscan
