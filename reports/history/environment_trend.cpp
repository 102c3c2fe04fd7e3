#include "reports/history/environment_trend.h"

#include <algorithm>

namespace mongoscan {

std::vector<TrendPoint> environment_trend(const EnvironmentPast& past,
                                          const std::vector<HistoryFinding>& now,
                                          const std::string& started_at, bool scanned) {
  const std::size_t kept = std::min(past.recent.size(), kTrendRuns - 1);
  std::vector<TrendPoint> trend(past.recent.end() - static_cast<std::ptrdiff_t>(kept),
                                past.recent.end());
  trend.push_back({started_at, scanned, scanned ? fails_by_severity(now) : std::array<int, 5>{}});
  return trend;
}

}  // namespace mongoscan
