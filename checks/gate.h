#pragma once
// The CI gate: whether a scan's findings fail it.

#include <optional>
#include <vector>

#include "checks/finding.h"

namespace mongoscan {

// True iff the finding fails the gate: unsuppressed, status fail, severity at or above the
// threshold; no threshold fails none.
bool fails_gate(const Finding& finding, std::optional<Severity> threshold);

// True iff some unsuppressed finding has status fail at or above the threshold; no threshold
// never fails.
bool fails_gate(const std::vector<Finding>& findings, std::optional<Severity> threshold);

}  // namespace mongoscan
