#include "reports/history/report_changes.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "checks/gate.h"
#include "reports/history/environment_changes.h"
#include "reports/history/environment_trend.h"

namespace mongoscan {

Result<Ok> add_changes(const EnvironmentPasts& pasts, const HistoryFindings& findings,
                       Report& report) {
  const std::vector<HistoryFinding> none;
  for (EnvironmentSummary& environment : report.environments) {
    const auto past = pasts.find(environment.name);
    if (past == pasts.end()) {
      return Error{ErrorCode::io, "history",
                   "history: the past of environment " + environment.name + " was not read"};
    }
    const auto own = findings.find(environment.name);
    const std::vector<HistoryFinding>& now = own == findings.end() ? none : own->second;
    environment.changes = environment_changes(past->second, now, report.started_at);
    environment.changes->trend =
        environment_trend(past->second, now, report.started_at, environment.error.empty());
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
