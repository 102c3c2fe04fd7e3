// A scan with --baseline holds each node's findings against it as soon as the node is judged (and
// spools them): the report is the one a scan gives that holds every finding at once, as
// --write-baseline does after writing the file.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/lab_scan.h"

namespace mongoscan {
namespace baseline_lab_test {
namespace {

namespace fs = std::filesystem;

// What a reader takes from each finding, in the report's order.
std::vector<std::string> finding_lines(const nlohmann::json& report) {
  std::vector<std::string> lines;
  for (const auto& finding : report["findings"]) {
    lines.push_back(finding["check_id"].get<std::string>() + " " + finding["status"].dump() + " " +
                    finding["subject"].dump() + " " + finding.value("suppression", "") + " " +
                    finding["message"].get<std::string>());
  }
  return lines;
}

TEST(BaselineLab, NodeFindingsHeldAsJudgedAreThoseHeldAllAtOnce) {
  auto lab = testing_support::start_lab("replset");
  const std::string uri = "mongodb://" + lab->nodes()[0] + "/?tls=false&authSource=admin";
  const std::vector<std::string> environment = {"MONGOSCAN_PASSWORD=Scan!Lab-Passw0rd#2024"};
  const fs::path dir =
      fs::temp_directory_path() / ("mongoscan-baseline-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string baseline = (dir / "baseline.json").string();

  const auto written = testing_support::scan(
      *lab, uri, {"--username", "scanner", "--write-baseline", baseline}, environment);
  ASSERT_FALSE(written.report.is_null()) << written.process.err;
  const auto held = testing_support::scan(
      *lab, uri, {"--username", "scanner", "--baseline", baseline}, environment);
  ASSERT_FALSE(held.report.is_null()) << held.process.err;

  EXPECT_EQ(finding_lines(held.report), finding_lines(written.report));
  std::size_t node_findings_held = 0;
  for (const auto& finding : held.report["findings"]) {
    if (finding["status"] != "fail" && finding["status"] != "warn") continue;
    EXPECT_EQ(finding.value("suppression", ""), "baseline") << finding.dump();
    node_findings_held += finding["subject"].contains("node");
  }
  EXPECT_GT(node_findings_held, 0u) << "the lab's nodes fail some checks";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace baseline_lab_test
}  // namespace mongoscan
