#include "reports/history/environment_trend.h"

#include <algorithm>

namespace mongoscan {

std::vector<TrendPoint> environment_trend(const EnvironmentPast& past,
                                          const std::vector<HistoryFinding>& now,
                                          const std::string& started_at, bool scanned) {
  const std::size_t kept = std::min(past.recent.size(), kTrendRuns - 1);
  std::vector<TrendPoint> trend(past.recent.end() - static_cast<std::ptrdiff_t>(kept),
                                past.recent.end());
  TrendPoint& current = trend.emplace_back(TrendPoint{started_at, scanned, {}});
  if (!scanned) return trend;
  for (const HistoryFinding& finding : now) {
    if (finding.status != "fail" || finding.suppressed) continue;
    if (const std::optional<Severity> severity = parse_severity(finding.severity)) {
      ++current.failing_by_severity[4 - static_cast<std::size_t>(*severity)];
    }
  }
  return trend;
}

}  // namespace mongoscan
