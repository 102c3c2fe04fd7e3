#pragma once
// The hardening family, judged per node from its configuration and startup warnings: HARD-001
// (server-side JavaScript), HARD-002 (auditing), HARD-003 (encryption at rest), HARD-004
// (client data redacted from logs; not running as root; rlimits), HARD-005 (what the audit filter
// keeps), HARD-006 (where audit records go), HARD-007 (system log quiet, appended, verbosity) and
// HARD-014 (successful authorizations audited); all but HARD-003 and HARD-004 also from a server
// config file.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/exposure_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& hardening_specs();

// One finding per check about Subject::node(facts.address()).
std::vector<Finding> check_hardening(const NodeFacts& facts, const Policy& policy);

// HARD-001, HARD-002, HARD-005, HARD-006, HARD-007 and HARD-014 as `file` sets them, each at the
// line of the setting it judged.
std::vector<Finding> check_hardening(const ServerConfigFile& file, const Policy& policy);

}  // namespace mongoscan
