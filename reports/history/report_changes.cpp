#include "reports/history/report_changes.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "checks/gate.h"
#include "reports/history/environment_changes.h"
#include "reports/history/environment_trend.h"

namespace mongoscan {

Result<Ok> add_changes(const HistoryStore& history, Report& report) {
  // Each environment's findings, in one pass over the report's.
  std::map<std::string, std::vector<HistoryFinding>, std::less<>> now;
  for (const EnvironmentSummary& environment : report.environments) now[environment.name];
  for (const ReportedFinding& reported : report.findings) {
    const auto found = now.find(reported.environment);
    if (found != now.end()) found->second.push_back(history_finding(reported.finding));
  }
  for (EnvironmentSummary& environment : report.environments) {
    auto past = history.past(environment.name);
    if (!past) return past.error();
    const std::vector<HistoryFinding>& own = now[environment.name];
    environment.changes = environment_changes(past.value(), own, report.started_at);
    environment.changes->trend =
        environment_trend(past.value(), own, report.started_at, environment.error.empty());
  }
  return Ok{};
}

bool gate_on_new(Report& report, std::optional<Severity> threshold, bool keep_gates) {
  // The new failing fingerprints of each environment with changes.
  std::map<std::string, std::set<std::string>, std::less<>> new_fingerprints;
  for (EnvironmentSummary& environment : report.environments) {
    std::set<std::string>& fingerprints = new_fingerprints[environment.name];
    if (environment.changes) {
      for (const ChangedFinding& finding : environment.changes->new_findings)
        fingerprints.insert(finding.fingerprint);
    }
    environment.gate_fails = false;
  }
  std::map<std::string, bool, std::less<>> environment_fails;
  std::size_t index = 0;
  for (const ReportedFinding& reported : report.findings) {
    const auto fingerprints = new_fingerprints.find(reported.environment);
    if (fingerprints != new_fingerprints.end()) {
      const bool is_new = fingerprints->second.contains(reported.finding.fingerprint);
      const bool gates =
          (keep_gates && reported.gates) || (is_new && fails_gate(reported.finding, threshold));
      environment_fails[reported.environment] = environment_fails[reported.environment] || gates;
      report.findings.set_gates(index, gates);
    }
    ++index;
  }
  bool gate_fails = false;
  for (EnvironmentSummary& environment : report.environments) {
    environment.gate_fails = environment_fails[environment.name];
    gate_fails = gate_fails || environment.gate_fails;
  }
  return gate_fails;
}

}  // namespace mongoscan
