#pragma once
// Network exposure declared in infrastructure files (Terraform, Kubernetes, Compose,
// CloudFormation, cloud exports): NET-005 (no firewall, security group or access list rule lets
// the internet, or a public range wider than the policy allows, reach a MongoDB port) and NET-006
// (no load balancer or published port that faces the network forwards to a MongoDB port without
// a source allowlist). One finding per offending rule or endpoint, at its file and line; one pass
// per scanned path when none offends; skipped when no infrastructure file was read.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/config_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& network_exposure_specs();

std::vector<Finding> check_network_exposure(const ConfigFacts& facts, const Policy& policy);

}  // namespace mongoscan
