#pragma once
// A report's results of one status gathered by check, for the HTML report's printed summary: the
// results that say the same thing (message, evidence and suppression) on several subjects are
// one entry naming every subject, so that a check failing alike on twelve nodes prints once.

#include <cstddef>
#include <vector>

#include "reports/report.h"

namespace mongoscan {

// Results of one check that share their message, evidence and suppression.
struct SharedResult {
  std::vector<const ReportedFinding*> findings;  // in report order; the first speaks for all
};

struct CheckResults {
  const CheckSpec* spec;              // points into the Report
  Severity severity;                  // the worst of its results
  std::vector<SharedResult> results;  // unsuppressed first, then in report order
  std::size_t count = 0;              // results, the shared ones each counted
};

// The report's results of `status`, a group per check: worst severity first, then breadth (how
// many results), then check id, as fix_first orders its checks. The report must outlive them.
std::vector<CheckResults> results_by_check(const Report& report, Status status);
std::vector<CheckResults> results_by_check(const Report&& report, Status status) = delete;

}  // namespace mongoscan
