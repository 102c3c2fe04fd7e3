#include "reports/results_by_check.h"

#include <algorithm>
#include <map>
#include <string>

namespace mongoscan {
namespace {

bool says_the_same(const Finding& a, const Finding& b) {
  return a.message == b.message && a.suppression == b.suppression && same_evidence(a, b);
}

}  // namespace

std::vector<CheckResults> results_by_check(const Report& report, Status status) {
  std::map<std::string, CheckResults> by_check;
  for (const ReportedFinding& reported : report.findings.in_memory()) {
    const Finding& finding = reported.finding;
    if (finding.status != status) continue;
    auto [entry, added] = by_check.try_emplace(
        finding.check_id, CheckResults{reported.spec.get(), finding.severity, {}});
    CheckResults& check = entry->second;
    check.severity = std::max(check.severity, finding.severity);
    ++check.count;
    const auto same =
        std::find_if(check.results.begin(), check.results.end(), [&](const SharedResult& shared) {
          return says_the_same(shared.findings.front()->finding, finding);
        });
    if (same != check.results.end()) {
      same->findings.push_back(&reported);
    } else {
      check.results.push_back({{&reported}});
    }
  }
  std::vector<CheckResults> checks;
  for (auto& [id, check] : by_check) {
    std::stable_partition(check.results.begin(), check.results.end(), [](const SharedResult& r) {
      return !is_suppressed(r.findings.front()->finding);
    });
    checks.push_back(std::move(check));
  }
  std::stable_sort(checks.begin(), checks.end(), [](const CheckResults& a, const CheckResults& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return a.count > b.count;
  });
  return checks;
}

}  // namespace mongoscan
