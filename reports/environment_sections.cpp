#include "reports/environment_sections.h"

#include "reports/findings_view.h"

namespace mongoscan {

std::vector<FleetRow> fleet_summary(const Report& report) {
  std::vector<FleetRow> rows;
  const FindingsView view = findings_view(report);
  for (const EnvironmentSummary& environment : report.environments) {
    FleetRow row{&environment,
                 verdict_of(environment),
                 report.environment_summary(environment.name),
                 {},
                 {},
                 environment.changes ? since_previous_run(*environment.changes) : ""};
    for (const ReportedFinding& reported : report.findings) {
      if (reported.environment == environment.name && reported.finding.status == Status::fail &&
          !is_suppressed(reported.finding)) {
        ++row.failing_by_severity[severity_index(reported.finding.severity)];
      }
    }
    for (const FindingsViewLine& line : view.lines) {
      if (row.worst.size() == kWorstPerEnvironment) break;
      if (line.reported->environment == environment.name) row.worst.push_back(line.reported);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<ChangeLine> change_lines(const EnvironmentChanges& changes) {
  std::vector<ChangeLine> lines;
  for (const auto& [change, findings] :
       {std::pair<std::string_view, const std::vector<ChangedFinding>*>{"new",
                                                                        &changes.new_findings},
        {"fixed", &changes.fixed},
        {"unverified", &changes.unverified},
        {"still failing", &changes.unchanged}}) {
    for (const ChangedFinding& finding : *findings) {
      std::string note;
      if (change == "unverified") note = "now " + finding.now;
      if (change == "still failing") note = "first seen " + finding.first_seen;
      lines.push_back({change, &finding, std::move(note)});
    }
  }
  return lines;
}

std::string changes_summary(const EnvironmentChanges& changes) {
  if (!changes.previous_run) {
    return "first run: " + std::to_string(changes.new_findings.size()) + " new";
  }
  return std::to_string(changes.new_findings.size()) + " new, " +
         std::to_string(changes.fixed.size()) + " fixed, " +
         std::to_string(changes.unverified.size()) + " unverified, " +
         std::to_string(changes.unchanged.size()) + " still failing since " + *changes.previous_run;
}

std::string since_previous_run(const EnvironmentChanges& changes) {
  if (!changes.previous_run) return "first run";
  const std::size_t added = changes.new_findings.size();
  const std::size_t fixed = changes.fixed.size();
  const std::size_t unverified = changes.unverified.size();
  std::string_view direction = "unchanged";
  if (added > 0 && fixed > 0) {
    direction = "mixed";
  } else if (added > 0) {
    direction = "worse";
  } else if (fixed > 0) {
    direction = "better";
  } else if (unverified > 0) {
    direction = "unverified";
  }
  std::string counts;
  for (const auto& [count, name] : {std::pair<std::size_t, std::string_view>{added, "new"},
                                    {fixed, "fixed"},
                                    {unverified, "unverified"}}) {
    if (count == 0) continue;
    counts += (counts.empty() ? "" : ", ") + std::to_string(count);
    if (direction != name) counts += " " + std::string(name);
  }
  return std::string(direction) + (counts.empty() ? "" : " (" + counts + ")");
}

bool shows_since_previous(const std::vector<FleetRow>& rows) {
  for (const FleetRow& row : rows) {
    if (!row.since_previous.empty()) return true;
  }
  return false;
}

std::string tags_text(const EnvironmentSummary& environment) {
  std::string text;
  for (const auto& [key, value] : environment.tags) {
    text += (text.empty() ? "" : ", ") + key + "=" + value;
  }
  return text;
}

Report environment_report(const Report& report, const EnvironmentSummary& environment) {
  Report part;
  part.tool_name = report.tool_name;
  part.tool_version = report.tool_version;
  part.started_at = report.started_at;
  part.finished_at = report.finished_at;
  for (const TargetSummary& target : report.targets) {
    if (target.environment == environment.name) part.targets.push_back(target);
  }
  for (const ReportedFinding& reported : report.findings) {
    if (reported.environment == environment.name) part.findings.push_back(reported);
  }
  part.statistics.nodes = 0;
  for (const TargetSummary& target : part.targets) part.statistics.nodes += target.nodes.size();
  part.coverage = environment.coverage;
  return part;
}

}  // namespace mongoscan
