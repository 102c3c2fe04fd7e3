#include "checks/registry.h"

#include <algorithm>
#include <iterator>
#include <tuple>

#include "checks/application/application.h"
#include "checks/application/password_strength.h"
#include "checks/cloud/atlas_clusters.h"
#include "checks/cloud/atlas_organizations.h"
#include "checks/cloud/atlas_projects.h"
#include "checks/cloud/group_drift.h"
#include "checks/cloud/managed_connection_strings.h"
#include "checks/cloud/managed_instances.h"
#include "checks/connection/cluster_shape.h"
#include "checks/connection/deployment_connection.h"
#include "checks/connection/discovery.h"
#include "checks/data_model/data_model.h"
#include "checks/finding_fingerprint.h"
#include "checks/infrastructure/network_exposure.h"
#include "checks/listing_scope.h"
#include "checks/server/authentication.h"
#include "checks/server/authorization.h"
#include "checks/server/durability.h"
#include "checks/server/hardening.h"
#include "checks/server/identity_providers.h"
#include "checks/server/network.h"
#include "checks/server/pki_identity.h"
#include "checks/server/transport.h"
#include "checks/server/versions.h"
#include "checks/stig_editions.h"

namespace mongoscan {

const std::vector<CheckSpec>& check_catalogue() {
  static const std::vector<CheckSpec> catalogue = [] {
    std::vector<CheckSpec> specs;
    for (const auto* family : {&discovery_specs(),
                               &cluster_shape_specs(),
                               &network_specs(),
                               &authentication_specs(),
                               &authorization_specs(),
                               &transport_specs(),
                               &pki_identity_specs(),
                               &identity_provider_specs(),
                               &hardening_specs(),
                               &durability_specs(),
                               &versions_specs(),
                               &connection_string_specs(),
                               &deployment_connection_specs(),
                               &application_specs(),
                               &network_exposure_specs(),
                               &managed_instance_specs(),
                               &managed_connection_string_specs(),
                               &group_drift_specs(),
                               &atlas_organization_specs(),
                               &atlas_project_specs(),
                               &atlas_cluster_specs(),
                               &data_model_specs()}) {
      specs.insert(specs.end(), family->begin(), family->end());
    }
    specs.push_back(password_strength_spec());
    add_stig7_references(specs);
    std::stable_sort(specs.begin(), specs.end(), [](const CheckSpec& a, const CheckSpec& b) {
      return std::tie(a.layer, a.id) < std::tie(b.layer, b.id);
    });
    return specs;
  }();
  return catalogue;
}

const CheckSpec* find_check(std::string_view id) {
  const auto& catalogue = check_catalogue();
  const auto it = std::find_if(catalogue.begin(), catalogue.end(),
                               [&](const CheckSpec& spec) { return spec.id == id; });
  return it == catalogue.end() ? nullptr : &*it;
}

namespace {

// The families' findings moved into one list, in order (evidence is large: never copied).
template <typename... Families>
std::vector<Finding> concatenated(Families&&... families) {
  std::vector<Finding> findings;
  findings.reserve((families.size() + ...));
  (findings.insert(findings.end(), std::make_move_iterator(families.begin()),
                   std::make_move_iterator(families.end())),
   ...);
  return findings;
}

// The findings the policy does not disable, each with its fingerprints.
std::vector<Finding> without_disabled(std::vector<Finding> findings, const Policy& policy) {
  std::erase_if(findings, [&](const Finding& finding) {
    return policy.disabled_checks.contains(finding.check_id);
  });
  for (Finding& finding : findings) {
    finding.fingerprint = finding_fingerprint(finding);
    finding.content_fingerprint = finding_content_fingerprint(finding);
  }
  return findings;
}

}  // namespace

std::vector<Finding> run_connection_string_checks(const UriTarget& target,
                                                  ReachedDeployment deployment,
                                                  const std::vector<CloudAccountFacts>& clouds,
                                                  const Policy& policy) {
  std::vector<Finding> findings = concatenated(
      std::vector<Finding>{check_password_strength(target.connection, target.subject(), policy)},
      check_connection_string(target, policy),
      check_deployment_connection(target, deployment, policy),
      check_managed_connection_strings(target, clouds, policy));
  std::stable_sort(findings.begin(), findings.end(),
                   [](const Finding& a, const Finding& b) { return a.check_id < b.check_id; });
  return without_disabled(std::move(findings), policy);
}

std::vector<Finding> run_config_checks(const ConfigFacts& facts, const Policy& policy) {
  std::vector<Finding> findings =
      concatenated(check_config_facts(facts, policy), check_network_exposure(facts, policy));
  // A server config file is judged by the node checks that read settings, under the same ids,
  // so that its verdicts sit beside the nodes' in the report.
  for (const ServerConfigFile& file : facts.server_configs) {
    std::vector<Finding> judged =
        concatenated(check_network(file, policy), check_authentication(file, policy),
                     check_transport(file, policy), check_pki_identity(file, policy),
                     check_hardening(file, policy), check_durability(file, policy));
    // A fragment's verdicts on settings it does not set rest on defaults its operator or chart
    // overrides: only those at a setting's line (file_subject finds one) are kept.
    if (file.fragment) {
      std::erase_if(judged, [&](const Finding& finding) {
        return finding.subject.kind == Subject::Kind::file && finding.subject.line == file.line;
      });
    }
    findings.insert(findings.end(), std::make_move_iterator(judged.begin()),
                    std::make_move_iterator(judged.end()));
  }
  return without_disabled(std::move(findings), policy);
}

std::vector<Finding> run_group_drift_checks(const std::vector<NetworkRule>& code_rules,
                                            const std::vector<CloudAccountFacts>& clouds,
                                            const Policy& policy) {
  return without_disabled(check_group_drift(code_rules, clouds, policy), policy);
}

std::vector<Finding> run_cloud_checks(const CloudAccountFacts& account, const Policy& policy) {
  if (account.provider == "atlas") {
    return without_disabled(
        concatenated(check_atlas_organizations(account, policy),
                     check_atlas_projects(account, policy), check_atlas_clusters(account, policy)),
        policy);
  }
  return without_disabled(check_managed_instances(account, policy), policy);
}

std::vector<Finding> run_node_checks(const NodeFacts& facts, const Policy& policy) {
  return without_disabled(
      concatenated(check_network(facts, policy), check_authentication(facts, policy),
                   check_authorization(facts, policy), check_transport(facts, policy),
                   check_pki_identity(facts, policy), check_identity_providers(facts, policy),
                   check_hardening(facts, policy), check_durability(facts, policy),
                   check_node_versions(facts, policy)),
      policy);
}

std::vector<Finding> run_deployment_checks(const DeploymentFacts& deployment,
                                           const Policy& policy) {
  std::vector<Finding> data_model;
  if (deployment.data_model) {
    // The sample was read with the scanning account, whose privileges the node's probe listed.
    ListingScope databases_listing = ListingScope::unknown;
    for (const NodeFacts& node : deployment.nodes)
      if (node.address() == deployment.data_model->node)
        databases_listing = list_databases_scope(node);
    data_model = check_data_model(*deployment.data_model, policy, databases_listing);
  }
  return without_disabled(
      concatenated(check_discovery(deployment, policy), check_cluster_shape(deployment, policy),
                   check_versions(deployment, policy), std::move(data_model)),
      policy);
}

}  // namespace mongoscan
