#pragma once
// What a scan could not look at. A part the scan could not see is never reported as passing, and
// an incomplete scan does not pass the gate unless the user allows it (--allow-incomplete).

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "checks/finding.h"
#include "scanner/facts/config_facts.h"
#include "scanner/facts/deployment_facts.h"

namespace mongoscan {

struct ScanCoverage {
  std::size_t nodes_not_scanned = 0;   // nodes that never answered hello
  std::size_t nodes_in_part = 0;       // nodes that answered hello, but a later probe step failed
  std::size_t members_not_probed = 0;  // members beyond the discovery cap, never contacted
  std::size_t checks_in_error = 0;     // unsuppressed findings whose check could not judge
  std::size_t files_not_scanned = 0;   // files whose scan failed (an internal error)
  bool timed_out = false;              // --scan-timeout ended the scan before it finished
  std::size_t environments_not_scanned = 0;  // inventory environments that could not be scanned

  // The coverage of two parts of one scan together (an inventory's environments).
  ScanCoverage& operator+=(const ScanCoverage& other);

  bool complete() const;
  // "complete" or "incomplete: 2 nodes not scanned, 5 checks in error, ..." (every count not 0).
  // A node scanned in part (e.g. its authentication failed) makes the scan incomplete too: what
  // the scan could judge of it may be less than the scanning account could have seen.
  std::string statement() const;
};

// What the scan of `deployments` and `config` (nullptr: no files were scanned) could not judge,
// from the facts and the findings they gave.
ScanCoverage assess_coverage(const std::vector<DeploymentFacts>& deployments,
                             const ConfigFacts* config, std::span<const Finding> findings,
                             bool timed_out);

}  // namespace mongoscan
