#include "reports/report_merge.h"

#include <algorithm>
#include <iterator>
#include <set>
#include <tuple>

namespace mongoscan {
namespace {

template <class T>
void append_moved(std::vector<T>& to, std::vector<T>& from) {
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

auto acceptance_key(const StaleAcceptance& stale) {
  return std::tie(stale.acceptance.origin, stale.acceptance.check, stale.acceptance.subject);
}

bool same_gate(const std::optional<GateRule>& a, const std::optional<GateRule>& b) {
  if (!a || !b) return !a && !b;
  return a->fail_on == b->fail_on && a->fail_on_new == b->fail_on_new;
}

}  // namespace

Result<Report> merge_reports(std::vector<Report> reports) {
  auto usage = [](std::string message) { return Error{ErrorCode::usage, "merge", message}; };
  if (reports.empty()) return usage("no report to merge");
  Report merged;
  merged.tool_name = reports.front().tool_name;
  merged.tool_version = reports.front().tool_version;
  merged.started_at = reports.front().started_at;
  merged.finished_at = reports.front().finished_at;
  merged.gate = reports.front().gate;
  std::set<std::string> environments;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    Report& report = reports[i];
    if (report.tool_version != merged.tool_version) {
      return usage("report " + std::to_string(i + 1) + " was written by mongoscan " +
                   report.tool_version + ", report 1 by " + merged.tool_version +
                   ": merge the shards of one run");
    }
    if (!same_gate(report.gate, merged.gate)) {
      return usage("report " + std::to_string(i + 1) +
                   " was judged at another gate than report 1 (--fail-on, --fail-on-new): merge "
                   "the shards of one run");
    }
    for (const EnvironmentSummary& environment : report.environments) {
      if (!environments.insert(environment.name).second) {
        return usage("environment " + environment.name +
                     " is in two reports: each shard must scan other environments");
      }
    }
    merged.started_at = std::min(merged.started_at, report.started_at);
    merged.finished_at = std::max(merged.finished_at, report.finished_at);
    append_moved(merged.inputs, report.inputs);
    append_moved(merged.targets, report.targets);
    merged.findings.append_all(std::move(report.findings));
    append_moved(merged.environments, report.environments);
    append_moved(merged.clouds, report.clouds);
    merged.coverage += report.coverage;
    merged.statistics.nodes += report.statistics.nodes;
    merged.statistics.concurrency =
        std::max(merged.statistics.concurrency, report.statistics.concurrency);
    merged.statistics.scram_key_derivations += report.statistics.scram_key_derivations;
    if (report.config_scan) {
      if (!merged.config_scan) merged.config_scan.emplace();
      add_config_scan(*merged.config_scan, *report.config_scan);
    }
  }
  // Stale in every report: the first report's stale entries that each other report also lists.
  for (const StaleAcceptance& stale : reports.front().stale_acceptances) {
    const bool everywhere = std::all_of(reports.begin() + 1, reports.end(), [&](const Report& r) {
      return std::any_of(r.stale_acceptances.begin(), r.stale_acceptances.end(),
                         [&](const StaleAcceptance& other) {
                           return acceptance_key(other) == acceptance_key(stale);
                         });
    });
    if (everywhere) merged.stale_acceptances.push_back(stale);
  }
  return merged;
}

}  // namespace mongoscan
