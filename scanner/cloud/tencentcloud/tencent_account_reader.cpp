#include "scanner/cloud/tencentcloud/tencent_account_reader.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

#include "scanner/cloud/tencentcloud/tencent_replies.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr const char* kMongodbVersion = "2019-07-25";
constexpr const char* kClbVersion = "2018-03-17";
constexpr const char* kVpcVersion = "2017-03-12";
// DescribeDBInstances' Limit: 1 to 100 (DescribeDBInstancesRequest in the SDK models).
constexpr int kInstancesPerPage = 100;
// DescribeLoadBalancers' Limit: at most 100 (DescribeLoadBalancersRequest).
constexpr int kLoadBalancersPerPage = 100;

// Calls a per-instance action and reads its reply with `read`; on failure records it and leaves
// `into` unset.
template <typename Value, typename Reader>
void read_part(TencentApiClient& client, CloudAccountFacts& account,
               const ManagedInstance& instance, const char* action, Reader read,
               std::optional<Value>& into, const Deadline& deadline) {
  const std::string call = std::string("mongodb:") + action;
  const std::string scope = instance.region + "/" + instance.id;
  auto reply = client.call("mongodb", kMongodbVersion, action, instance.region,
                           json{{"InstanceId", instance.id}}, deadline);
  if (!reply) {
    account.failed_reads.push_back({call, scope, reply.error()});
    return;
  }
  auto value = read(reply.value());
  if (!value) {
    account.failed_reads.push_back({call, scope, value.error()});
    return;
  }
  into = std::move(value).value();
}

// The region's load balancers with their targets, and the rules of the security groups of those
// that forward to one of the region's instances (each group read once).
void read_load_balancers(TencentApiClient& client, CloudAccountFacts& account,
                         const std::string& region, const Deadline& deadline) {
  auto balancers =
      client.call_all_pages("clb", kClbVersion, "DescribeLoadBalancers", region, json::object(),
                            TencentPaging{"LoadBalancerSet", kLoadBalancersPerPage}, deadline);
  if (!balancers) {
    account.failed_reads.push_back({"clb:DescribeLoadBalancers", region, balancers.error()});
    return;
  }
  std::map<std::string, std::optional<CloudSecurityGroup>> groups;  // read once per id
  for (const json& detail : balancers.value()) {
    auto balancer = tencent_load_balancer(detail, region);
    if (!balancer) {
      account.failed_reads.push_back({"clb:DescribeLoadBalancers", region, balancer.error()});
      continue;
    }
    ManagedLoadBalancer& read = account.load_balancers.emplace_back(std::move(balancer).value());
    const std::string scope = region + "/" + read.id;
    auto targets = client.call("clb", kClbVersion, "DescribeTargets", region,
                               json{{"LoadBalancerId", read.id}}, deadline);
    auto forwards = targets ? tencent_load_balancer_forwards(targets.value())
                            : Result<std::vector<LoadBalancerForward>>(targets.error());
    if (!forwards) {
      account.failed_reads.push_back({"clb:DescribeTargets", scope, forwards.error()});
      continue;
    }
    read.forwards = std::move(forwards).value();
    const bool in_front = std::any_of(read.forwards->begin(), read.forwards->end(), [&](auto& f) {
      return std::any_of(account.instances.begin(), account.instances.end(),
                         [&](const ManagedInstance& instance) {
                           return instance.region == region && reaches(f, instance);
                         });
    });
    if (!in_front) continue;
    for (const std::string& id : read.security_group_ids) {
      if (!groups.contains(id)) {
        auto policies = client.call("vpc", kVpcVersion, "DescribeSecurityGroupPolicies", region,
                                    json{{"SecurityGroupId", id}}, deadline);
        auto group = policies ? tencent_security_group_policies(policies.value(), id)
                              : Result<CloudSecurityGroup>(policies.error());
        if (group) {
          groups[id] = std::move(group).value();
        } else {
          groups[id] = std::nullopt;
          account.failed_reads.push_back(
              {"vpc:DescribeSecurityGroupPolicies", region + "/" + id, group.error()});
        }
      }
      if (groups[id]) read.security_groups.push_back(*groups[id]);
    }
  }
}

}  // namespace

CloudAccountFacts read_tencent_account(TencentApiClient& client, const TencentAccountScope& scope,
                                       const Deadline& deadline) {
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  account.regions = scope.regions;
  for (const std::string& region : scope.regions) {
    json filter = json::object();
    if (!scope.instance_ids.empty()) filter["InstanceIds"] = scope.instance_ids;
    auto details =
        client.call_all_pages("mongodb", kMongodbVersion, "DescribeDBInstances", region, filter,
                              TencentPaging{"InstanceDetails", kInstancesPerPage}, deadline);
    if (!details) {
      account.failed_reads.push_back({"mongodb:DescribeDBInstances", region, details.error()});
      continue;
    }
    for (const json& detail : details.value()) {
      auto instance = tencent_instance(detail, region);
      if (!instance) {
        account.failed_reads.push_back({"mongodb:DescribeDBInstances", region, instance.error()});
        continue;
      }
      ManagedInstance& read = account.instances.emplace_back(std::move(instance).value());
      read_part(client, account, read, "DescribeDBInstanceNodeProperty", tencent_instance_nodes,
                read.nodes, deadline);
      read_part(client, account, read, "DescribeSecurityGroup", tencent_instance_security_groups,
                read.security_groups, deadline);
      read_part(client, account, read, "DescribeInstanceSSL", tencent_ssl_enabled, read.ssl_enabled,
                deadline);
    }
    read_load_balancers(client, account, region, deadline);
  }
  return account;
}

CloudAccountFacts read_tencent_account_in_parallel(
    const std::function<TencentApiClient()>& make_client, const TencentAccountScope& scope,
    std::size_t concurrency, const Deadline& deadline) {
  std::vector<CloudAccountFacts> per_region(scope.regions.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    TencentApiClient client = make_client();
    for (std::size_t i = next++; i < scope.regions.size(); i = next++) {
      per_region[i] =
          read_tencent_account(client, {{scope.regions[i]}, scope.instance_ids}, deadline);
    }
  };
  std::vector<std::jthread> workers;
  const std::size_t count = std::min(std::max<std::size_t>(concurrency, 1), scope.regions.size());
  for (std::size_t i = 0; i < count; ++i) workers.emplace_back(work);
  workers.clear();  // joins
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  account.regions = scope.regions;
  for (CloudAccountFacts& region : per_region) {
    account.instances.insert(account.instances.end(), region.instances.begin(),
                             region.instances.end());
    account.load_balancers.insert(account.load_balancers.end(), region.load_balancers.begin(),
                                  region.load_balancers.end());
    account.failed_reads.insert(account.failed_reads.end(), region.failed_reads.begin(),
                                region.failed_reads.end());
  }
  return account;
}

}  // namespace mongoscan
