#include "checks/finding.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace finding_test {
namespace {

TEST(Status, NamesMatchTheReportSchema) {
  EXPECT_EQ(to_string(Status::pass), "pass");
  EXPECT_EQ(to_string(Status::fail), "fail");
  EXPECT_EQ(to_string(Status::warn), "warn");
  EXPECT_EQ(to_string(Status::error), "error");
  EXPECT_EQ(to_string(Status::skipped), "skipped");
}

Finding with_evidence(nlohmann::json evidence) {
  const Subject node = Subject::node("db1:27017");
  return {"VER-002", Status::fail, Severity::high, node, "", std::move(evidence)};
}

TEST(Finding, EvidenceReadsTheSamePackedOrNot) {
  const nlohmann::json evidence = {{"version", "6.0.3"}, {"cves", {"CVE-2024-1351"}}};
  Finding finding = with_evidence(evidence);
  EXPECT_EQ(evidence_of(finding), evidence);
  EvidencePacker packer;
  pack_evidence(finding, packer);
  EXPECT_TRUE(finding.evidence.is_null());
  EXPECT_EQ(evidence_of(finding), evidence);
  pack_evidence(finding, packer);  // packed once
  EXPECT_EQ(evidence_of(finding), evidence);
}

TEST(Finding, SameEvidenceComparesPackedAndUnpacked) {
  EvidencePacker packer;
  Finding packed = with_evidence({{"port", 27017}});
  pack_evidence(packed, packer);
  EXPECT_TRUE(same_evidence(packed, with_evidence({{"port", 27017}})));
  EXPECT_TRUE(same_evidence(with_evidence({{"port", 27017}}), packed));
  EXPECT_FALSE(same_evidence(packed, with_evidence({{"port", 27018}})));
  Finding other = with_evidence({{"port", 27018}});
  pack_evidence(other, packer);
  EXPECT_FALSE(same_evidence(packed, other));
  EXPECT_TRUE(same_evidence(with_evidence(nullptr), with_evidence(nullptr)));
}

}  // namespace
}  // namespace finding_test
}  // namespace mongoscan
