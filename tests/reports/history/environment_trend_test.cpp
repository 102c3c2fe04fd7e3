#include "reports/history/environment_trend.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace environment_trend_test {
namespace {

constexpr const char* kNow = "2026-03-02T09:00:00Z";

HistoryFinding with(const std::string& status, const std::string& severity,
                    bool suppressed = false) {
  return {"f", "CHK-1", status, suppressed, severity, "db1:27017", "said"};
}

EnvironmentPast with_recent(std::size_t runs) {
  EnvironmentPast past;
  for (std::size_t i = 0; i < runs; ++i) {
    past.recent.push_back(
        {"2026-02-" + std::to_string(10 + i) + "T09:00:00Z", true, {0, 1, 0, 0, 0}});
  }
  return past;
}

TEST(EnvironmentTrendTest, ThisRunComesLastWithItsUnsuppressedFailsBySeverity) {
  const std::vector<TrendPoint> trend = environment_trend(
      with_recent(2),
      {with("fail", "critical"), with("fail", "high"), with("fail", "high"), with("warn", "high"),
       with("fail", "low", true), with("pass", "medium"), with("error", "medium")},
      kNow, true);
  ASSERT_EQ(trend.size(), 3u);
  EXPECT_EQ(trend[0].started_at, "2026-02-10T09:00:00Z");
  EXPECT_EQ(trend.back().started_at, kNow);
  EXPECT_TRUE(trend.back().scanned);
  EXPECT_EQ(trend.back().failing_by_severity, (std::array<int, 5>{1, 2, 0, 0, 0}));
}

// An environment not scanned now has no counts: its findings (absent) prove nothing fixed.
TEST(EnvironmentTrendTest, ARunNotScannedHasNoCounts) {
  const std::vector<TrendPoint> trend =
      environment_trend(with_recent(1), {with("fail", "high")}, kNow, false);
  ASSERT_EQ(trend.size(), 2u);
  EXPECT_FALSE(trend.back().scanned);
  EXPECT_EQ(trend.back().failing_by_severity, (std::array<int, 5>{}));
}

TEST(EnvironmentTrendTest, KeepsTheLastRunsOnly) {
  const std::vector<TrendPoint> trend =
      environment_trend(with_recent(kTrendRuns + 3), {}, kNow, true);
  ASSERT_EQ(trend.size(), kTrendRuns);
  EXPECT_EQ(trend.front().started_at, "2026-02-14T09:00:00Z");
  EXPECT_EQ(trend.back().started_at, kNow);
}

TEST(EnvironmentTrendTest, TheFirstRunIsOnePoint) {
  const std::vector<TrendPoint> trend = environment_trend({}, {with("fail", "info")}, kNow, true);
  ASSERT_EQ(trend.size(), 1u);
  EXPECT_EQ(trend[0].failing_by_severity, (std::array<int, 5>{0, 0, 0, 0, 1}));
}

}  // namespace
}  // namespace environment_trend_test
}  // namespace mongoscan
