// VER-001 and VER-002 on facts the probe gathered from the lab's version profiles: an end-of-life
// 4.4 node, a 7.0 node affected by MongoBleed through zlib, and a replica set mid-upgrade.

#include <gtest/gtest.h>

#include "checks/server/versions.h"
#include "tests/support/lab_probe.h"
#include "tests/support/lab_scan.h"

namespace mongoscan {
namespace versions_lab_test {
namespace {

using nlohmann::json;
using testing_support::probe_lab_node;
using testing_support::start_lab;

constexpr std::chrono::year_month_day kScanDate{std::chrono::year(2026), std::chrono::month(11),
                                                std::chrono::day(23)};

DeploymentFacts probed(const testing_support::LabDeployment& lab) {
  DeploymentFacts deployment;
  deployment.redacted_uri = "mongodb://" + lab.nodes()[0] + "/";
  for (std::size_t index = 0; index < lab.nodes().size(); ++index)
    deployment.nodes.push_back(probe_lab_node(lab, index));
  return deployment;
}

bool lists(const json& cves, const std::string& id) {
  return std::any_of(cves.begin(), cves.end(), [&](const json& cve) { return cve["id"] == id; });
}

TEST(VersionsLab, AnEndOfLifeNodeFails) {
  auto lab = start_lab("ver-eol");
  const Finding finding = check_supported_versions(probed(*lab), Policy{}, kScanDate);
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_EQ(finding.evidence["nodes"][0]["version"], "4.4.29");
  EXPECT_EQ(finding.evidence["nodes"][0]["end_of_life"], "2024-02-29");
}

TEST(VersionsLab, ZlibOnAnAffected70IsMongoBleed) {
  auto lab = start_lab("ver-cve-zlib");
  const DeploymentFacts deployment = probed(*lab);
  EXPECT_EQ(check_supported_versions(deployment, Policy{}, kScanDate).status, Status::pass);
  const Finding finding = check_known_cves(deployment.nodes[0], Policy{}, kScanDate);
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_TRUE(lists(finding.evidence["applies"], "CVE-2025-14847")) << finding.evidence.dump(2);
  EXPECT_EQ(finding.evidence["facts"]["hello_compression"], (json{"snappy", "zlib"}));
  EXPECT_EQ(finding.evidence["facts"]["net.compression.compressors"]["set"], true);
  EXPECT_EQ(finding.severity, Severity::high);
}

TEST(VersionsLab, MembersMidUpgradeDisagreeAndZlibIsOff) {
  auto lab = start_lab("ver-mixed");
  const DeploymentFacts deployment = probed(*lab);
  const Finding finding = check_supported_versions(deployment, Policy{}, kScanDate);
  EXPECT_EQ(finding.status, Status::warn) << finding.message;
  EXPECT_EQ(finding.evidence["distinct_versions"], (json{"7.0.14", "8.0.4"}));
  const Finding cves = check_known_cves(deployment.nodes[2], Policy{}, kScanDate);
  EXPECT_FALSE(lists(cves.evidence["applies"], "CVE-2025-14847"));
  EXPECT_TRUE(lists(cves.evidence["condition_not_met"], "CVE-2025-14847"));
}

}  // namespace
}  // namespace versions_lab_test
}  // namespace mongoscan
