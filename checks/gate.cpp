#include "checks/gate.h"

#include <algorithm>

namespace mongoscan {

bool fails_gate(const std::vector<Finding>& findings, std::optional<Severity> threshold) {
  if (!threshold) return false;
  return std::any_of(findings.begin(), findings.end(), [&](const Finding& finding) {
    return finding.status == Status::fail && finding.suppression.empty() &&
           finding.severity >= *threshold;
  });
}

}  // namespace mongoscan
