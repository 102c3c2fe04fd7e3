#pragma once
// MongoDB Atlas clusters as the Administration API describes them (ClusterDescription20240805,
// their process arguments and backup schedules), judged per cluster (subject
// "atlas:PROJECT_ID/CLUSTER_NAME"): ATLAS-003 encryption at rest with a customer-managed key,
// ATLAS-004 the TLS floor, ATLAS-005 server-side JavaScript off, ATLAS-006 backups on and kept as
// long as the policy asks, ATLAS-013 and ATLAS-014 authentication and TLS required, ATLAS-015 its
// MongoDB version (mongoDBVersion) supported and without a known CVE, as VER-001 and VER-002
// judge a node's. A project whose clusters were not listed is an error for each check on
// "atlas:PROJECT_ID"; a part of a cluster not read is an error naming the call.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& atlas_cluster_specs();

// One finding per cluster of every project of `account` and check.
std::vector<Finding> check_atlas_clusters(const CloudAccountFacts& account, const Policy& policy);

}  // namespace mongoscan
