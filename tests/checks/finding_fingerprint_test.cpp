#include "checks/finding_fingerprint.h"

#include <gtest/gtest.h>

#include "checks/registry.h"
#include "tests/checks/node_facts_fixture.h"

namespace mongoscan {
namespace finding_fingerprint_test {
namespace {

Finding finding(std::string check, Subject subject, std::string message = "m") {
  return {std::move(check),   Status::fail,       Severity::high,
          std::move(subject), std::move(message), nullptr};
}

TEST(FindingFingerprint, ANodeFindingIsItsCheckAndNode) {
  const std::string fingerprint =
      finding_fingerprint(finding("NET-002", Subject::node("db1:27017")));
  EXPECT_EQ(fingerprint.size(), 32u);
  EXPECT_EQ(fingerprint.find_first_not_of("0123456789abcdef"), std::string::npos);
  // The message (which may carry a date or a count) is no part of it.
  EXPECT_EQ(finding_fingerprint(finding("NET-002", Subject::node("db1:27017"), "other")),
            fingerprint);
  EXPECT_NE(finding_fingerprint(finding("NET-003", Subject::node("db1:27017"))), fingerprint);
  EXPECT_NE(finding_fingerprint(finding("NET-002", Subject::node("db2:27017"))), fingerprint);
  EXPECT_NE(finding_fingerprint(finding("NET-002", Subject::uri("db1:27017"))), fingerprint);
}

TEST(FindingFingerprint, AFileFindingKeepsItWhenLinesMoveNotWhenTheRuleChanges) {
  const Finding at_9 = finding("NET-005", Subject::file("aws/sg.tf", 9, 1), "sg lets any address");
  const Finding at_19 =
      finding("NET-005", Subject::file("aws/sg.tf", 19, 1), "sg lets any address");
  EXPECT_EQ(finding_fingerprint(at_9), finding_fingerprint(at_19));
  EXPECT_NE(
      finding_fingerprint(at_9),
      finding_fingerprint(finding("NET-005", Subject::file("aws/sg.tf", 9, 1), "sg lets /16")));
  EXPECT_NE(finding_fingerprint(at_9),
            finding_fingerprint(
                finding("NET-005", Subject::file("gcp/fw.tf", 9, 1), "sg lets any address")));
}

TEST(FindingFingerprint, AChecksOwnFingerprintIsKept) {
  Finding config = finding("APP-001", Subject::file("app.yml", 3, 7));
  config.fingerprint = "00112233445566778899aabbccddeeff";
  EXPECT_EQ(finding_fingerprint(config), "00112233445566778899aabbccddeeff");
}

TEST(FindingFingerprint, EveryFindingOfTheRunnersHasOne) {
  const auto findings = run_node_checks(check_test::reachable_node(), Policy{});
  ASSERT_FALSE(findings.empty());
  for (const Finding& judged : findings) {
    EXPECT_EQ(judged.fingerprint, finding_fingerprint(judged)) << judged.check_id;
    EXPECT_EQ(judged.fingerprint.size(), 32u) << judged.check_id;
  }
}

// Issue 40 item 4: a file finding's content fingerprint leaves the path out, so that a baseline
// follows a renamed file; a check's own is kept; other subjects have none.
TEST(FindingFingerprint, TheContentFingerprintOfAFileFindingLeavesThePathOut) {
  const Finding here = finding("NET-005", Subject::file("aws/sg.tf", 9, 1), "sg lets any address");
  const Finding moved =
      finding("NET-005", Subject::file("infra/aws/sg.tf", 12, 1), "sg lets any address");
  EXPECT_EQ(finding_content_fingerprint(here).size(), 32u);
  EXPECT_EQ(finding_content_fingerprint(here), finding_content_fingerprint(moved));
  EXPECT_NE(finding_fingerprint(here), finding_fingerprint(moved));
  EXPECT_NE(finding_content_fingerprint(here),
            finding_content_fingerprint(
                finding("NET-005", Subject::file("aws/sg.tf", 9, 1), "sg lets /16")));
  EXPECT_NE(finding_content_fingerprint(here),
            finding_content_fingerprint(
                finding("NET-006", Subject::file("aws/sg.tf", 9, 1), "sg lets any address")));
  Finding config = finding("APP-001", Subject::file("app.yml", 3, 7));
  config.content_fingerprint = "00112233445566778899aabbccddeeff";
  EXPECT_EQ(finding_content_fingerprint(config), "00112233445566778899aabbccddeeff");
  EXPECT_EQ(finding_content_fingerprint(finding("NET-002", Subject::node("db1:27017"))), "");
}

}  // namespace
}  // namespace finding_fingerprint_test
}  // namespace mongoscan
