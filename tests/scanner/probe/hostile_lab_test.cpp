// mongoscan against hostile lab nodes (tests/lab/hostile.py, README "Hostile faults"): every fault
// ends as an error naming the node and the phase, within the node's deadline, in bounded memory,
// and the scan still writes its report.

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scanner/cli/cli.h"
#include "tests/support/lab_scan.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/profile_variant.h"

namespace mongoscan {
namespace hostile_lab_test {
namespace {

using nlohmann::json;
using testing_support::LabDeployment;
using testing_support::measured_scan;
using testing_support::MeasuredScan;
using testing_support::only_node;
using testing_support::ProfileVariant;
using testing_support::start_lab;
namespace fs = std::filesystem;

// Issue 16: a scan of one hostile node stays under this peak resident set.
constexpr long kPeakRssLimitKib = 128 * 1024;
// A scan that probes its cap of 1,000 members holds every member's findings (about 50 per node,
// each with its evidence) until the reports are written: 131 MiB with 51 node checks on
// 2026-11-30; 105 MiB (107,540 KiB) once each node is judged as it is probed, only the replies
// read later are kept and findings share their check's spec (issue 41 item 2, same day); 98 MiB
// (99,880 KiB) once judged findings hold their evidence packed (checks/packed_evidence.h).
constexpr long kMemberCapPeakRssLimitKib = 112 * 1024;
// A reply announced but never sent costs next to nothing: a scan that allocated the 48 MB it
// announces would not stay under this (a scan of a sound node peaks near 12 MiB).
constexpr long kAnnouncedOnlyRssLimitKib = 32 * 1024;
// The scan's deadlines here: a round trip's, and four of them for the node. A scan that kept
// waiting past them would run into the test's own limit on the process (testing_support::run_scan),
// which ends it and fails the test.
std::vector<std::string> deadlines(int command_timeout_s) {
  return {"--command-timeout", std::to_string(command_timeout_s), "--node-timeout",
          std::to_string(4 * command_timeout_s)};
}
const std::vector<std::string> kDeadlines = deadlines(2);

struct HostileMode {
  std::string fault;
  std::string phase;    // the phase of the error the node must end with
  std::string message;  // a part of that error's message
  bool tls = false;     // the node requires TLS, and the scan uses it
  // Checks about the node end as `error`. Not after a failed login alone: the open profile answers
  // every command without one, so the checks still judge the node; the login is the node's error.
  bool checks_end_in_error = true;
  long peak_rss_limit_kib = kPeakRssLimitKib;
  // Seconds for a round trip: more where the node sends a whole 48 MB frame, which the scan must
  // read to the end before it can say what is wrong with it (under a loaded sanitizer build that
  // took more than 2 s).
  int command_timeout_s = 2;
};

std::ostream& operator<<(std::ostream& out, const HostileMode& mode) { return out << mode.fault; }

// The open profile's one node with the fault; with `tls`, behind requireTLS.
ProfileVariant hostile_profile(const HostileMode& mode) {
  return ProfileVariant("open", [&](json& profile) {
    profile["nodes"][0]["faults"] = {mode.fault};
    if (mode.tls) profile["tls"] = {{"mode", "requireTLS"}, {"certificate", "valid"}};
  });
}

// The open profile's user (app / app123) logs in, so that the SCRAM faults are reached.
std::string hostile_uri(const LabDeployment& lab, const HostileMode& mode) {
  std::string uri = "mongodb://app:app123@" + lab.nodes()[0] + "/?authSource=admin";
  if (mode.tls) uri += "&tls=true&tlsCAFile=" + lab.cert_dir() + "/ca.pem";
  return uri;
}

// The node's errors as one string, for messages.
std::string errors_of(const json& node) { return node.value("errors", json::array()).dump(); }

bool has_error(const json& node, const HostileMode& mode) {
  for (const json& error : node.value("errors", json::array())) {
    if (error["phase"] == mode.phase &&
        error["message"].get<std::string>().find(mode.message) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// Some check about the node ended as `error`: the report says the node could not be judged.
bool has_error_finding(const MeasuredScan& measured, const std::string& address) {
  for (const json& finding : measured.scan.report.value("findings", json::array())) {
    if (finding["status"] == "error" && finding["subject"].value("node", "") == address)
      return true;
  }
  return false;
}

class HostileNode : public ::testing::TestWithParam<HostileMode> {};

TEST_P(HostileNode, EndsAsAnErrorWithinTheDeadlineInBoundedMemory) {
  const HostileMode& mode = GetParam();
  const ProfileVariant profile = hostile_profile(mode);
  auto lab = start_lab(profile.path());
  const MeasuredScan measured =
      measured_scan(*lab, hostile_uri(*lab, mode), deadlines(mode.command_timeout_s));

  ASSERT_FALSE(measured.scan.process.timed_out) << "the scan kept waiting past its deadlines";
  // Whatever the node did, the scan is incomplete and says so: it never passes the gate.
  ASSERT_EQ(measured.scan.process.exit_code, kExitIncomplete) << measured.scan.process.err;
  EXPECT_EQ(measured.scan.report["coverage"]["complete"], false);
  const json& node = only_node(measured.scan);
  EXPECT_EQ(node["address"], lab->nodes()[0]);
  EXPECT_TRUE(has_error(node, mode)) << errors_of(node);
  EXPECT_EQ(has_error_finding(measured, lab->nodes()[0]), mode.checks_end_in_error);
  ASSERT_GT(measured.peak_rss_kib, 0) << "GNU time reported no peak RSS";
  RecordProperty("peak_rss_kib", std::to_string(measured.peak_rss_kib));
  if (testing_support::runs_the_release_build()) {
    EXPECT_LT(measured.peak_rss_kib, mode.peak_rss_limit_kib);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Lab, HostileNode,
    ::testing::Values(
        HostileMode{"accept_then_silence", "hello", "deadline"},
        HostileMode{"tls_garbage", "tls", "", true},
        HostileMode{"negative_message_length", "hello", "message length -1 is invalid"},
        HostileMode{"oversize_message_length", "hello", "message length 2147483647 is invalid"},
        HostileMode{"truncated_frame", "hello", "the server closed the connection"},
        HostileMode{"stalled_frame", "hello", "deadline", false, true, kAnnouncedOnlyRssLimitKib},
        HostileMode{"invalid_bson", "hello", "unknown element type 0x42"},
        HostileMode{"deep_nesting", "hello", "nested deeper than 200 levels"},
        HostileMode{"slow_bytes", "hello", "deadline"},
        HostileMode{"endless_stream", "hello", "flagBits", false, true, kPeakRssLimitKib, 10},
        HostileMode{"huge_max_message_size", "listDatabases",
                    "message length 1900000000 is invalid (min 16, max 48000000)"},
        HostileMode{"wrong_server_signature", "auth",
                    "the server could not prove it knows the password", false, false},
        HostileMode{"scram_iteration_count_1", "auth",
                    "SCRAM iteration count 1 is below the minimum 4096", false, false},
        HostileMode{"scram_iteration_count_2000000000", "auth",
                    "SCRAM iteration count 2000000000 is above the maximum 1000000", false, false}),
    [](const ::testing::TestParamInfo<HostileMode>& info) { return info.param.fault; });

// A replica-set primary whose hello lists 10,000 more members, all on loopback addresses where
// nothing listens: the scan probes at most its member cap (--max-nodes 1000: the default, 5,000,
// costs this test several minutes of reading the report), each member refusing at once (none waits
// for a deadline), and still ends by itself with a report, in bounded memory.
TEST(HostileReplicaSet, HelloListing10000HostsEndsWithAReport) {
  const ProfileVariant profile("replset-member-down", [](json& profile) {
    profile["nodes"][0]["faults"] = {"hello_10000_hosts"};
  });
  auto lab = start_lab(profile.path());
  std::vector<std::string> options = kDeadlines;
  options.insert(options.end(), {"--max-nodes", "1000"});
  const MeasuredScan measured =
      measured_scan(*lab, "mongodb://" + lab->nodes()[0] + "/?replicaSet=rs0", options);

  ASSERT_FALSE(measured.scan.process.timed_out) << "the scan kept waiting past its deadlines";
  ASSERT_EQ(measured.scan.process.exit_code, kExitIncomplete) << measured.scan.process.err;
  EXPECT_GE(measured.scan.report["coverage"]["members_not_probed"].get<int>(), 9000)
      << "the members past the cap are counted";
  const json& nodes = measured.scan.report["targets"][0]["nodes"];
  EXPECT_GT(nodes.size(), 3u);
  EXPECT_LE(nodes.size(), 1000u);
  RecordProperty("peak_rss_kib", std::to_string(measured.peak_rss_kib));
  std::size_t refused = 0;
  for (const json& node : nodes) {
    if (node["address"] == lab->nodes()[0]) {
      EXPECT_EQ(node["errors"], json::array()) << node;
      continue;
    }
    for (const json& error : node["errors"]) {
      EXPECT_NE(error["code"], "timeout") << node["address"] << " waited for a deadline: " << error;
      if (error["code"] == "refused") ++refused;
    }
  }
  EXPECT_GT(refused, 900u) << "the members past the first few were refused, each at once";
  if (testing_support::runs_the_release_build()) {
    EXPECT_LT(measured.peak_rss_kib, kMemberCapPeakRssLimitKib);
  }
}

}  // namespace
}  // namespace hostile_lab_test
}  // namespace mongoscan
