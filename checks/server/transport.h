#pragma once
// The transport family (TLS-001..005): judgements of one node's TLS facts and TLS settings;
// TLS-001, TLS-004 and TLS-005 (FIPS mode) also from a server config file.

#include <chrono>
#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/exposure_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& transport_specs();

// One finding per check about Subject::node(facts.address()); certificate dates are judged
// against `now`.
std::vector<Finding> check_transport(const NodeFacts& facts, const Policy& policy,
                                     std::chrono::system_clock::time_point now);

// check_transport at the current time.
std::vector<Finding> check_transport(const NodeFacts& facts, const Policy& policy);

// TLS-001 (the mode) and TLS-004 as `file` sets them, each at the line of the setting it judged.
std::vector<Finding> check_transport(const ServerConfigFile& file, const Policy& policy);

}  // namespace mongoscan
