#include "reports/history/report_changes.h"

#include <set>
#include <string>
#include <vector>

#include "checks/gate.h"
#include "reports/history/environment_changes.h"
#include "reports/history/environment_trend.h"

namespace mongoscan {

Result<Ok> add_changes(const HistoryStore& history, Report& report) {
  for (EnvironmentSummary& environment : report.environments) {
    auto past = history.past(environment.name);
    if (!past) return past.error();
    std::vector<HistoryFinding> now;
    for (const ReportedFinding& reported : report.findings) {
      if (reported.environment == environment.name) {
        now.push_back(history_finding(reported.finding));
      }
    }
    environment.changes = environment_changes(past.value(), now, report.started_at);
    environment.changes->trend =
        environment_trend(past.value(), now, report.started_at, environment.error.empty());
  }
  return Ok{};
}

bool gate_on_new(Report& report, std::optional<Severity> threshold, bool keep_gates) {
  bool gate_fails = false;
  for (EnvironmentSummary& environment : report.environments) {
    std::set<std::string> new_fingerprints;
    if (environment.changes) {
      for (const ChangedFinding& finding : environment.changes->new_findings) {
        new_fingerprints.insert(finding.fingerprint);
      }
    }
    environment.gate_fails = false;
    for (ReportedFinding& reported : report.findings) {
      if (reported.environment != environment.name) continue;
      const bool is_new = new_fingerprints.contains(reported.finding.fingerprint);
      reported.gates =
          (keep_gates && reported.gates) || (is_new && fails_gate(reported.finding, threshold));
      environment.gate_fails = environment.gate_fails || reported.gates;
    }
    gate_fails = gate_fails || environment.gate_fails;
  }
  return gate_fails;
}

}  // namespace mongoscan
