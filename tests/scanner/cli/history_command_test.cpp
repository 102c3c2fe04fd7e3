// scan --history, --fail-on-new and `mongoscan history`, end to end through the binary.
#include "scanner/cli/history_command.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/report_schema.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace history_command_test {
namespace {

using nlohmann::json;
using testing_support::ProcessResult;
using testing_support::TempTree;

// Scans analyse connection strings only (--no-probe): no traffic leaves the machine.
ProcessResult mongoscan(std::vector<std::string> args) {
  if (!args.empty() && args[0] == "scan") args.push_back("--no-probe");
  args.insert(args.begin(), testing_support::mongoscan_binary());
  return testing_support::run_process(args, "", testing_support::kHangGuard, {"NO_COLOR"});
}

std::string file_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

// Every byte of the history: the database and what WAL mode keeps beside it.
std::string history_bytes(const std::string& path) {
  return file_bytes(path) + file_bytes(path + "-wal") + file_bytes(path + "-shm");
}

constexpr const char* kInventoryPassword = "Vx7-planted-history-password";
constexpr const char* kConfigPassword = "Qw3-planted-config-password";

// Two environments: "orders" judged under a workload (core, then analytics), "billing" with its
// targets as given and files to scan.
std::string inventory(const std::string& workload, const std::string& billing_targets) {
  return "history: scans.db\n"
         "environments:\n"
         "  - name: orders\n"
         "    targets: ['mongodb://db1.example.com:27017,db2.example.com:27017/admin?replicaSet=rs0"
         "&readPreference=secondary&w=1']\n"
         "    workload: " +
         workload +
         "\n"
         "    username: mongoscan\n"
         "    password_file: orders.password\n"
         "  - name: billing\n"
         "    config_paths: [app]\n"
         "    targets: " +
         billing_targets + "\n";
}

std::map<std::string, json> environments_of(const std::string& report) {
  std::map<std::string, json> environments;
  const json parsed = json::parse(report);
  for (const json& environment : parsed["environments"]) {
    environments[environment["name"].get<std::string>()] = environment;
  }
  return environments;
}

// An environment's unsuppressed fails by severity in a JSON report, as its trend counts them.
json fails_by_severity(const std::string& report, const std::string& environment) {
  json counts = {{"critical", 0}, {"high", 0}, {"medium", 0}, {"low", 0}, {"info", 0}};
  const json parsed = json::parse(report);
  for (const json& finding : parsed["findings"]) {
    if (finding["environment"] == environment && finding["status"] == "fail" &&
        !finding.contains("suppression")) {
      counts[finding["severity"].get<std::string>()] =
          counts[finding["severity"].get<std::string>()].get<int>() + 1;
    }
  }
  return counts;
}

std::vector<std::string> check_ids(const json& findings) {
  std::vector<std::string> ids;
  for (const json& finding : findings) ids.push_back(finding["check_id"]);
  std::sort(ids.begin(), ids.end());
  return ids;
}

// Issue 22 items 2 and 3: an inventory scanned twice into one history. The second run says what
// is new, fixed and unverified per environment; `history` lists both runs; no password from the
// inventory's files or the scanned files is in the history file.
TEST(HistoryCommand, AnInventoryScannedTwiceShowsNewFixedAndUnverified) {
  TempTree tree;
  tree.write("orders.password", std::string(kInventoryPassword) + "\n");
  tree.write("app/settings.py", std::string("MONGO_URI = \"mongodb://app:") + kConfigPassword +
                                    "@db9.example.com:27017/orders\"\n");
  const std::string path = tree.path("inventory.yaml");
  const std::string history = tree.path("scans.db");
  tree.write("inventory.yaml", inventory("core", "['mongodb://db.example.com:27017/?w=1']"));
  const auto first = mongoscan({"scan", "--inventory", path, "--format", "json"});
  ASSERT_EQ(first.exit_code, 1) << first.err;
  EXPECT_TRUE(testing_support::matches_report_schema(first.out));
  auto environments = environments_of(first.out);
  const json& orders_first = environments["orders"]["changes"];
  EXPECT_TRUE(orders_first["previous_run"].is_null());
  EXPECT_FALSE(orders_first["new"].empty()) << "the first run: every failing finding is new";
  EXPECT_TRUE(orders_first["fixed"].empty());

  // Then: orders judged as analytics (its read preference now fits, w=majority is no longer
  // required), billing with its string changed and a second one.
  tree.write("inventory.yaml", inventory("analytics",
                                         "['mongodb://db.example.com:27017/?w=majority', "
                                         "'mongodb://other.example.com/?tls=false']"));
  const auto second = mongoscan({"scan", "--inventory", path, "--format", "json"});
  ASSERT_EQ(second.exit_code, 1) << second.err;
  EXPECT_TRUE(testing_support::matches_report_schema(second.out));
  environments = environments_of(second.out);
  const json& orders = environments["orders"]["changes"];
  EXPECT_EQ(orders["previous_run"], json::parse(first.out)["started_at"]);
  // CONN-006 (readPreference) now passes: fixed. CONN-005 (w=majority) is now skipped, not judged:
  // unverified, never fixed.
  EXPECT_EQ(check_ids(orders["fixed"]), (std::vector<std::string>{"CONN-006"})) << orders.dump(2);
  EXPECT_EQ(check_ids(orders["unverified"]), (std::vector<std::string>{"CONN-005"}))
      << orders.dump(2);
  EXPECT_EQ(orders["unverified"][0]["now"], "skipped");
  EXPECT_TRUE(orders["new"].empty()) << orders.dump(2);
  EXPECT_GT(orders["unchanged"], 0);
  for (const json& finding : orders["still_failing"]) {
    EXPECT_EQ(finding["first_seen"], json::parse(first.out)["started_at"]);
  }
  const json& billing = environments["billing"]["changes"];
  EXPECT_FALSE(billing["new"].empty()) << billing.dump(2);
  EXPECT_TRUE(billing["fixed"].empty()) << "a changed string's old failures are not fixed";
  EXPECT_FALSE(billing["unverified"].empty()) << billing.dump(2);
  for (const json& finding : billing["unverified"]) EXPECT_EQ(finding["now"], "absent");
  // The trend: both runs, oldest first, each with the fails its report had.
  ASSERT_EQ(orders["trend"].size(), 2u) << orders.dump(2);
  EXPECT_EQ(orders["trend"][0]["run"], json::parse(first.out)["started_at"]);
  EXPECT_EQ(orders["trend"][0]["fails_by_severity"], fails_by_severity(first.out, "orders"));
  EXPECT_EQ(orders["trend"][1]["run"], json::parse(second.out)["started_at"]);
  EXPECT_EQ(orders["trend"][1]["fails_by_severity"], fails_by_severity(second.out, "orders"));
  EXPECT_NE(orders["trend"][0]["fails_by_severity"], orders["trend"][1]["fails_by_severity"]);

  const auto listed = mongoscan({"history", history});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_LT(listed.out.find(" run 2\n"), listed.out.find(" run 1\n")) << listed.out;
  EXPECT_EQ(listed.out.find(" run 3\n"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("  orders   fail: "), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("  billing  fail: "), std::string::npos) << listed.out;
  const auto billing_only = mongoscan({"history", history, "--env", "billing"});
  EXPECT_EQ(billing_only.out.find("orders"), std::string::npos) << billing_only.out;
  EXPECT_NE(billing_only.out.find("billing"), std::string::npos) << billing_only.out;

  const std::string bytes = history_bytes(history);
  ASSERT_FALSE(bytes.empty());
  EXPECT_NE(bytes.find("settings.py"), std::string::npos) << "the file's string was judged";
  for (const char* planted : {kInventoryPassword, kConfigPassword}) {
    EXPECT_EQ(bytes.find(planted), std::string::npos) << planted;
  }
}

// --fail-on-new gates on new findings only: the same failures again pass the gate; a new one
// fails it. With --fail-on given too, either gate fails the scan.
TEST(HistoryCommand, FailOnNewGatesOnlyOnNewFindings) {
  TempTree tree;
  const std::string history = tree.path("history.db");
  tree.write("uris.txt", "mongodb://db.example.com:27017/?w=1\n");
  auto scan = [&](std::vector<std::string> more) {
    std::vector<std::string> args = {
        "scan", "--app-uri-file", tree.path("uris.txt"), "--history", history, "--format", "json"};
    args.insert(args.end(), more.begin(), more.end());
    return mongoscan(args);
  };
  const auto first = scan({"--fail-on-new", "medium"});
  EXPECT_EQ(first.exit_code, 1) << "the first run: its failures are new";
  const auto report = json::parse(first.out);
  ASSERT_EQ(report["environments"].size(), 1u);
  EXPECT_EQ(report["environments"][0]["name"], "default");
  for (const json& finding : report["findings"]) EXPECT_EQ(finding["environment"], "default");

  const auto again = scan({"--fail-on-new", "medium"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  const json again_report = json::parse(again.out);
  for (const json& finding : again_report["findings"]) EXPECT_FALSE(finding["gates"]);
  EXPECT_EQ(scan({"--fail-on-new", "medium", "--fail-on", "medium"}).exit_code, 1)
      << "an explicit --fail-on still gates";

  tree.write("uris.txt", "mongodb://db.example.com:27017/?w=1\nmongodb://new.example.com/?w=1\n");
  const auto added = scan({"--fail-on-new", "medium"});
  EXPECT_EQ(added.exit_code, 1);
  const json added_report = json::parse(added.out);
  for (const json& finding : added_report["findings"]) {
    const bool on_new =
        finding["subject"]["uri"].get<std::string>().find("new.example.com") != std::string::npos;
    if (!on_new) {
      EXPECT_FALSE(finding["gates"]) << finding.dump();
    }
  }
}

// Issue 22: a password in --app-uri-file strings never reaches the history.
TEST(HistoryCommand, NoPlantedPasswordIsInTheHistory) {
  TempTree tree;
  const std::string planted = "Zz9-planted-app-uri-password";
  tree.write("apps.txt", "mongodb://app:" + planted + "@db.example.com:27017/?authSource=admin\n");
  const std::string history = tree.path("history.db");
  const auto scanned = mongoscan(
      {"scan", "--app-uri-file", tree.path("apps.txt"), "--history", history, "--format", "json"});
  ASSERT_NE(scanned.exit_code, 3) << scanned.err;
  const std::string bytes = history_bytes(history);
  EXPECT_NE(bytes.find("db.example.com"), std::string::npos) << "the subject is kept";
  EXPECT_EQ(bytes.find(planted), std::string::npos);
}

// A run is recorded only once its reports are out: a scan whose report cannot be written leaves
// the history as it was (its run, staged while the reports were written, is rolled back), and
// the next scan records normally.
TEST(HistoryCommand, AScanWhoseReportFailsRecordsNoRun) {
  TempTree tree;
  const std::string history = tree.path("history.db");
  tree.write("uris.txt", "mongodb://db.example.com:27017/?w=1\n");
  auto scan = [&](const std::string& output) {
    return mongoscan({"scan", "--app-uri-file", tree.path("uris.txt"), "--history", history,
                      "--format", "json", "-o", output});
  };
  ASSERT_EQ(scan(tree.path("first.json")).exit_code, 1);
  const auto listed = [&] { return mongoscan({"history", history}).out; };
  const std::string before = listed();
  ASSERT_NE(before.find(" run 1\n"), std::string::npos) << before;

  const auto failed = scan(tree.path("no-such-folder/report.json"));
  EXPECT_EQ(failed.exit_code, 3) << failed.err;
  EXPECT_NE(failed.err.find("cannot write report"), std::string::npos) << failed.err;
  EXPECT_EQ(listed(), before) << "a run whose report was not written was recorded";

  ASSERT_EQ(scan(tree.path("third.json")).exit_code, 1);
  EXPECT_NE(listed().find(" run 2\n"), std::string::npos) << listed();
}

// Two scans writing one history at once: both runs land.
TEST(HistoryCommand, TwoConcurrentScansBothLand) {
  TempTree tree;
  const std::string history = tree.path("history.db");
  tree.write("uris.txt", "mongodb://db.example.com:27017/?w=1\n");
  auto scan = [&] {
    const auto result = mongoscan(
        {"scan", "--app-uri-file", tree.path("uris.txt"), "--history", history, "-o", "/dev/null"});
    EXPECT_NE(result.exit_code, 3) << result.err;
  };
  std::vector<std::thread> scans;
  for (int i = 0; i < 4; ++i) scans.emplace_back(scan);
  for (std::thread& thread : scans) thread.join();
  const auto listed = mongoscan({"history", history});
  std::size_t runs = 0;
  for (std::size_t at = listed.out.find(" run "); at != std::string::npos;
       at = listed.out.find(" run ", at + 1)) {
    ++runs;
  }
  EXPECT_EQ(runs, 4u) << listed.out;
}

// Four environments, one target each: "alpha" judged under `workload` (core, then analytics),
// the others as core with w=1 (CONN-005 fails).
std::string fleet_inventory(const std::string& workload) {
  std::string text =
      "environments:\n  - name: alpha\n    targets: ['mongodb://alpha.example.com:27017,"
      "b.example.com:27017/?replicaSet=rs0&readPreference=secondary&w=1']\n    workload: " +
      workload + "\n    username: mongoscan\n    password_file: fleet.password\n";
  for (const char* name : {"bravo", "charlie", "echo"}) {
    text += std::string("  - name: ") + name + "\n    targets: ['mongodb://" + name +
            ".example.com:27017,b.example.com:27017/?replicaSet=rs0&w=1']\n";
  }
  return text;
}

// The inventory scanned in two shards (--shard 1/2 and 2/2): their JSON reports' paths.
std::vector<std::string> scan_shards(const TempTree& tree, const std::string& prefix) {
  std::vector<std::string> shards;
  for (const char* index : {"1", "2"}) {
    const std::string shard = tree.path(prefix + index + ".json");
    const auto scanned = mongoscan({"scan", "--inventory", tree.path("inventory.yaml"), "--shard",
                                    std::string(index) + "/2", "--format", "json", "-o", shard});
    EXPECT_TRUE(scanned.exit_code == 0 || scanned.exit_code == 1) << scanned.err;
    shards.push_back(shard);
  }
  return shards;
}

ProcessResult merge(const std::vector<std::string>& shards, std::vector<std::string> more) {
  std::vector<std::string> args = {"merge"};
  args.insert(args.end(), shards.begin(), shards.end());
  args.insert(args.end(), more.begin(), more.end());
  return mongoscan(args);
}

// Issue 22 item 7: shards merged with --history are recorded as one run of the whole inventory,
// and the merged report says what changed since each environment's previous run; --fail-on-new
// gates the merge on new findings only.
TEST(HistoryCommand, MergedShardsAreRecordedAsOneRun) {
  TempTree tree;
  tree.write("fleet.password", std::string(kInventoryPassword) + "\n");
  const std::string history = tree.path("fleet.db");
  tree.write("inventory.yaml", fleet_inventory("core"));
  const auto first =
      merge(scan_shards(tree, "night1-"), {"--history", history, "--format", "json"});
  ASSERT_EQ(first.exit_code, 1) << first.err;
  EXPECT_TRUE(testing_support::matches_report_schema(first.out));
  auto environments = environments_of(first.out);
  ASSERT_EQ(environments.size(), 4u) << first.out;
  for (const auto& [name, environment] : environments) {
    EXPECT_TRUE(environment["changes"]["previous_run"].is_null()) << name;
    EXPECT_FALSE(environment["changes"]["new"].empty()) << name;
  }

  // The next night alpha is judged as analytics (its read preference fits: CONN-006 fixed; w=1 is
  // no longer judged: CONN-005 unverified) and bravo gains a string with retryWrites=false
  // (CONN-004 new).
  std::string inventory = fleet_inventory("analytics");
  inventory.replace(inventory.find("&w=1']", inventory.find("name: bravo")), 6,
                    "&w=1', 'mongodb://bravo.example.com:27017,b.example.com:27017/"
                    "?replicaSet=rs0&w=1&retryWrites=false']");
  tree.write("inventory.yaml", inventory);
  const auto second = merge(scan_shards(tree, "night2-"),
                            {"--history", history, "--format", "json", "--fail-on-new", "medium"});
  ASSERT_EQ(second.exit_code, 1) << "bravo's new CONN-004 gates: " << second.err;
  EXPECT_TRUE(testing_support::matches_report_schema(second.out));
  environments = environments_of(second.out);
  ASSERT_EQ(environments.size(), 4u);
  const std::string first_started = json::parse(first.out)["started_at"];
  for (const auto& [name, environment] : environments) {
    EXPECT_EQ(environment["changes"]["previous_run"], first_started) << name;
    // The merged run's trend: both nights, as one unsharded scan's would be.
    ASSERT_EQ(environment["changes"]["trend"].size(), 2u) << name;
    EXPECT_EQ(environment["changes"]["trend"][0]["run"], first_started) << name;
    EXPECT_EQ(environment["changes"]["trend"][1]["fails_by_severity"],
              fails_by_severity(second.out, name))
        << name;
  }
  EXPECT_EQ(check_ids(environments["alpha"]["changes"]["fixed"]),
            (std::vector<std::string>{"CONN-006"}));
  EXPECT_EQ(check_ids(environments["alpha"]["changes"]["unverified"]),
            (std::vector<std::string>{"CONN-005"}));
  EXPECT_TRUE(environments["alpha"]["changes"]["new"].empty());
  const std::vector<std::string> bravo_new = check_ids(environments["bravo"]["changes"]["new"]);
  EXPECT_NE(std::find(bravo_new.begin(), bravo_new.end(), "CONN-004"), bravo_new.end());
  for (const char* unchanged : {"charlie", "echo"}) {
    EXPECT_TRUE(environments[unchanged]["changes"]["new"].empty()) << unchanged;
    EXPECT_TRUE(environments[unchanged]["changes"]["fixed"].empty()) << unchanged;
    EXPECT_GT(environments[unchanged]["changes"]["unchanged"], 0) << unchanged;
  }
  // Only the new string's failures gate: they are all new.
  const json second_report = json::parse(second.out);  // named: the loop must not outlive it
  ASSERT_FALSE(second_report["findings"].empty());
  for (const json& finding : second_report["findings"]) {
    const bool on_new_string =
        finding["subject"].value("uri", "").find("retryWrites=false") != std::string::npos;
    if (!on_new_string) {
      EXPECT_FALSE(finding["gates"]) << finding.dump();
    }
  }

  const auto listed = mongoscan({"history", history});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find(" run 2\n"), std::string::npos) << listed.out;
  EXPECT_EQ(listed.out.find(" run 3\n"), std::string::npos) << "one run per merge" << listed.out;
  for (const char* name : {"alpha", "bravo", "charlie", "echo"}) {
    const auto only = mongoscan({"history", history, "--env", name});
    EXPECT_NE(only.out.find(" run 1\n"), std::string::npos) << name << only.out;
    EXPECT_NE(only.out.find(" run 2\n"), std::string::npos) << name << only.out;
  }
  EXPECT_EQ(history_bytes(history).find(kInventoryPassword), std::string::npos);
}

// A merge that is refused (shards of different mongoscan versions, shards already recorded in a
// history, a report of no inventory, only empty parts, --fail-on-new without a history) writes
// nothing to the history, nor creates it.
TEST(HistoryCommand, ARefusedMergeLeavesTheHistoryAlone) {
  TempTree tree;
  tree.write("fleet.password", std::string(kInventoryPassword) + "\n");
  tree.write("inventory.yaml", fleet_inventory("core"));
  const std::vector<std::string> shards = scan_shards(tree, "shard");
  const std::string history = tree.path("fleet.db");
  json older = json::parse(file_bytes(shards[1]));
  older["tool"]["version"] = "0.0.1";
  tree.write("older.json", older.dump());
  const auto mismatched = merge({shards[0], tree.path("older.json")}, {"--history", history});
  EXPECT_EQ(mismatched.exit_code, 2) << mismatched.err;
  EXPECT_NE(mismatched.err.find("was written by mongoscan 0.0.1"), std::string::npos)
      << mismatched.err;
  EXPECT_FALSE(std::ifstream(history).good()) << "a refused merge creates no history";

  ASSERT_EQ(merge(shards, {"--history", history, "-o", "/dev/null"}).exit_code, 1);
  const std::string recorded = history_bytes(history);
  const std::string recorded_shard = tree.path("recorded.json");
  const auto with_history =
      mongoscan({"scan", "--inventory", tree.path("inventory.yaml"), "--shard", "1/2", "--history",
                 tree.path("shard.db"), "--format", "json", "-o", recorded_shard});
  ASSERT_NE(with_history.exit_code, 3) << with_history.err;
  const auto mismatched_again = merge({shards[0], tree.path("older.json")}, {"--history", history});
  EXPECT_EQ(mismatched_again.exit_code, 2) << mismatched_again.err;
  const auto without = merge(shards, {"--fail-on-new", "high"});
  EXPECT_EQ(without.exit_code, 2);
  EXPECT_NE(without.err.find("--fail-on-new needs a history"), std::string::npos) << without.err;
  const auto twice = merge({recorded_shard, shards[1]}, {"--history", history});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("was recorded in a history already"), std::string::npos) << twice.err;
  tree.write("uris.txt", "mongodb://db.example.com:27017/?w=1\n");
  const std::string plain = tree.path("plain.json");
  mongoscan({"scan", "--app-uri-file", tree.path("uris.txt"), "--format", "json", "-o", plain});
  const auto not_inventory = merge({plain}, {"--history", history});
  EXPECT_EQ(not_inventory.exit_code, 2);
  EXPECT_NE(not_inventory.err.find("is not an inventory scan's"), std::string::npos)
      << not_inventory.err;
  tree.write("solo.yaml", "environments:\n  - name: alpha\n    targets: ['mongodb://h/?w=1']\n");
  const std::string empty_part = tree.path("empty.json");
  mongoscan({"scan", "--inventory", tree.path("solo.yaml"), "--shard", "1/2", "--format", "json",
             "-o", empty_part});
  const auto nothing = merge({empty_part}, {"--history", history});
  EXPECT_EQ(nothing.exit_code, 2) << "alpha falls in part 2: part 1 is empty";
  EXPECT_NE(nothing.err.find("no report holds an environment"), std::string::npos) << nothing.err;
  EXPECT_EQ(history_bytes(history), recorded) << "refused merges wrote to the history";
}

TEST(HistoryCommand, AMissingOrForeignFileIsOneLineAndExit2) {
  TempTree tree;
  tree.write("notes.txt", std::string(4096, 'x'));
  for (const auto& [path, expected] :
       {std::pair{tree.path("missing.db"), ": no such file"},
        std::pair{tree.path("notes.txt"), ": file is not a database"}}) {
    const auto result = mongoscan({"history", path});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.err, "mongoscan: error: history " + path + expected + "\n");
  }
  const auto unusable = mongoscan({"scan", "mongodb://h", "--history", tree.path("notes.txt")});
  EXPECT_EQ(unusable.exit_code, 3);
  EXPECT_EQ(unusable.err,
            "mongoscan: error: history " + tree.path("notes.txt") + ": file is not a database\n");
  const auto without = mongoscan({"scan", "mongodb://h", "--fail-on-new", "high"});
  EXPECT_EQ(without.exit_code, 2);
  EXPECT_NE(without.err.find("--fail-on-new needs a history"), std::string::npos) << without.err;
}

// Issue 35 item 5: SQLite opens a history its user may not write read-only without a word, and
// the scan learned it only when recording, after writing its reports. Run as an unprivileged user
// (root writes a 0444 file), the scan now stops at once: exit 3, no report.
TEST(HistoryCommand, AHistoryTheScanCannotWriteStopsItBeforeAnyWork) {
  if (::getuid() != 0 || !std::filesystem::exists("/usr/bin/setpriv")) {
    GTEST_SKIP() << "needs root and setpriv to run mongoscan as another user";
  }
  TempTree tree;
  constexpr uid_t kNobody = 65534;
  ASSERT_EQ(::chown(tree.root().c_str(), kNobody, kNobody), 0);
  // Its own copy: the build directory's parents need not be open to that user.
  const std::string binary = tree.path("mongoscan");
  std::filesystem::copy_file(testing_support::mongoscan_binary(), binary);
  std::filesystem::permissions(binary, std::filesystem::perms(0755));
  const auto as_nobody = [&](const std::string& report) {
    return testing_support::run_process(
        {"/usr/bin/setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", binary,
         "scan", "--no-probe", "mongodb://h1.example.com/?w=1", "--history", tree.path("h.db"),
         "--format", "json", "-o", tree.path(report)},
        "", testing_support::kHangGuard, {"NO_COLOR"});
  };
  ASSERT_EQ(as_nobody("first.json").exit_code, 1) << "w=1 fails a connection rule";
  std::filesystem::permissions(tree.path("h.db"), std::filesystem::perms(0444));
  const auto refused = as_nobody("second.json");
  EXPECT_EQ(refused.exit_code, 3);
  EXPECT_EQ(refused.err, "mongoscan: error: history " + tree.path("h.db") +
                             ": is read-only: the run could not be recorded\n");
  EXPECT_FALSE(std::filesystem::exists(tree.path("second.json"))) << "reports were written first";
}

}  // namespace
}  // namespace history_command_test
}  // namespace mongoscan
