#pragma once
// Baselines: the fingerprints of findings (every kind) a team has accepted, so that a gate fails
// only on new ones. The file is JSON: {"mongoscan_baseline": 1, "fingerprints": ["…", …]}; it holds
// no secret (fingerprints are secret-free, see scanner/config_scan/config_fingerprint.h).

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "checks/finding.h"
#include "scanner/errors/result.h"

namespace mongoscan {

using Baseline = std::set<std::string, std::less<>>;

// The fingerprints of a baseline file's text, or a usage error naming what is wrong.
Result<Baseline> parse_baseline(std::string_view text);

// The baseline file that accepts every failed or warned finding with a fingerprint, sorted.
std::string baseline_text(const std::vector<Finding>& findings);

// Marks as suppressed ("baseline") each failed or warned finding whose fingerprint is in the
// baseline and that neither an inline comment nor an acceptance (expired ones included: they gate
// again) covers already.
void apply_baseline(const Baseline& baseline, std::vector<Finding>& findings);

}  // namespace mongoscan
