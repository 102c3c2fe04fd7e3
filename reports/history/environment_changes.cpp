#include "reports/history/environment_changes.h"

#include <map>
#include <set>

namespace mongoscan {
namespace {

ChangedFinding changed(const HistoryFinding& finding, std::string first_seen) {
  return {finding.fingerprint,
          finding.check_id,
          parse_severity(finding.severity).value_or(Severity::info),
          finding.subject,
          finding.message,
          std::move(first_seen)};
}

// What a fingerprint is now, its findings taken together: "failing" if any fails, else
// "suppressed", else "pass", else "error" or "skipped"; "absent" without findings.
std::string state_now(const std::vector<const HistoryFinding*>& findings) {
  auto any = [&](auto predicate) {
    for (const HistoryFinding* finding : findings) {
      if (predicate(*finding)) return true;
    }
    return false;
  };
  if (findings.empty()) return "absent";
  if (any([](const HistoryFinding& f) { return is_failing(f); })) return "failing";
  if (any([](const HistoryFinding& f) { return f.suppressed; })) return "suppressed";
  if (any([](const HistoryFinding& f) { return f.status == "pass"; })) return "pass";
  if (any([](const HistoryFinding& f) { return f.status == "error"; })) return "error";
  return "skipped";
}

}  // namespace

EnvironmentChanges environment_changes(const EnvironmentPast& past,
                                       const std::vector<HistoryFinding>& now,
                                       const std::string& started_at) {
  EnvironmentChanges changes;
  changes.previous_run = past.previous_run;
  std::map<std::string, std::vector<const HistoryFinding*>> by_fingerprint;
  for (const HistoryFinding& finding : now) by_fingerprint[finding.fingerprint].push_back(&finding);
  std::set<std::string> failed_then;
  for (const HistoryFinding& finding : past.previous_findings) {
    if (is_failing(finding)) failed_then.insert(finding.fingerprint);
  }
  auto first_seen = [&](const std::string& fingerprint) {
    const auto found = past.first_failed.find(fingerprint);
    return found != past.first_failed.end() ? found->second : started_at;
  };

  std::set<std::string> listed;
  for (const HistoryFinding& finding : now) {
    if (!is_failing(finding) || !listed.insert(finding.fingerprint).second) continue;
    if (failed_then.contains(finding.fingerprint)) {
      changes.unchanged.push_back(changed(finding, first_seen(finding.fingerprint)));
    } else {
      changes.new_findings.push_back(changed(finding, started_at));
    }
  }
  for (const HistoryFinding& finding : past.previous_findings) {
    if (!is_failing(finding) || !listed.insert(finding.fingerprint).second) continue;
    const auto found = by_fingerprint.find(finding.fingerprint);
    const std::string state = state_now(
        found != by_fingerprint.end() ? found->second : std::vector<const HistoryFinding*>{});
    ChangedFinding entry = changed(finding, first_seen(finding.fingerprint));
    if (state == "pass") {
      changes.fixed.push_back(std::move(entry));
    } else {
      entry.now = state;
      changes.unverified.push_back(std::move(entry));
    }
  }
  return changes;
}

}  // namespace mongoscan
