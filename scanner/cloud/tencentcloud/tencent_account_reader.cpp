#include "scanner/cloud/tencentcloud/tencent_account_reader.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "scanner/cloud/parallel_reads.h"
#include "scanner/cloud/tencentcloud/tencent_replies.h"

namespace mongoscan {
namespace {

using nlohmann::json;
using Failures = std::vector<CloudReadFailure>;

constexpr const char* kMongodbVersion = "2019-07-25";
constexpr const char* kClbVersion = "2018-03-17";
constexpr const char* kVpcVersion = "2017-03-12";
// DescribeDBInstances' Limit: 1 to 100 (DescribeDBInstancesRequest in the SDK models).
constexpr int kInstancesPerPage = 100;
// DescribeLoadBalancers' Limit: at most 100 (DescribeLoadBalancersRequest).
constexpr int kLoadBalancersPerPage = 100;
// DescribeAuditInstanceList's Limit: no maximum is documented for mongodb; 100 is what the same
// action of cynosdb allows (UNCONFIRMED for mongodb).
constexpr int kAuditedPerPage = 100;
// The per-instance reads, each a call of its own.
constexpr std::size_t kInstanceParts = 5;
// The per-region lists: instances, load balancers, instances with audit on.
constexpr std::size_t kRegionLists = 3;

// What one region's lists gave.
struct RegionLists {
  std::vector<ManagedInstance> instances;
  std::vector<ManagedLoadBalancer> load_balancers;
  std::optional<std::vector<std::string>> audited;  // nullopt: not read
  Failures failures;
};

void list_audited(TencentApiClient& client, const std::string& region, RegionLists& into,
                  const Deadline& deadline) {
  auto items = client.call_all_pages("mongodb", kMongodbVersion, "DescribeAuditInstanceList",
                                     region, json{{"AuditSwitch", 1}},
                                     TencentPaging{"Items", kAuditedPerPage}, deadline);
  auto audited = items ? tencent_audited_instances(items.value())
                       : Result<std::vector<std::string>>(items.error());
  if (!audited) {
    into.failures.push_back({"mongodb:DescribeAuditInstanceList", region, audited.error()});
    return;
  }
  into.audited = std::move(audited).value();
}

void list_instances(TencentApiClient& client, const std::string& region,
                    const std::vector<std::string>& instance_ids, RegionLists& into,
                    const Deadline& deadline) {
  json filter = json::object();
  if (!instance_ids.empty()) filter["InstanceIds"] = instance_ids;
  auto details =
      client.call_all_pages("mongodb", kMongodbVersion, "DescribeDBInstances", region, filter,
                            TencentPaging{"InstanceDetails", kInstancesPerPage}, deadline);
  if (!details) {
    into.failures.push_back({"mongodb:DescribeDBInstances", region, details.error()});
    return;
  }
  for (const json& detail : details.value()) {
    auto instance = tencent_instance(detail, region);
    if (!instance) {
      into.failures.push_back({"mongodb:DescribeDBInstances", region, instance.error()});
      continue;
    }
    into.instances.push_back(std::move(instance).value());
  }
}

void list_load_balancers(TencentApiClient& client, const std::string& region, RegionLists& into,
                         const Deadline& deadline) {
  auto balancers =
      client.call_all_pages("clb", kClbVersion, "DescribeLoadBalancers", region, json::object(),
                            TencentPaging{"LoadBalancerSet", kLoadBalancersPerPage}, deadline);
  if (!balancers) {
    into.failures.push_back({"clb:DescribeLoadBalancers", region, balancers.error()});
    return;
  }
  for (const json& detail : balancers.value()) {
    auto balancer = tencent_load_balancer(detail, region);
    if (!balancer) {
      into.failures.push_back({"clb:DescribeLoadBalancers", region, balancer.error()});
      continue;
    }
    into.load_balancers.push_back(std::move(balancer).value());
  }
}

// Calls a per-instance action and reads its reply with `read`; on failure records it and leaves
// `into` unset.
template <typename Value, typename Reader>
void read_part(TencentApiClient& client, const ManagedInstance& instance, const char* action,
               Reader read, std::optional<Value>& into, Failures& failures,
               const Deadline& deadline) {
  const std::string call = std::string("mongodb:") + action;
  const std::string scope = instance.region + "/" + instance.id;
  auto reply = client.call("mongodb", kMongodbVersion, action, instance.region,
                           json{{"InstanceId", instance.id}}, deadline);
  if (!reply) {
    failures.push_back({call, scope, reply.error()});
    return;
  }
  auto value = read(reply.value());
  if (!value) {
    failures.push_back({call, scope, value.error()});
    return;
  }
  into = std::move(value).value();
}

void read_instance_part(TencentApiClient& client, ManagedInstance& instance, std::size_t part,
                        Failures& failures, const Deadline& deadline) {
  switch (part) {
    case 0:
      return read_part(client, instance, "DescribeDBInstanceNodeProperty", tencent_instance_nodes,
                       instance.nodes, failures, deadline);
    case 1:
      return read_part(client, instance, "DescribeSecurityGroup", tencent_instance_security_groups,
                       instance.security_groups, failures, deadline);
    case 2:
      return read_part(client, instance, "DescribeInstanceSSL", tencent_ssl_enabled,
                       instance.ssl_enabled, failures, deadline);
    case 3:
      return read_part(client, instance, "DescribeBackupRules", tencent_backup_retention_days,
                       instance.backup_retention_days, failures, deadline);
    default:
      return read_part(client, instance, "DescribeAccountUsers", tencent_accounts,
                       instance.accounts, failures, deadline);
  }
}

void read_targets(TencentApiClient& client, ManagedLoadBalancer& balancer, Failures& failures,
                  const Deadline& deadline) {
  auto targets = client.call("clb", kClbVersion, "DescribeTargets", balancer.region,
                             json{{"LoadBalancerId", balancer.id}}, deadline);
  auto forwards = targets ? tencent_load_balancer_forwards(targets.value())
                          : Result<std::vector<LoadBalancerForward>>(targets.error());
  if (!forwards) {
    failures.push_back(
        {"clb:DescribeTargets", balancer.region + "/" + balancer.id, forwards.error()});
    return;
  }
  balancer.forwards = std::move(forwards).value();
}

// Whether the load balancer forwards to an instance of its region.
bool in_front_of_an_instance(const ManagedLoadBalancer& balancer,
                             const std::vector<ManagedInstance>& instances) {
  if (!balancer.forwards) return false;
  return std::any_of(balancer.forwards->begin(), balancer.forwards->end(), [&](const auto& f) {
    return std::any_of(instances.begin(), instances.end(), [&](const ManagedInstance& instance) {
      return instance.region == balancer.region && reaches(f, instance);
    });
  });
}

}  // namespace

CloudAccountFacts read_tencent_account(const std::function<TencentApiClient()>& make_client,
                                       const TencentAccountScope& scope, std::size_t concurrency,
                                       const Deadline& deadline) {
  const auto& regions = scope.regions;
  // Each region's instances, load balancers and instances with audit on.
  std::vector<RegionLists> lists(regions.size());
  read_in_parallel<TencentApiClient>(regions.size() * kRegionLists, concurrency, make_client,
                                     [&](TencentApiClient& client, std::size_t i) {
                                       RegionLists& region = lists[i / kRegionLists];
                                       const std::string& name = regions[i / kRegionLists];
                                       if (i % kRegionLists == 0) {
                                         list_instances(client, name, scope.instance_ids, region,
                                                        deadline);
                                       } else if (i % kRegionLists == 1) {
                                         list_load_balancers(client, name, region, deadline);
                                       } else {
                                         list_audited(client, name, region, deadline);
                                       }
                                     });
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  account.regions = regions;
  for (RegionLists& region : lists) {
    for (ManagedInstance& instance : region.instances) {
      if (region.audited) {
        instance.audit_enabled = std::find(region.audited->begin(), region.audited->end(),
                                           instance.id) != region.audited->end();
      }
    }
    std::move(region.instances.begin(), region.instances.end(),
              std::back_inserter(account.instances));
    std::move(region.load_balancers.begin(), region.load_balancers.end(),
              std::back_inserter(account.load_balancers));
    std::move(region.failures.begin(), region.failures.end(),
              std::back_inserter(account.failed_reads));
  }

  // Each instance's parts and each load balancer's targets.
  const std::size_t part_reads = account.instances.size() * kInstanceParts;
  std::vector<Failures> failures(part_reads + account.load_balancers.size());
  read_in_parallel<TencentApiClient>(
      failures.size(), concurrency, make_client, [&](TencentApiClient& client, std::size_t i) {
        if (i < part_reads) {
          read_instance_part(client, account.instances[i / kInstanceParts], i % kInstanceParts,
                             failures[i], deadline);
        } else {
          read_targets(client, account.load_balancers[i - part_reads], failures[i], deadline);
        }
      });

  // The rules of the security groups of the load balancers in front of an instance, each group
  // of a region read once.
  std::vector<std::pair<std::string, std::string>> groups;  // (region, id), first-seen order
  for (const ManagedLoadBalancer& balancer : account.load_balancers) {
    if (!in_front_of_an_instance(balancer, account.instances)) continue;
    for (const std::string& id : balancer.security_group_ids) {
      const std::pair key{balancer.region, id};
      if (std::find(groups.begin(), groups.end(), key) == groups.end()) groups.push_back(key);
    }
  }
  std::vector<std::optional<CloudSecurityGroup>> rules(groups.size());
  const std::size_t group_failures = failures.size();
  failures.resize(failures.size() + groups.size());
  read_in_parallel<TencentApiClient>(
      groups.size(), concurrency, make_client, [&](TencentApiClient& client, std::size_t i) {
        const auto& [region, id] = groups[i];
        auto policies = client.call("vpc", kVpcVersion, "DescribeSecurityGroupPolicies", region,
                                    json{{"SecurityGroupId", id}}, deadline);
        auto group = policies ? tencent_security_group_policies(policies.value(), id)
                              : Result<CloudSecurityGroup>(policies.error());
        if (group) {
          rules[i] = std::move(group).value();
        } else {
          failures[group_failures + i].push_back(
              {"vpc:DescribeSecurityGroupPolicies", region + "/" + id, group.error()});
        }
      });
  for (ManagedLoadBalancer& balancer : account.load_balancers) {
    if (!in_front_of_an_instance(balancer, account.instances)) continue;
    for (const std::string& id : balancer.security_group_ids) {
      const auto at = std::find(groups.begin(), groups.end(), std::pair{balancer.region, id});
      const std::optional<CloudSecurityGroup>& group = rules[at - groups.begin()];
      if (group) balancer.security_groups.push_back(*group);
    }
  }
  for (Failures& some : failures) {
    std::move(some.begin(), some.end(), std::back_inserter(account.failed_reads));
  }
  return account;
}

}  // namespace mongoscan
