#pragma once
// An inventory report (scan --inventory) as the formats show it: a fleet summary, then one
// section per environment rendered like a report of its own.

#include <array>
#include <cstddef>
#include <map>
#include <string>
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
  // With a history, how it fared since its previous run (since_previous_run); else empty.
  std::string since_previous;
};

inline constexpr std::size_t kWorstPerEnvironment = 3;

// The fleet summary of an inventory report, in the inventory's order; none for a plain scan. The
// report must outlive it.
std::vector<FleetRow> fleet_summary(const Report& report);
std::vector<FleetRow> fleet_summary(const Report&& report) = delete;  // it would dangle

// One line of an environment's changes since its previous run: "new", "fixed", "unverified" (with
// what it is now) or "still failing" (with the date first seen).
struct ChangeLine {
  std::string_view change;
  const ChangedFinding* finding;  // points into the EnvironmentChanges
  std::string note;  // "now absent" (unverified), "first seen DATE" (still failing), or empty
};

// The changes as lines: new, then fixed, then unverified, then still failing, each in the
// history's order. The changes must outlive them.
std::vector<ChangeLine> change_lines(const EnvironmentChanges& changes);
std::vector<ChangeLine> change_lines(const EnvironmentChanges&& changes) = delete;

// "1 new, 2 fixed, 0 unverified, 3 still failing since 2025-03-01T10:00:00Z", or "first run: 4
// new" when the history had no earlier run of the environment.
std::string changes_summary(const EnvironmentChanges& changes);

// How an environment fared since its previous run, from its changes: "first run", "worse (2 new)",
// "better (3 fixed)", "mixed (1 new, 2 fixed)", "unverified (2)" (failing before and not checked
// now: never called better) or "unchanged"; counts of unverified findings are added to the others,
// e.g. "better (1 fixed, 2 unverified)".
std::string since_previous_run(const EnvironmentChanges& changes);

// Whether the fleet summary has a since-previous-run column: some environment has a history.
bool shows_since_previous(const std::vector<FleetRow>& rows);

// An environment's tags as "owner=payments, tier=prod" (key order).
std::string tags_text(const EnvironmentSummary& environment);

// The parts of an inventory report that belong to each environment, each as a report of its own:
// its targets and findings, its coverage, the report's times and tool. Files scanned, stale
// acceptances and inputs stay with the whole report. Which findings and targets are whose is
// found in one pass, so that rendering is linear in the environments.
class EnvironmentParts {
 public:
  explicit EnvironmentParts(const Report& report);
  Report part(const EnvironmentSummary& environment) const;
  // The part without its findings (part's targets, coverage, times and tool), and its findings
  // by pointer into the report: a section rendered from the two copies no finding.
  Report part_without_findings(const EnvironmentSummary& environment) const;
  const std::vector<const ReportedFinding*>& findings_of(
      const EnvironmentSummary& environment) const;

 private:
  const Report& report_;
  std::map<std::string_view, std::vector<const ReportedFinding*>> findings_;
  std::map<std::string_view, std::vector<const TargetSummary*>> targets_;
};

}  // namespace mongoscan
