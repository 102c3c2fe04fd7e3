#include "reports/report_merge.h"

#include <gtest/gtest.h>

#include <sstream>

#include "reports/formats/json_report.h"
#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace report_merge_test {
namespace {

std::string json_of(const Report& report) {
  std::ostringstream out;
  write_json_report(report, out);
  return out.str();
}

// The part of the inventory sample that holds these environments, as its shard would report it.
Report shard_of(const Report& whole, const std::set<std::string>& environments) {
  Report part = whole;
  std::erase_if(part.targets, [&](const TargetSummary& target) {
    return !environments.contains(target.environment);
  });
  std::erase_if(part.findings.held(), [&](const ReportedFinding& reported) {
    return !environments.contains(reported.environment);
  });
  std::erase_if(part.environments, [&](const EnvironmentSummary& environment) {
    return !environments.contains(environment.name);
  });
  part.coverage = {};
  for (const EnvironmentSummary& environment : part.environments) {
    part.coverage += environment.coverage;
  }
  part.statistics.nodes = 0;
  for (const TargetSummary& target : part.targets) part.statistics.nodes += target.nodes.size();
  part.statistics.scram_key_derivations = environments.contains("production") ? 1 : 0;
  if (!environments.contains("production")) part.inputs.clear();
  return part;
}

TEST(ReportMerge, TheShardsOfARunMergeIntoTheWholeRun) {
  const Report whole = testing_support::inventory_report();
  Report first = shard_of(whole, {"production", "staging"});
  Report second = shard_of(whole, {"reporting"});
  first.finished_at = "2025-03-01T10:00:05Z";
  second.started_at = "2025-03-01T10:00:01Z";
  const Result<Report> merged = merge_reports({first, second});
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  EXPECT_EQ(json_of(merged.value()), json_of(whole));
}

TEST(ReportMerge, AnEnvironmentInTwoShardsOrTwoVersionsAreRefused) {
  const Report whole = testing_support::inventory_report();
  const Report part = shard_of(whole, {"staging"});
  const Result<Report> twice = merge_reports({part, part});
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().message,
            "environment staging is in two reports: each shard must scan other environments");
  Report other = shard_of(whole, {"reporting"});
  other.tool_version = "0.2.0";
  const Result<Report> mixed = merge_reports({part, other});
  ASSERT_FALSE(mixed.ok());
  EXPECT_EQ(mixed.error().message,
            "report 2 was written by mongoscan 0.2.0, report 1 by 0.1.0-test: merge the shards of "
            "one run");
  EXPECT_FALSE(merge_reports({}).ok());
  // Issue 23: the merged verdict is at one gate; shards judged at two are refused.
  Report stricter = shard_of(whole, {"reporting"});
  stricter.gate = GateRule{Severity::medium, std::nullopt};
  const Result<Report> gates = merge_reports({part, stricter});
  ASSERT_FALSE(gates.ok());
  EXPECT_EQ(gates.error().message,
            "report 2 was judged at another gate than report 1 (--fail-on, --fail-on-new): merge "
            "the shards of one run");
}

TEST(ReportMerge, AnAcceptanceIsStaleOnlyWhereNoShardUsedIt) {
  const Report accepted = testing_support::acceptance_report();
  ASSERT_EQ(accepted.stale_acceptances.size(), 2u);
  Report used_one = accepted;
  used_one.stale_acceptances.erase(used_one.stale_acceptances.begin());
  const Result<Report> merged = merge_reports({accepted, used_one});
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  ASSERT_EQ(merged.value().stale_acceptances.size(), 1u);
  EXPECT_EQ(merged.value().stale_acceptances[0].acceptance.origin,
            accepted.stale_acceptances[1].acceptance.origin);
}

}  // namespace
}  // namespace report_merge_test
}  // namespace mongoscan
