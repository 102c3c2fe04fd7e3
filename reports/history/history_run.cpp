#include "reports/history/history_run.h"

#include <map>
#include <string_view>
#include <vector>

#include "checks/catalogue_json.h"

namespace mongoscan {

bool is_failing(const HistoryFinding& finding) {
  return (finding.status == "fail" || finding.status == "warn") && !finding.suppressed;
}

std::array<int, 5> fails_by_severity(const std::vector<HistoryFinding>& findings) {
  std::array<int, 5> fails{};
  for (const HistoryFinding& finding : findings) {
    if (finding.status != "fail" || finding.suppressed) continue;
    if (const std::optional<Severity> severity = parse_severity(finding.severity)) {
      ++fails[severity_index(*severity)];
    }
  }
  return fails;
}

HistoryFinding history_finding(const Finding& finding) {
  return {finding.fingerprint,
          finding.check_id,
          std::string(to_string(finding.status)),
          is_suppressed(finding),
          std::string(to_string(finding.severity)),
          describe(finding.subject),
          finding.message};
}

HistoryFindings history_findings(const Report& report) {
  HistoryFindings findings;
  // Findings come grouped by environment: the last environment's entry is tried first.
  auto of = findings.end();
  for (const ReportedFinding& reported : report.findings) {
    if (of == findings.end() || of->first != reported.environment) {
      of = findings.try_emplace(reported.environment).first;
    }
    of->second.push_back(history_finding(reported.finding));
  }
  return findings;
}

HistoryRun history_run(const Report& report, std::optional<std::string> inventory_sha256,
                       HistoryFindings findings) {
  HistoryRun run{report.started_at,  report.finished_at,          report.tool_version,
                 catalogue_sha256(), std::move(inventory_sha256), {}};
  const auto& counts = report.environment_summaries();
  for (const EnvironmentSummary& summary : report.environments) {
    HistoryEnvironment& environment = run.environments.emplace_back();
    environment.name = summary.name;
    environment.verdict = std::string(verdict_of(summary));
    environment.error = summary.error;
    if (const auto found = counts.find(summary.name); found != counts.end()) {
      environment.counts = found->second;
    }
    if (const auto found = findings.find(summary.name); found != findings.end()) {
      environment.findings = std::move(found->second);
    }
  }
  return run;
}

}  // namespace mongoscan
