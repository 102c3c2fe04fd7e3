#pragma once
// CLOUD-011: a live security group that the infrastructure code scanned in the same environment
// attaches rules to by its id (Terraform's security_group_id = "sg-1a2b3c4d") declares every
// inbound rule it has: a rule added in the console is drift, which no review saw and the next
// apply may remove or keep unseen. The groups are those the control plane read for a managed
// instance or a load balancer. One finding per group the code names; none for a group no code
// names (its code, if any, is not in the scan).

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/cloud_facts.h"
#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& group_drift_specs();

std::vector<Finding> check_group_drift(const std::vector<NetworkRule>& code_rules,
                                       const std::vector<CloudAccountFacts>& clouds,
                                       const Policy& policy);

}  // namespace mongoscan
