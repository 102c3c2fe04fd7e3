#pragma once
// An environment's trend: its unsuppressed fails by severity over its last runs in the history and
// this one.

#include <string>
#include <vector>

#include "reports/history/history_run.h"
#include "reports/report.h"

namespace mongoscan {

// The past's recent runs followed by this one (which started at `started_at`, and was `scanned`
// or not), at most kTrendRuns. A run not scanned has no counts.
std::vector<TrendPoint> environment_trend(const EnvironmentPast& past,
                                          const std::vector<HistoryFinding>& now,
                                          const std::string& started_at, bool scanned);

}  // namespace mongoscan
