#include "tests/support/lab_scan.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "scanner/cli/cli.h"
#include "scanner/wire/command_allowlist.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/report_schema.h"

namespace mongoscan::testing_support {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Shared by every lab of the test run (the lab makes them once, under a lock), in the build
// directory whatever the working directory: generated keys never land in the source tree.
const fs::path kCertDir = fs::path(MONGOSCAN_BUILD_DIR) / "lab-certs";

}  // namespace

std::unique_ptr<LabDeployment> start_lab(const std::string& profile, LabOptions options) {
  options.cert_dir = kCertDir;
  return LabDeployment::start(profile, options);
}

std::vector<std::string> commands_sent(const LabDeployment& lab) {
  std::vector<std::string> names;
  for (const json& entry : lab.command_log()) names.push_back(entry["command"]);
  return names;
}

namespace {

void expect_only_allowlisted_commands(const LabDeployment& lab) {
  const auto allowed = allowed_command_names();
  for (const json& entry : lab.command_log()) {
    const std::string name = entry["command"];
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), name), allowed.end())
        << "not in the allowlist: " << name;
    // find reads config.mongos and config.shards only (command_allowlist.h).
    if (name == "find") {
      EXPECT_EQ(entry["db"], "config") << "find on another database";
    }
  }
}

std::string percent_encoded(const std::string& text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string encoded;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      encoded += static_cast<char>(c);
    } else {
      encoded += {'%', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return encoded;
}

// Every password of every lab profile, as written and percent-encoded. A password equal to its
// user name is left out: reports show user names.
std::vector<std::string> lab_passwords() {
  std::vector<std::string> secrets;
  for (const auto& entry :
       fs::directory_iterator(std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/lab")) {
    const json profile = json::parse(std::ifstream(entry.path()));
    // A profile's users, or a sharded_cluster's: its config servers' and each shard's.
    std::vector<json> components = {profile, profile.value("configServers", json::object())};
    for (const json& shard : profile.value("shards", json::array())) components.push_back(shard);
    for (const json& component : components) {
      for (const json& user : component.value("users", json::array())) {
        if (!user.contains("password") || user["password"] == user["user"]) continue;
        secrets.push_back(user["password"]);
        secrets.push_back(percent_encoded(user["password"]));
      }
    }
  }
  return secrets;
}

}  // namespace

// Names the secret by index only: printing it would leak it into the test log.
void expect_no_secret(const Scan& result, const std::vector<std::string>& secrets) {
  for (std::size_t i = 0; i < secrets.size(); ++i) {
    EXPECT_EQ(result.process.out.find(secrets[i]), std::string::npos)
        << "secret #" << i << " in stdout";
    EXPECT_EQ(result.process.err.find(secrets[i]), std::string::npos)
        << "secret #" << i << " in stderr";
  }
}

namespace {

// Runs `mongoscan scan --format json` with the URI in a file (so no password is in argv; no
// URI: the targets are in `extra`, e.g. --inventory), after the `launcher` arguments (a program
// that runs it) if any.
Scan launch_scan(std::vector<std::string> argv, const std::string& uri,
                 const std::vector<std::string>& extra, std::vector<std::string> environment) {
  const fs::path uri_file =
      fs::temp_directory_path() / ("mongoscan-uri-" + std::to_string(::getpid()));
  argv.insert(argv.end(), {mongoscan_binary(), "scan"});
  if (!uri.empty()) {
    std::ofstream(uri_file) << uri << "\n";
    argv.insert(argv.end(), {"--uri-file", uri_file.string()});
  }
  argv.insert(argv.end(), {"--format", "json", "--fail-on", "none", "--connect-timeout", "3"});
  argv.insert(argv.end(), extra.begin(), extra.end());
  Scan result{testing_support::run_process(argv, "", testing_support::kHangGuard, environment), {}};
  if (!uri.empty()) fs::remove(uri_file);
  // Exit 1 (a finding failed the gate) and 4 (incomplete) come with a report too.
  const int code = result.process.exit_code;
  if (code == kExitOk || code == kExitFindingsFailed || code == kExitIncomplete) {
    result.report = json::parse(result.process.out);
    EXPECT_TRUE(testing_support::matches_report_schema(result.process.out));
  }
  return result;
}

}  // namespace

Scan run_scan(const std::string& uri, std::vector<std::string> extra,
              std::vector<std::string> environment) {
  return launch_scan({}, uri, extra, std::move(environment));
}

MeasuredScan measured_scan(const LabDeployment& lab, const std::string& uri,
                           std::vector<std::string> extra) {
  const fs::path rss_file =
      fs::temp_directory_path() / ("mongoscan-rss-" + std::to_string(::getpid()));
  MeasuredScan measured{
      launch_scan({"/usr/bin/time", "-f", "%M", "-o", rss_file.string()}, uri, extra, {}), -1};
  // %M is the last line, after "Command exited with non-zero status N" when there is one.
  std::ifstream report(rss_file);
  for (std::string line; std::getline(report, line);) {
    if (!line.empty() && std::isdigit(static_cast<unsigned char>(line.front())))
      measured.peak_rss_kib = std::stol(line);
  }
  fs::remove(rss_file);
  expect_only_allowlisted_commands(lab);
  expect_no_secret(measured.scan, lab_passwords());
  return measured;
}

// A scan of a lab: afterwards the lab's command log holds only allowlisted commands, and no lab
// password appears in the scan's output.
Scan scan(const LabDeployment& lab, const std::string& uri, std::vector<std::string> extra,
          std::vector<std::string> environment) {
  Scan result = run_scan(uri, std::move(extra), std::move(environment));
  expect_only_allowlisted_commands(lab);
  expect_no_secret(result, lab_passwords());
  return result;
}

const json& only_node(const Scan& result) {
  static const json empty = json::object();
  if (result.report.is_null() || result.report["targets"].empty()) return empty;
  return result.report["targets"][0]["nodes"][0];
}

json finding(const Scan& result, const std::string& check_id) {
  for (const json& entry : result.report.value("findings", json::array())) {
    if (entry["check_id"] == check_id) return entry;
  }
  return json::object();
}

std::vector<json> findings(const Scan& result, const std::string& check_id) {
  std::vector<json> matching;
  for (const json& entry : result.report.value("findings", json::array())) {
    if (entry["check_id"] == check_id) matching.push_back(entry);
  }
  return matching;
}

}  // namespace mongoscan::testing_support
