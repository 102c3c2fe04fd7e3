#include "checks/gate.h"

#include <algorithm>

namespace mongoscan {

bool fails_gate(const Finding& finding, std::optional<Severity> threshold) {
  return threshold && finding.status == Status::fail && finding.suppression.empty() &&
         finding.severity >= *threshold;
}

bool fails_gate(const std::vector<Finding>& findings, std::optional<Severity> threshold) {
  return std::any_of(findings.begin(), findings.end(),
                     [&](const Finding& finding) { return fails_gate(finding, threshold); });
}

}  // namespace mongoscan
