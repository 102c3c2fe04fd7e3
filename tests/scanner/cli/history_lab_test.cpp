// Issue 22: a history against the lab. The same deployment scanned twice, the second time with a
// wrong password: nothing is fixed, every earlier failure is still failing or unverified, and no
// password is in the history file.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/lab_scan.h"

namespace mongoscan {
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

}  // namespace
}  // namespace mongoscan
