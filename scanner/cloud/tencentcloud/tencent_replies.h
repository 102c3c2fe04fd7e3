#pragma once
// Tencent Cloud API replies read into cloud facts: pure functions of the Response object, which
// refuse a shape the API reference does not give (a missing identifier, a field of the wrong type)
// with an Error naming the field, and tolerate fields the API documents as possibly null. Field
// names and types are those of Tencent's SDK models (tencentcloud-sdk-go mongodb/v20190725).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scanner/errors/result.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

// One InstanceDetail of DescribeDBInstances.
Result<ManagedInstance> tencent_instance(const nlohmann::json& detail, const std::string& region);

// DescribeSecurityGroup's Groups (SecurityGroup: SecurityGroupId, SecurityGroupName, Inbound of
// SecurityGroupBound: Action, CidrIp, PortRange, IpProtocol, AddressModule, Desc).
Result<std::vector<CloudSecurityGroup>> tencent_instance_security_groups(
    const nlohmann::json& response);

// DescribeDBInstanceNodeProperty's Mongos and ReplicateSets[].Nodes (NodeProperty: NodeName,
// Address, WanServiceAddress, Role, Hidden).
Result<std::vector<ManagedNode>> tencent_instance_nodes(const nlohmann::json& response);

// DescribeInstanceSSL's Status: 1 on, 0 off.
Result<bool> tencent_ssl_enabled(const nlohmann::json& response);

// The ids of DescribeAuditInstanceList's Items (AuditInstance: InstanceId, AuditStatus) whose
// AuditStatus is "ON" (the value Tencent's example and its other products' audit APIs give for
// audit on; the mongodb reference documents no enum).
Result<std::vector<std::string>> tencent_audited_instances(
    const std::vector<nlohmann::json>& items);

// DescribeBackupRules' BackupSaveTime: the days automatic backups are kept.
Result<std::uint64_t> tencent_backup_retention_days(const nlohmann::json& response);

// DescribeAccountUsers' Users (UserInfo: UserName, AuthRole of Auth: Mask 0, 1 or 3, NameSpace).
Result<std::vector<ManagedAccount>> tencent_accounts(const nlohmann::json& response);

// One LoadBalancer of clb DescribeLoadBalancers' LoadBalancerSet (LoadBalancerId,
// LoadBalancerName, LoadBalancerType OPEN or INTERNAL, LoadBalancerVips, SecureGroups,
// LoadBalancerPassToTarget).
Result<ManagedLoadBalancer> tencent_load_balancer(const nlohmann::json& balancer,
                                                  const std::string& region);

// clb DescribeTargets' Listeners (ListenerBackend: Protocol, Port, Targets, and Rules[].Targets
// for layer-7 listeners; Backend: Port, PrivateIpAddresses): every target address.
Result<std::vector<LoadBalancerForward>> tencent_load_balancer_forwards(
    const nlohmann::json& response);

// vpc DescribeSecurityGroupPolicies' SecurityGroupPolicySet.Ingress (SecurityGroupPolicy:
// Protocol, Port, CidrBlock, Ipv6CidrBlock, SecurityGroupId, AddressTemplate, Action,
// PolicyDescription) as the rules of group `id`, in order.
Result<CloudSecurityGroup> tencent_security_group_policies(const nlohmann::json& response,
                                                           const std::string& id);

// A SecurityGroupBound PortRange: "27017", "27017-27019", "27017,27018", or "ALL" (every port:
// an empty list).
Result<std::vector<PortRange>> tencent_port_ranges(const std::string& text);

}  // namespace mongoscan
