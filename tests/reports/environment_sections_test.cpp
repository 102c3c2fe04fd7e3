#include "reports/environment_sections.h"

#include <gtest/gtest.h>

#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace environment_sections_test {
namespace {

ChangedFinding changed(const std::string& fingerprint) {
  return {fingerprint, "NET-001", Severity::high, "db1:27017", "bindIp is 0.0.0.0", "2026-01-01"};
}

EnvironmentChanges since_before(std::size_t added, std::size_t fixed, std::size_t unverified,
                                std::size_t unchanged) {
  EnvironmentChanges changes;
  changes.previous_run = "2026-03-01T09:00:00Z";
  for (std::size_t i = 0; i < added; ++i) changes.new_findings.push_back(changed("n"));
  for (std::size_t i = 0; i < fixed; ++i) changes.fixed.push_back(changed("f"));
  for (std::size_t i = 0; i < unverified; ++i) changes.unverified.push_back(changed("u"));
  for (std::size_t i = 0; i < unchanged; ++i) changes.unchanged.push_back(changed("s"));
  return changes;
}

// Better only when something was seen passing and nothing is new; what could not be checked is
// never better.
TEST(EnvironmentSectionsTest, SincePreviousRunSaysWhichWayAnEnvironmentWent) {
  EXPECT_EQ(since_previous_run(EnvironmentChanges{}), "first run");
  EXPECT_EQ(since_previous_run(since_before(2, 0, 0, 3)), "worse (2 new)");
  EXPECT_EQ(since_previous_run(since_before(0, 3, 0, 1)), "better (3 fixed)");
  EXPECT_EQ(since_previous_run(since_before(1, 2, 0, 0)), "mixed (1 new, 2 fixed)");
  EXPECT_EQ(since_previous_run(since_before(0, 0, 2, 0)), "unverified (2)");
  EXPECT_EQ(since_previous_run(since_before(0, 1, 2, 0)), "better (1 fixed, 2 unverified)");
  EXPECT_EQ(since_previous_run(since_before(0, 0, 0, 4)), "unchanged");
}

TEST(EnvironmentSectionsTest, TheFleetShowsSincePreviousRunOnlyWithAHistory) {
  const Report inventory = testing_support::inventory_report();
  EXPECT_FALSE(shows_since_previous(fleet_summary(inventory)));
  const Report history = testing_support::history_report();
  const std::vector<FleetRow> rows = fleet_summary(history);
  ASSERT_TRUE(shows_since_previous(rows));
  EXPECT_EQ(rows[0].since_previous, "mixed (1 new, 1 fixed, 1 unverified)");
  EXPECT_EQ(rows[1].since_previous, "first run");
}

}  // namespace
}  // namespace environment_sections_test
}  // namespace mongoscan
