#pragma once
// What changed in one environment since its previous run in the history: a pure function of what
// the history holds and this run's findings.

#include <string>
#include <vector>

#include "reports/history/history_run.h"
#include "reports/report.h"

namespace mongoscan {

// Compares `now` (this run's findings of the environment, which started at `started_at`) with the
// environment's previous run, fingerprint by fingerprint (one fingerprint failing in several
// findings counts once):
//   new:        failing now, not failing then; on the first run, every failing finding;
//   fixed:      failing then, and now found passing;
//   unverified: failing then, and now absent, in error, skipped or suppressed (no false
//               assurance: a check that did not run proves nothing fixed);
//   unchanged:  failing then and now.
// first_seen is the first run of the environment in which the fingerprint failed (ever, not in
// the current streak); this run's start for a new one.
EnvironmentChanges environment_changes(const EnvironmentPast& past,
                                       const std::vector<HistoryFinding>& now,
                                       const std::string& started_at);

}  // namespace mongoscan
