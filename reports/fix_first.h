#pragma once
// What to fix first: the checks whose failures weigh most, for the top of the HTML report.

#include <cstddef>
#include <vector>

#include "reports/report.h"

namespace mongoscan {

// One check's unsuppressed fails across the report.
struct FixFirstItem {
  const CheckSpec* spec;                         // points into the Report
  Severity severity;                             // the worst of its fails
  std::vector<const ReportedFinding*> findings;  // its fails, in report order
};

inline constexpr std::size_t kFixFirstItems = 5;

// The checks with unsuppressed fails, worst first: by severity, then breadth (how many subjects
// fail it), then check id; at most `limit`. The report must outlive them.
std::vector<FixFirstItem> fix_first(const Report& report, std::size_t limit = kFixFirstItems);
std::vector<FixFirstItem> fix_first(const Report&& report, std::size_t limit) = delete;

}  // namespace mongoscan
