#pragma once
// The explicit catalogue of every check this build implements, and the runners that call each check
// family by name (no static registration).

#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/connection/connection_string.h"
#include "checks/connection/deployment_connection.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/cloud_facts.h"
#include "scanner/facts/config_facts.h"
#include "scanner/facts/deployment_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

// Every check, in catalogue order (the order of the layers, then of the ids).
const std::vector<CheckSpec>& check_catalogue();

// The check with this exact id, or nullptr.
const CheckSpec* find_check(std::string_view id);

// The findings of every check that judges one connection string (AUTHN-005 on its password, the
// CONN-* checks, and CLOUD-006/007 where it reaches a managed deployment of `clouds`), without
// those the policy disables. `deployment` is the probed deployment the string reaches
// (deployment_reached_by, else deployment_reached_through_control_plane), or none.
std::vector<Finding> run_connection_string_checks(const UriTarget& target,
                                                  ReachedDeployment deployment,
                                                  const std::vector<CloudAccountFacts>& clouds,
                                                  const Policy& policy);

// The findings of the checks that judge a config scan (APP-*), without those the policy disables.
std::vector<Finding> run_config_checks(const ConfigFacts& facts, const Policy& policy);

// The findings of the checks that judge what a cloud control plane says about an account: a
// Tencent Cloud account's managed instances (CLOUD-*), or for provider "atlas" an Atlas
// organisation's settings, projects and clusters (ATLAS-*); without those the policy disables.
std::vector<Finding> run_cloud_checks(const CloudAccountFacts& account, const Policy& policy);

// CLOUD-011: the live security groups the infrastructure code names by id, against its rules.
std::vector<Finding> run_group_drift_checks(const std::vector<NetworkRule>& code_rules,
                                            const std::vector<CloudAccountFacts>& clouds,
                                            const Policy& policy);

// The findings of every check that judges one probed node, without those the policy disables.
std::vector<Finding> run_node_checks(const NodeFacts& facts, const Policy& policy);

// The findings of every check that judges a target deployment as a whole (DISC-*, VER-001,
// and MODEL-* when --data-model sampled it).
std::vector<Finding> run_deployment_checks(const DeploymentFacts& deployment, const Policy& policy);

}  // namespace mongoscan
