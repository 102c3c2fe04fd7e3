#include "checks/scan_coverage.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace scan_coverage_test {
namespace {

NodeFacts node(const std::string& host, bool answered) {
  NodeFacts facts;
  facts.host = host;
  facts.port = 27017;
  if (answered) facts.hello = bson::Document{{"isWritablePrimary", true}};
  return facts;
}

Finding with_status(Status status, std::string suppression = {}) {
  Finding finding;
  finding.check_id = "AUTHN-001";
  finding.status = status;
  finding.suppression = std::move(suppression);
  return finding;
}

TEST(ScanCoverage, AScanThatSawEverythingIsComplete) {
  DeploymentFacts deployment;
  deployment.nodes = {node("db1", true), node("db2", true)};
  const ScanCoverage coverage = assess_coverage(
      {deployment}, nullptr, std::vector<Finding>{with_status(Status::pass)}, false);
  EXPECT_TRUE(coverage.complete());
  EXPECT_EQ(coverage.statement(), "complete");
}

TEST(ScanCoverage, CountsEverythingTheScanCouldNotLookAt) {
  DeploymentFacts deployment;
  deployment.nodes = {node("db1", true), node("db2", false), node("db3", false), node("db4", true)};
  deployment.nodes[3].errors.push_back(
      Error{ErrorCode::auth_failed, "auth", "the server could not prove it knows the password"});
  deployment.members_not_probed = 7;
  ConfigFacts config;
  config.skipped = {{"a.yml", std::string(kInternalErrorReason)}, {"b.png", "binary"}};
  const std::vector<Finding> findings = {with_status(Status::error), with_status(Status::error),
                                         with_status(Status::error, "baseline"),
                                         with_status(Status::fail)};
  const ScanCoverage coverage = assess_coverage({deployment}, &config, findings, true);
  EXPECT_FALSE(coverage.complete());
  EXPECT_EQ(coverage.nodes_not_scanned, 2u);
  EXPECT_EQ(coverage.nodes_in_part, 1u) << "answered hello, then its authentication failed";
  EXPECT_EQ(coverage.members_not_probed, 7u);
  EXPECT_EQ(coverage.checks_in_error, 2u) << "a suppressed error does not count";
  EXPECT_EQ(coverage.files_not_scanned, 1u) << "a binary file is not a failure to look";
  EXPECT_EQ(coverage.statement(),
            "incomplete: 2 nodes not scanned, 1 node scanned in part (a probe step failed), 7 "
            "members not probed (member cap), 2 checks in error, 1 file not scanned (not found, "
            "unreadable or an internal error), the scan timeout ended the scan");
}

// Issue 35 item 3: an infrastructure reader's internal error costs that file's exposure facts and
// makes the scan incomplete (exit 4), never a pass; a reader's ordinary problem (a value that is
// not a literal) is a skipped finding only.
TEST(ScanCoverage, AnInfrastructureReadersInternalErrorMakesTheScanIncomplete) {
  ConfigFacts config;
  config.infrastructure_unread = {{"main.tf", std::string(kInternalErrorReason)},
                                  {"sg.tf", "main.tf:3: cidr_blocks is var.x, not a literal"}};
  const ScanCoverage coverage = assess_coverage({}, &config, {}, false);
  EXPECT_FALSE(coverage.complete());
  EXPECT_EQ(coverage.files_not_scanned, 1u);
}

// Issue 35 item 6: a path the scan was given (an inventory's config_paths) that is not there is
// not a silent pass; a file inside a given folder that is skipped for what it is stays skipped.
TEST(ScanCoverage, AGivenPathThatIsNotThereMakesTheScanIncomplete) {
  ConfigFacts config;
  config.roots = {"deploy", "gone"};
  config.skipped = {{"gone", "not found"}, {"deploy/logo.png", "binary"}};
  const ScanCoverage coverage = assess_coverage({}, &config, {}, false);
  EXPECT_FALSE(coverage.complete());
  EXPECT_EQ(coverage.files_not_scanned, 1u);
}

TEST(ScanCoverage, EachShortfallAloneMakesTheScanIncomplete) {
  ScanCoverage coverage;
  coverage.timed_out = true;
  EXPECT_FALSE(coverage.complete());
  EXPECT_EQ(coverage.statement(), "incomplete: the scan timeout ended the scan");
  EXPECT_FALSE(ScanCoverage{.checks_in_error = 1}.complete());
  EXPECT_EQ(ScanCoverage{.nodes_not_scanned = 1}.statement(), "incomplete: 1 node not scanned");
}

}  // namespace
}  // namespace scan_coverage_test
}  // namespace mongoscan
