#pragma once
// Managed MongoDB instances as their cloud control plane describes them (the development
// specification's security row: A2.5, A3.1, A3.2, A3.6): CLOUD-001 no public address bound to the
// instance, CLOUD-002 its security groups admit MongoDB ports only from named sources, CLOUD-003
// SSL on where a public path reaches it, CLOUD-004 public access only through a load balancer
// whose groups admit named sources, CLOUD-005 the instance's groups admit the load balancers in
// front of it. One finding per instance and check; a part the control plane did not answer for
// is an error naming the call, never a pass; a region that could not be listed is an error for
// every check.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& managed_instance_specs();

std::vector<Finding> check_managed_instances(const CloudAccountFacts& account,
                                             const Policy& policy);

// The subject name of an instance: "tencentcloud:ap-guangzhou/cmgo-1a2b3c4d".
std::string managed_instance_name(const ManagedInstance& instance);

}  // namespace mongoscan
