#include "reports/environment_sections.h"

#include <map>

#include "reports/findings_view.h"

namespace mongoscan {

namespace {

// The report's findings by environment, each in report order; one lookup per run of findings of
// one environment (they come grouped).
std::map<std::string_view, std::vector<const ReportedFinding*>> findings_by_environment(
    const Report& report) {
  std::map<std::string_view, std::vector<const ReportedFinding*>> grouped;
  auto last = grouped.end();
  for (const ReportedFinding& reported : report.findings.in_memory()) {
    if (last == grouped.end() || last->first != reported.environment) {
      last = grouped.try_emplace(reported.environment).first;
    }
    last->second.push_back(&reported);
  }
  return grouped;
}

}  // namespace

// One pass over the findings, grouped by environment, and a findings view of each group: a pass
// per environment, or one sort of every finding, made 10,000 environments take longer to render
// than to scan.
std::vector<FleetRow> fleet_summary(const Report& report) {
  std::vector<FleetRow> rows;
  const auto summaries = report.environment_summaries();
  const std::map<std::string_view, std::vector<const ReportedFinding*>> by_environment =
      findings_by_environment(report);
  for (const EnvironmentSummary& environment : report.environments) {
    const auto summary = summaries.find(environment.name);
    FleetRow row{&environment,
                 verdict_of(environment),
                 summary == summaries.end() ? StatusCounts{} : summary->second,
                 {},
                 {},
                 environment.changes ? since_previous_run(*environment.changes) : ""};
    if (const auto found = by_environment.find(environment.name); found != by_environment.end()) {
      for (const ReportedFinding* reported : found->second) {
        if (reported->finding.status == Status::fail && !is_suppressed(reported->finding)) {
          ++row.failing_by_severity[severity_index(reported->finding.severity)];
        }
      }
      for (const FindingsViewLine& line : findings_view(found->second).lines) {
        if (row.worst.size() == kWorstPerEnvironment) break;
        row.worst.push_back(line.reported);
      }
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

EnvironmentParts::EnvironmentParts(const Report& report)
    : report_(report), findings_(findings_by_environment(report)) {
  for (const TargetSummary& target : report.targets)
    targets_[target.environment].push_back(&target);
}

const std::vector<const ReportedFinding*>& EnvironmentParts::findings_of(
    const EnvironmentSummary& environment) const {
  static const std::vector<const ReportedFinding*> kNone;
  const auto found = findings_.find(environment.name);
  return found == findings_.end() ? kNone : found->second;
}

Report EnvironmentParts::part(const EnvironmentSummary& environment) const {
  Report part = part_without_findings(environment);
  const std::vector<const ReportedFinding*>& findings = findings_of(environment);
  part.findings.reserve(findings.size());
  for (const ReportedFinding* reported : findings) part.findings.push_back(*reported);
  return part;
}

Report EnvironmentParts::part_without_findings(const EnvironmentSummary& environment) const {
  Report part;
  part.tool_name = report_.tool_name;
  part.tool_version = report_.tool_version;
  part.started_at = report_.started_at;
  part.finished_at = report_.finished_at;
  if (const auto found = targets_.find(environment.name); found != targets_.end()) {
    for (const TargetSummary* target : found->second) part.targets.push_back(*target);
  }
  for (const CloudAccountSummary& account : report_.clouds)
    if (account.environment == environment.name) part.clouds.push_back(account);
  part.statistics.nodes = 0;
  for (const TargetSummary& target : part.targets) part.statistics.nodes += target.nodes.size();
  part.coverage = environment.coverage;
  return part;
}

}  // namespace mongoscan
