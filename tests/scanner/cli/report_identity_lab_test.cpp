// Every report format, byte for byte as the reference build writes it: the same scans of the same
// labs run by this build and by a reference binary (MONGOSCAN_REFERENCE_BINARY, else
// build/reference/mongoscan, made by tests/support/build_reference_binary) must give identical
// files once the clock is taken out. Normalised, and nothing else: the run's started_at and
// finished_at wherever a report writes them (RFC 3339; Unix seconds in Prometheus; Unix
// milliseconds in OCSF), the scan's duration (Prometheus), and the lab's clock in the stale
// mongos's last ping (the lab answers "now - pingSecondsAgo").

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "scanner/time/utc_time.h"
#include "tests/support/lab_scan.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace report_identity_lab_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Every format `scan --report` writes (scan --help: --format).
const std::vector<std::string> kFormats = {"json", "table", "html",       "sarif", "junit",
                                           "md",   "csv",   "prometheus", "ocsf"};

std::string reference_binary() {
  const char* configured = std::getenv("MONGOSCAN_REFERENCE_BINARY");
  return configured != nullptr && *configured != '\0'
             ? configured
             : (fs::path(MONGOSCAN_BUILD_DIR) / "reference" / "mongoscan").string();
}

std::string read_file(const fs::path& path) {
  std::ostringstream text;
  text << std::ifstream(path, std::ios::binary).rdbuf();
  return text.str();
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
}

// The clock's values in a run's reports, read from its JSON report, each with its placeholder.
std::vector<std::pair<std::string, std::string>> clock_values(const json& report) {
  std::vector<std::pair<std::string, std::string>> values;
  const std::int64_t started =
      parse_utc_milliseconds(report["started_at"].get<std::string>()).value();
  const std::int64_t finished =
      parse_utc_milliseconds(report["finished_at"].get<std::string>()).value();
  values.push_back(
      {"mongoscan_scan_duration_seconds " + std::to_string((finished - started) / 1000),
       "mongoscan_scan_duration_seconds <duration>"});
  // One placeholder for both: a scan may start and finish within the same second.
  for (const auto& [name, ms] : {std::pair{"started_at", started}, {"finished_at", finished}}) {
    values.push_back({report[name].get<std::string>(), "<clock>"});
    values.push_back({std::to_string(ms), "<clock ms>"});
    values.push_back({std::to_string(ms / 1000), "<clock s>"});
  }
  for (const json& target : report["targets"]) {
    if (!target.contains("cluster")) continue;
    for (const json& stale : target["cluster"].value("stale_mongos", json::array()))
      if (!stale.value("last_ping", "").empty())
        values.push_back({stale["last_ping"].get<std::string>(), "<ping>"});
  }
  return values;
}

// Runs `binary scan` with every format written to dir/report.<format>; returns each report,
// normalised, by format.
std::map<std::string, std::string> scan_reports(const std::string& binary, const fs::path& dir,
                                                const fs::path& uri_file,
                                                const std::vector<std::string>& extra) {
  fs::create_directories(dir);
  std::vector<std::string> argv = {binary,      "scan", "--uri-file", uri_file.string(),
                                   "--fail-on", "none", "-q",         "--allow-incomplete",
                                   "--format",  "json", "-o",         (dir / "report.json")};
  for (const std::string& format : kFormats) {
    if (format != "json")
      argv.insert(argv.end(), {"--report", format + ":" + (dir / ("report." + format)).string()});
  }
  argv.insert(argv.end(), extra.begin(), extra.end());
  const auto process = testing_support::run_process(argv);
  EXPECT_EQ(process.exit_code, 0) << binary << ": " << process.err;
  std::map<std::string, std::string> reports;
  for (const std::string& format : kFormats)
    reports[format] = read_file(dir / ("report." + format));
  if (reports["json"].empty()) return reports;
  const auto values = clock_values(json::parse(reports["json"]));
  for (auto& [format, text] : reports)
    for (const auto& [value, placeholder] : values) replace_all(text, value, placeholder);
  return reports;
}

// Names the first line where two reports differ.
::testing::AssertionResult identical(const std::string& reference, const std::string& actual) {
  if (reference == actual) return ::testing::AssertionSuccess();
  std::istringstream a(reference), b(actual);
  std::string line_a, line_b;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_b = static_cast<bool>(std::getline(b, line_b));
    if (line_a != line_b || more_a != more_b) {
      return ::testing::AssertionFailure()
             << "first difference at line " << line << ":\n  reference: " << line_a.substr(0, 400)
             << "\n  this build: " << line_b.substr(0, 400);
    }
    if (!more_a) break;
  }
  return ::testing::AssertionFailure() << "the reports differ in line endings";
}

class ReportIdentityLab : public ::testing::Test {
 protected:
  // Without a reference binary the tests skip: no lab is started for them.
  static void SetUpTestSuite() {
    if (!fs::exists(reference_binary())) return;
    replset_ = testing_support::start_lab("replset").release();
    sharded_ = testing_support::start_lab("sharded").release();
  }
  static void TearDownTestSuite() {
    delete replset_;
    delete sharded_;
    replset_ = sharded_ = nullptr;
  }

  void SetUp() override {
    if (!fs::exists(reference_binary()))
      GTEST_SKIP() << "no reference binary at " << reference_binary()
                   << ": tests/support/build_reference_binary makes one";
    dir_ = fs::temp_directory_path() / ("mongoscan-identity-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "config");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The replica set through one member, the sharded cluster through its mongos; one per line.
  fs::path uri_file(bool with_cluster) const {
    std::string uris = "mongodb://scanner:Mon1tor%21Rs-Status%2324@" + replset_->nodes()[0] +
                       "/?tls=false&authSource=admin\n";
    if (with_cluster) {
      const auto mongos = sharded_->component_nodes("mongos");
      uris += "mongodb://scanner:Scan%21Cluster-Passw0rd%232025@" + mongos[0] + "," + mongos[1] +
              "/?tls=true&authSource=admin&tlsCAFile=" + sharded_->cert_dir() + "/ca.pem\n";
    }
    const fs::path path = dir_ / (with_cluster ? "both.uris" : "replset.uris");
    std::ofstream(path) << uris;
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return path;
  }

  // An application's config that reaches the replica set (CONN checks joined to the probed
  // deployment) and holds a hardcoded password (APP findings).
  fs::path config_dir() const {
    std::ofstream(dir_ / "config" / "app.env")
        << "MONGO_URL=mongodb://app:${MONGO_PASSWORD}@" << replset_->nodes()[0] << ","
        << replset_->nodes()[1] << "/shop?retryWrites=false&w=1\n"
        << "MONGO_ADMIN_URL=mongodb://admin:Hunter2hunter2@" << replset_->nodes()[0] << "/admin\n";
    return dir_ / "config";
  }

  void expect_identical(const std::vector<std::string>& extra, bool with_cluster) {
    const fs::path uris = uri_file(with_cluster);
    const auto reference = scan_reports(reference_binary(), dir_ / "reference", uris, extra);
    const auto actual =
        scan_reports(testing_support::mongoscan_binary(), dir_ / "actual", uris, extra);
    for (const std::string& format : kFormats) {
      EXPECT_GT(reference.at(format).size(), 100u) << format;
      EXPECT_TRUE(identical(reference.at(format), actual.at(format))) << format;
    }
  }

  static testing_support::LabDeployment* replset_;
  static testing_support::LabDeployment* sharded_;
  fs::path dir_;
};

testing_support::LabDeployment* ReportIdentityLab::replset_ = nullptr;
testing_support::LabDeployment* ReportIdentityLab::sharded_ = nullptr;

// One node at a time: which member's reply names a shard's members first is then fixed, so the
// reports of a replica set and a sharded cluster (with a retired mongos) can be compared whole.
TEST_F(ReportIdentityLab, ReplicaSetAndShardedClusterOneNodeAtATime) {
  expect_identical(
      {"--concurrency", "1", "--sarif-deployment", "--config-path", config_dir().string()}, true);
}

// Probes in parallel (every member is named by the one seed), findings view, a framework's
// controls, the full print and the data model.
TEST_F(ReportIdentityLab, ReplicaSetInParallelWithEveryOption) {
  expect_identical(
      {"--concurrency", "8", "--sarif-deployment", "--view", "findings", "--framework", "cis",
       "--print", "full", "--data-model", "--config-path", config_dir().string()},
      false);
}

}  // namespace
}  // namespace report_identity_lab_test
}  // namespace mongoscan
