#pragma once
// One scan as the history (scan --history) keeps it: when, by which build, and per environment
// its verdict, counts and every finding's fingerprint, status, severity, subject and message.
// Never evidence: only fields that are secret-free by contract.

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "reports/report.h"

namespace mongoscan {

// The environment a scan without an inventory is kept under.
inline constexpr const char* kDefaultEnvironment = "default";

struct HistoryFinding {
  std::string fingerprint;
  std::string check_id;
  std::string status;       // to_string(Status)
  bool suppressed = false;  // is_suppressed: a fail or warn that does not count
  std::string severity;     // to_string(Severity)
  std::string subject;      // describe(subject)
  std::string message;
};

// An unsuppressed fail or warn.
bool is_failing(const HistoryFinding& finding);

struct HistoryEnvironment {
  std::string name;
  std::string verdict;  // verdict_of
  StatusCounts counts;
  std::string error;  // why it was not scanned; or empty
  std::vector<HistoryFinding> findings;
};

struct HistoryRun {
  std::string started_at;  // RFC 3339, UTC
  std::string finished_at;
  std::string tool_version;
  std::string catalogue_sha256;
  std::optional<std::string> inventory_sha256;  // scan --inventory only
  std::vector<HistoryEnvironment> environments;
};

// What the history knows of one environment before this run.
struct EnvironmentPast {
  std::optional<std::string> previous_run;        // its last scanned run's started_at; none: never
  std::vector<HistoryFinding> previous_findings;  // that run's
  std::map<std::string, std::string> first_failed;  // fingerprint: the first run it failed in
  std::vector<TrendPoint> recent;  // its last kTrendRuns - 1 runs, scanned or not, oldest first
};

// The past of each of a run's environments, by name.
using EnvironmentPasts = std::map<std::string, EnvironmentPast, std::less<>>;

// The unsuppressed fails among the findings by severity, critical first (severity_index).
std::array<int, 5> fails_by_severity(const std::vector<HistoryFinding>& findings);

// A finding as the history keeps it.
HistoryFinding history_finding(const Finding& finding);

// A report's findings as the history keeps them, by environment, in the report's order.
using HistoryFindings = std::map<std::string, std::vector<HistoryFinding>, std::less<>>;

// One pass over the report's findings (a spooled report's are decoded one at a time, not all
// read back). Comparing with the past (add_changes) and recording the run (history_run) share it:
// nothing either does changes a field kept here.
HistoryFindings history_findings(const Report& report);

// The report's run: each of its environments with its findings from `findings` (made by
// history_findings from this report) and its counts. A scan without an inventory that keeps a
// history reports one environment, kDefaultEnvironment.
HistoryRun history_run(const Report& report, std::optional<std::string> inventory_sha256,
                       HistoryFindings findings);

}  // namespace mongoscan
