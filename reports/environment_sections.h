#pragma once
// An inventory report (scan --inventory) as the formats show it: a fleet summary, then one
// section per environment rendered like a report of its own.

#include <array>
#include <cstddef>
#include <string_view>
#include <vector>

#include "reports/report.h"

namespace mongoscan {

// One row of the fleet summary.
struct FleetRow {
  const EnvironmentSummary* environment;  // points into the Report
  std::string_view verdict;               // verdict_of(*environment)
  StatusCounts counts;                    // its findings by status
  // Its unsuppressed fails by severity, critical first (index: 4 - severity).
  std::array<int, 5> failing_by_severity{};
  // Its worst results needing attention (findings_view order), at most kWorstPerEnvironment.
  std::vector<const ReportedFinding*> worst;
};

inline constexpr std::size_t kWorstPerEnvironment = 3;

// The fleet summary of an inventory report, in the inventory's order; none for a plain scan. The
// report must outlive it.
std::vector<FleetRow> fleet_summary(const Report& report);
std::vector<FleetRow> fleet_summary(const Report&& report) = delete;  // it would dangle

// The part of an inventory report that belongs to one environment, as a report of its own: its
// targets and findings, its coverage, the report's times and tool. Files scanned, stale
// acceptances and inputs stay with the whole report.
Report environment_report(const Report& report, const EnvironmentSummary& environment);

}  // namespace mongoscan
