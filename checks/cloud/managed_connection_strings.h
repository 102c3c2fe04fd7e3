#pragma once
// A connection string (an argument, a list line, or one found in an application's files) judged
// against the managed deployment it reaches, as its control plane describes it (managed_routes.h):
// CLOUD-006 a string to a sharded TencentDB instance goes through its VIP, a load balancer in
// front of it, or every one of its mongos (the development specification's A1 connection
// methods), never a few mongos; CLOUD-007 a string to a deployment that requires TLS (SSL on in
// the console, a public path to the instance, or any Atlas cluster) carries tls=true. One finding
// per string, deployment and check; none for a string that reaches no managed deployment.

#include <vector>

#include "checks/check_spec.h"
#include "checks/connection/connection_string.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& managed_connection_string_specs();

std::vector<Finding> check_managed_connection_strings(const UriTarget& target,
                                                      const std::vector<CloudAccountFacts>& clouds,
                                                      const Policy& policy);

}  // namespace mongoscan
