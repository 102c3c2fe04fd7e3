#include "reports/cloud_summary.h"

#include <algorithm>
#include <set>

#include "checks/cloud/atlas_reads.h"
#include "checks/cloud/managed_instances.h"
#include "checks/infrastructure/port_exposure.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

constexpr std::string_view kNotRead = "not read";

std::string on_off(bool value) { return value ? "on" : "off"; }

std::string on_off(const std::optional<bool>& value) {
  return value ? on_off(*value) : std::string(kNotRead);
}

CloudGroupSummary group_summary(const CloudSecurityGroup& group) {
  CloudGroupSummary summary{group.id, group.name, {}};
  for (const CloudGroupRule& rule : group.inbound) {
    summary.inbound.push_back(
        {rule.accept ? "accept" : "drop", rule.protocol, ports_text(rule.ports),
         rule.source_reference.empty() ? rule.source : rule.source_reference, rule.description});
  }
  return summary;
}

// Adds the group unless a group of that id is there already.
void add_group(std::vector<CloudGroupSummary>& groups, const CloudSecurityGroup& group) {
  if (std::none_of(groups.begin(), groups.end(),
                   [&](const CloudGroupSummary& known) { return known.id == group.id; }))
    groups.push_back(group_summary(group));
}

std::string grants_text(const ManagedAccount& account) {
  std::string text = account.name + ":";
  if (account.grants.empty()) return text + " no grants";
  for (const ManagedGrant& grant : account.grants) {
    const std::string_view access = grant.mask == 3   ? "read-write"
                                    : grant.mask == 1 ? "read-only"
                                                      : "none";
    text += " " + std::string(access) + " on " + grant.name_space;
  }
  return text;
}

std::vector<CloudSetting> instance_settings(const ManagedInstance& instance) {
  std::vector<CloudSetting> settings = {{"vpc", instance.vpc_id}};
  std::string public_addresses;
  if (instance.nodes) {
    for (const ManagedNode& node : *instance.nodes) {
      if (node.public_address.empty()) continue;
      if (!public_addresses.empty()) public_addresses += ", ";
      public_addresses += node.public_address;
    }
  }
  settings.push_back({"public address", !instance.nodes            ? std::string(kNotRead)
                                        : public_addresses.empty() ? "none"
                                                                   : public_addresses});
  settings.push_back({"ssl", on_off(instance.ssl_enabled)});
  settings.push_back({"audit", on_off(instance.audit_enabled)});
  settings.push_back(
      {"backup retention", instance.backup_retention_days
                               ? std::to_string(*instance.backup_retention_days) + " days"
                               : std::string(kNotRead)});
  std::string accounts;
  if (instance.accounts) {
    for (const ManagedAccount& account : *instance.accounts)
      accounts += (accounts.empty() ? "" : "; ") + grants_text(account);
  }
  settings.push_back({"accounts", !instance.accounts ? std::string(kNotRead)
                                  : accounts.empty() ? "none"
                                                     : accounts});
  return settings;
}

// The load balancers of the instance's region that forward to it, with the forwards that do;
// nullopt when the region's load balancers, or one's targets, were not read.
struct InFront {
  const ManagedLoadBalancer* balancer;
  std::vector<const LoadBalancerForward*> forwards;
};

std::optional<std::vector<InFront>> in_front_of(const CloudAccountFacts& account,
                                                const ManagedInstance& instance) {
  for (const CloudReadFailure& failure : account.failed_reads)
    if (failure.call == "clb:DescribeLoadBalancers" && failure.scope == instance.region)
      return std::nullopt;
  std::vector<InFront> fronts;
  for (const ManagedLoadBalancer& balancer : account.load_balancers) {
    if (balancer.region != instance.region) continue;
    if (!balancer.forwards) return std::nullopt;
    InFront front{&balancer, {}};
    for (const LoadBalancerForward& forward : *balancer.forwards)
      if (reaches(forward, instance)) front.forwards.push_back(&forward);
    if (!front.forwards.empty()) fronts.push_back(std::move(front));
  }
  return fronts;
}

void add_group_hops(const std::vector<std::string>& ids, CloudPathSummary& path) {
  for (const std::string& id : ids) path.hops.push_back({"security_group", id});
}

std::vector<std::string> group_ids(const std::vector<CloudSecurityGroup>& groups) {
  std::vector<std::string> ids;
  for (const CloudSecurityGroup& group : groups) ids.push_back(group.id);
  return ids;
}

// The ways in from the internet: a public address bound to a node, or a public load balancer
// forwarding to the instance; nullopt when the nodes, the groups or the load balancers were not
// read.
std::optional<std::vector<CloudPathSummary>> instance_paths(const CloudAccountFacts& account,
                                                            const ManagedInstance& instance) {
  const auto fronts = in_front_of(account, instance);
  if (!instance.nodes || !instance.security_groups || !fronts) return std::nullopt;
  const std::vector<std::string> instance_groups = group_ids(*instance.security_groups);
  std::vector<CloudPathSummary> paths;
  for (const ManagedNode& node : *instance.nodes) {
    if (node.public_address.empty()) continue;
    CloudPathSummary path{{{"internet", "internet"}, {"public_address", node.public_address}}};
    add_group_hops(instance_groups, path);
    path.hops.push_back({"node", node.name, node.address});
    paths.push_back(std::move(path));
  }
  for (const InFront& front : *fronts) {
    const ManagedLoadBalancer& balancer = *front.balancer;
    if (!balancer.public_facing) continue;
    for (const LoadBalancerForward* forward : front.forwards) {
      std::string vips;
      for (const std::string& vip : balancer.vips)
        vips += (vips.empty() ? "" : ", ") + vip + ":" + std::to_string(forward->listener_port);
      CloudPathSummary path{
          {{"internet", "internet"},
           {"load_balancer", balancer.id, vips + " " + forward->protocol + ", public"}}};
      add_group_hops(balancer.security_group_ids, path);
      if (balancer.passes_to_target) {
        path.note =
            "the instance's security groups are not applied: the load balancer passes "
            "traffic to its targets";
      } else {
        add_group_hops(instance_groups, path);
      }
      path.hops.push_back({"instance", instance.id, forward->target_address});
      paths.push_back(std::move(path));
    }
  }
  return paths;
}

ManagedDeploymentSummary instance_summary(const CloudAccountFacts& account,
                                          const ManagedInstance& instance,
                                          std::vector<CloudGroupSummary>& groups) {
  ManagedDeploymentSummary summary;
  summary.subject = managed_instance_name(instance);
  summary.id = instance.id;
  summary.name = instance.name;
  summary.scope = instance.region;
  summary.topology = instance.topology;
  summary.version = instance.version;
  std::set<std::string> seen;
  auto add_address = [&](const std::string& address) {
    if (!address.empty() && seen.insert(address).second) summary.addresses.push_back(address);
  };
  if (!instance.vip.empty()) add_address(instance.vip + ":" + std::to_string(instance.vport));
  if (instance.nodes) {
    for (const ManagedNode& node : *instance.nodes) {
      add_address(node.address);
      add_address(node.public_address);
    }
  }
  summary.settings = instance_settings(instance);
  if (instance.security_groups) {
    for (const CloudSecurityGroup& group : *instance.security_groups) {
      summary.security_groups.push_back(group.id);
      add_group(groups, group);
    }
  }
  if (const auto fronts = in_front_of(account, instance)) {
    for (const InFront& front : *fronts)
      for (const LoadBalancerForward* forward : front.forwards)
        for (const std::string& vip : front.balancer->vips)
          add_address(vip + ":" + std::to_string(forward->listener_port));
  }
  summary.paths_from_internet = instance_paths(account, instance);
  return summary;
}

LoadBalancerSummary load_balancer_summary(const ManagedLoadBalancer& balancer,
                                          std::vector<CloudGroupSummary>& groups) {
  LoadBalancerSummary summary{balancer.id,
                              balancer.name,
                              balancer.region,
                              balancer.public_facing,
                              balancer.vips,
                              balancer.security_group_ids,
                              balancer.passes_to_target,
                              std::nullopt};
  for (const CloudSecurityGroup& group : balancer.security_groups) add_group(groups, group);
  if (balancer.forwards) {
    summary.forwards.emplace();
    for (const LoadBalancerForward& forward : *balancer.forwards) {
      summary.forwards->push_back(forward.protocol + " " + std::to_string(forward.listener_port) +
                                  " → " + forward.target_address);
    }
  }
  return summary;
}

std::string yes_no(bool value) { return value ? "yes" : "no"; }

CloudScopeSummary organization_summary(const AtlasOrganization& organization) {
  CloudScopeSummary summary{
      "organization", "atlas:org:" + organization.id, organization.id, organization.name, {},
      std::nullopt};
  if (!organization.settings) {
    summary.settings.push_back({"settings", std::string(kNotRead)});
    return summary;
  }
  const AtlasOrganizationSettings& settings = *organization.settings;
  summary.settings = {
      {"multi-factor authentication required", yes_no(settings.multi_factor_auth_required)},
      {"API access list required", yes_no(settings.api_access_list_required)},
      {"security contact", settings.security_contact.empty() ? "none" : settings.security_contact},
      {"service account secret validity",
       settings.max_service_account_secret_validity_hours
           ? std::to_string(*settings.max_service_account_secret_validity_hours) + " hours"
           : "not set"}};
  return summary;
}

template <class Value, class Text>
std::string read_or(const std::optional<Value>& value, Text text) {
  return value ? text(*value) : std::string(kNotRead);
}

CloudScopeSummary project_summary(const AtlasProject& project) {
  CloudScopeSummary summary{"project", "atlas:" + project.id, project.id, project.name,
                            {},        std::nullopt};
  summary.settings = {
      {"organization", project.org_id},
      {"auditing", read_or(project.auditing,
                           [](const AtlasAuditing& auditing) {
                             if (!auditing.enabled) return std::string("off");
                             return std::string(auditing.filter.empty() ? "on, no filter"
                                                                        : "on, filtered");
                           })},
      {"encryption at rest keys",
       read_or(project.encryption_at_rest,
               [](const AtlasEncryptionAtRest& keys) {
                 std::string text;
                 if (keys.aws_kms) text += "AWS KMS";
                 if (keys.azure_key_vault)
                   text += (text.empty() ? "" : ", ") + std::string("Azure Key Vault");
                 if (keys.google_cloud_kms)
                   text += (text.empty() ? "" : ", ") + std::string("Google Cloud KMS");
                 return text.empty() ? std::string("none") : text;
               })},
      {"private endpoint services",
       read_or(project.private_endpoint_services, [](std::size_t n) { return std::to_string(n); })},
      {"peering connections",
       read_or(project.peering_connections, [](std::size_t n) { return std::to_string(n); })},
      {"database users", read_or(project.database_users,
                                 [](const auto& users) { return std::to_string(users.size()); })},
      {"custom roles", read_or(project.custom_roles,
                               [](const auto& roles) { return std::to_string(roles.size()); })},
      {"LDAP", read_or(project.user_security,
                       [](const AtlasUserSecurity& security) {
                         return "authentication " + on_off(security.ldap_authentication) +
                                ", authorization " + on_off(security.ldap_authorization);
                       })},
      {"customer X.509", read_or(project.user_security, [](const AtlasUserSecurity& security) {
         return on_off(security.customer_x509);
       })}};
  if (project.access_list) {
    summary.access_list.emplace();
    for (const AtlasAccessEntry& entry : *project.access_list) {
      std::string source = !entry.cidr_block.empty()   ? entry.cidr_block
                           : !entry.ip_address.empty() ? entry.ip_address
                                                       : entry.aws_security_group;
      std::string description = entry.comment;
      if (!entry.delete_after.empty())
        description +=
            (description.empty() ? "" : "; ") + std::string("expires ") + entry.delete_after;
      summary.access_list->push_back({"accept", "tcp", "all", source, description});
    }
  }
  return summary;
}

// The hosts of a cluster's standard connection string, and its SRV name.
std::vector<std::string> cluster_addresses(const AtlasCluster& cluster) {
  std::vector<std::string> addresses;
  if (auto parsed = parse_connection_string(cluster.standard)) {
    for (const HostAddress& host : parsed.value().hosts) addresses.push_back(host.address());
  }
  if (auto parsed = parse_connection_string(cluster.standard_srv);
      parsed && !parsed.value().hosts.empty()) {
    addresses.push_back(parsed.value().hosts.front().host);
  }
  return addresses;
}

ManagedDeploymentSummary cluster_summary(const AtlasProject& project, const AtlasCluster& cluster) {
  ManagedDeploymentSummary summary;
  summary.subject = "atlas:" + atlas_cluster_scope(project, cluster);
  summary.id = cluster.id;
  summary.name = cluster.name;
  summary.scope = project.id;
  summary.topology = cluster.cluster_type == "REPLICASET" ? "replica_set" : "sharded";
  summary.version = cluster.version;
  summary.addresses = cluster_addresses(cluster);
  std::string tls_floor = cluster.process_args && !cluster.process_args->minimum_tls.empty()
                              ? cluster.process_args->minimum_tls
                              : cluster.minimum_tls;
  summary.settings = {
      {"type", cluster.cluster_type},
      {"state", cluster.paused ? cluster.state + ", paused" : cluster.state},
      {"minimum TLS", tls_floor.empty() ? std::string(kNotRead) : tls_floor},
      {"server-side JavaScript", cluster.process_args && cluster.process_args->javascript_enabled
                                     ? on_off(*cluster.process_args->javascript_enabled)
                                     : std::string(kNotRead)},
      {"encryption at rest provider", cluster.encryption_at_rest_provider.empty()
                                          ? std::string(kNotRead)
                                          : cluster.encryption_at_rest_provider},
      {"backup",
       on_off(cluster.backup_enabled) + (cluster.pit_enabled ? ", continuous" : std::string())},
      {"authentication", on_off(cluster.auth_enabled)},
      {"TLS", on_off(cluster.ssl_enabled)}};
  // Atlas clusters have public host names; the project's IP access list is what admits sources.
  if (project.access_list) {
    summary.paths_from_internet.emplace();
    if (!project.access_list->empty()) {
      summary.paths_from_internet->push_back(
          {{{"internet", "internet"},
            {"access_list", project.id, std::to_string(project.access_list->size()) + " entries"},
            {"cluster", cluster.name, summary.addresses.empty() ? "" : summary.addresses.back()}},
           "only the sources of the project's IP access list"});
    }
  }
  return summary;
}

}  // namespace

std::vector<std::string> managed_deployments(const TargetSummary& target) {
  std::vector<std::string> deployments;
  for (const NodeSummary& node : target.nodes) {
    if (!node.managed_by.empty() &&
        std::find(deployments.begin(), deployments.end(), node.managed_by) == deployments.end())
      deployments.push_back(node.managed_by);
  }
  return deployments;
}

std::string describe_path(const CloudPathSummary& path) {
  std::string text;
  for (const CloudHop& hop : path.hops) {
    if (!text.empty()) text += " → ";
    if (hop.kind == "internet") {
      text += "internet";
      continue;
    }
    std::string kind = hop.kind;
    std::replace(kind.begin(), kind.end(), '_', ' ');
    text += kind + " " + hop.name;
    if (!hop.detail.empty()) text += " (" + hop.detail + ")";
  }
  if (!path.note.empty()) text += "; " + path.note;
  return text;
}

std::string describe_rule(const CloudRuleSummary& rule) {
  std::string text = rule.action + " " + rule.protocol + " " + rule.ports + " from " + rule.source;
  if (!rule.description.empty()) text += " (" + rule.description + ")";
  return text;
}

CloudAccountSummary summarize_cloud_account(const CloudAccountFacts& account,
                                            const std::string& environment) {
  CloudAccountSummary summary;
  summary.provider = account.provider;
  summary.environment = environment;
  for (const std::string& region : account.regions)
    summary.scopes.push_back(
        {"region", account.provider + ":" + region, region, region, {}, std::nullopt});
  for (const AtlasOrganization& organization : account.organizations)
    summary.scopes.push_back(organization_summary(organization));
  for (const AtlasProject& project : account.projects)
    summary.scopes.push_back(project_summary(project));
  for (const ManagedInstance& instance : account.instances)
    summary.deployments.push_back(instance_summary(account, instance, summary.security_groups));
  for (const AtlasProject& project : account.projects) {
    if (!project.clusters) continue;
    for (const AtlasCluster& cluster : *project.clusters)
      summary.deployments.push_back(cluster_summary(project, cluster));
  }
  for (const ManagedLoadBalancer& balancer : account.load_balancers)
    summary.load_balancers.push_back(load_balancer_summary(balancer, summary.security_groups));
  for (const CloudReadFailure& failure : account.failed_reads)
    summary.failed_reads.push_back({failure.call, failure.scope, failure.error.message});
  return summary;
}

namespace {

std::string lower(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

// What the target was given and reached, lower case: its nodes' addresses and aliases, the mongos
// and load balancer addresses, and an SRV name.
std::set<std::string> reached_names(const TargetSummary& target) {
  std::set<std::string> names;
  for (const NodeSummary& node : target.nodes) {
    names.insert(lower(node.address));
    for (const std::string& alias : node.aliases) names.insert(lower(alias));
  }
  if (target.cluster) {
    for (const RouterSummary& router : target.cluster->mongos) {
      names.insert(lower(router.address));
      if (!router.reached.empty()) names.insert(lower(router.reached));
    }
  }
  if (auto parsed = parse_connection_string(target.uri); parsed && parsed.value().srv) {
    for (const HostAddress& host : parsed.value().hosts) names.insert(lower(host.host));
  }
  return names;
}

}  // namespace

void join_probed_nodes(CloudAccountSummary& account, std::vector<TargetSummary>& targets) {
  for (TargetSummary& target : targets) {
    if (target.environment != account.environment) continue;
    const std::set<std::string> names = reached_names(target);
    for (ManagedDeploymentSummary& deployment : account.deployments) {
      const bool reached =
          std::any_of(deployment.addresses.begin(), deployment.addresses.end(),
                      [&](const std::string& address) { return names.count(lower(address)) > 0; });
      if (!reached) continue;
      for (NodeSummary& node : target.nodes) {
        node.managed_by = deployment.subject;
        if (std::find(deployment.probed_nodes.begin(), deployment.probed_nodes.end(),
                      node.address) == deployment.probed_nodes.end())
          deployment.probed_nodes.push_back(node.address);
      }
      break;
    }
  }
}

}  // namespace mongoscan
