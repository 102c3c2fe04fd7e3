#include "reports/fix_first.h"

#include <algorithm>
#include <map>
#include <string>

namespace mongoscan {

std::vector<FixFirstItem> fix_first(const Report& report, std::size_t limit) {
  std::map<std::string, FixFirstItem> by_check;
  for (const ReportedFinding& reported : report.findings.in_memory()) {
    const Finding& finding = reported.finding;
    if (finding.status != Status::fail || is_suppressed(finding)) continue;
    auto [item, added] = by_check.try_emplace(
        finding.check_id, FixFirstItem{reported.spec.get(), finding.severity, {}});
    item->second.severity = std::max(item->second.severity, finding.severity);
    item->second.findings.push_back(&reported);
  }
  std::vector<FixFirstItem> items;
  for (auto& [check, item] : by_check) items.push_back(std::move(item));
  std::stable_sort(items.begin(), items.end(), [](const FixFirstItem& a, const FixFirstItem& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return a.findings.size() > b.findings.size();
  });
  if (items.size() > limit) items.resize(limit);
  return items;
}

}  // namespace mongoscan
