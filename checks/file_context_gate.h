#pragma once
// A code or config finding in its file's context: findings in a context the policy does not gate
// (by default test and documentation) keep their status at severity info, so that they are
// reported but never fail the gate, and say what they would weigh where it gates.

#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/file_context.h"

namespace mongoscan {

// Records `context` in the finding's subject. Where the policy's gating_contexts do not hold it,
// a failed or warned finding drops to Severity::info with evidence "severity_where_gating" (its
// severity in a gating context); passes, skips and errors keep theirs.
void place_in_context(Finding& finding, FileContext context, const Policy& policy);

}  // namespace mongoscan
