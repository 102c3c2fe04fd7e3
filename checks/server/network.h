#pragma once
// The network family: NET-001 (public exposure), NET-002 (bindIp), NET-003 (default port),
// NET-004 (legacy HTTP interface), NET-007 (client BSON validated), NET-008 (version disclosed
// before authentication, informational) and NET-009 (incoming connections limited), judged per
// node; NET-002, NET-003, NET-004 (net.http options), NET-007 and NET-009 also from a server
// config file.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/exposure_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& network_specs();

// One finding per check about Subject::node(facts.address()).
std::vector<Finding> check_network(const NodeFacts& facts, const Policy& policy);

// NET-002, NET-003, NET-004, NET-007 and NET-009 as `file` sets them, each at the line of the
// setting it judged.
std::vector<Finding> check_network(const ServerConfigFile& file, const Policy& policy);

}  // namespace mongoscan
