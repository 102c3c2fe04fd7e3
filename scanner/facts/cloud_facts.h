#pragma once
// What a cloud control plane says about managed MongoDB deployments, read with its API (read-only)
// and kept as plain facts: instances, their nodes and addresses, the security groups in front of
// them and their rules, SSL. Every read that failed is kept beside, named, so that a
// check never passes what was not read.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scanner/errors/result.h"
#include "scanner/facts/atlas_facts.h"
#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// A read that failed: which call, for what, and why (never a key, token or signature).
struct CloudReadFailure {
  // "mongodb:DescribeSecurityGroup"; for Atlas the path template, "GET /groups/{groupId}/auditLog".
  std::string call;
  // "ap-guangzhou" or "ap-guangzhou/cmgo-1a2b3c4d"; for Atlas "org:ORG_ID", "PROJECT_ID",
  // "PROJECT_ID/CLUSTER", or "all" for a read of everything the credentials see (GET /clusters).
  std::string scope;
  Error error;
};

// One inbound rule of a security group, as the API gives it.
struct CloudGroupRule {
  bool accept = true;            // ACCEPT, else DROP
  std::string protocol;          // lower case: "tcp", "udp", "all"
  std::vector<PortRange> ports;  // empty: every port
  std::string source;            // a CIDR or address as given ("0.0.0.0/0", "10.0.0.0/8")
  // A source named by reference instead of an address: a security group ("sg-...") or an
  // address template ("ipm-...", "ipmg-...").
  std::string source_reference;
  std::string description;
};

struct CloudSecurityGroup {
  std::string id;  // "sg-1a2b3c4d"
  std::string name;
  std::vector<CloudGroupRule> inbound;  // in the order the group applies them
};

// A node of a managed instance, as the control plane lists it.
struct ManagedNode {
  std::string name;            // "cmgo-1a2b3c4d_0-node-primary"
  std::string address;         // "10.0.0.11:27017", the private address
  std::string public_address;  // the public (WAN) address bound to it; empty when none
  std::string role;            // "PRIMARY", "SECONDARY", "MONGOS", ...
  bool hidden = false;
};

// One grant of a managed instance's account (Tencent's Auth: Mask 0 none, 1 read-only, 3
// read-write; NameSpace "*" for every database).
struct ManagedGrant {
  int mask = 0;
  std::string name_space;
};

// An account of a managed instance, as the control plane lists it (never its password).
struct ManagedAccount {
  std::string name;  // "mongouser": the account every instance is created with
  std::vector<ManagedGrant> grants;
};

struct ManagedInstance {
  std::string provider;  // "tencentcloud"
  std::string region;    // "ap-guangzhou"
  std::string id;        // "cmgo-1a2b3c4d"
  std::string name;
  std::string topology;  // "replica_set" or "sharded"
  std::string version;   // "7.0"; empty when the control plane's code is not one mongoscan reads
  std::string vip;       // the private address clients reach it at
  std::uint16_t vport = 0;
  std::string vpc_id;
  // nullopt: not read (the failure is in CloudAccountFacts::failed_reads).
  std::optional<std::vector<ManagedNode>> nodes;
  std::optional<std::vector<CloudSecurityGroup>> security_groups;
  std::optional<bool> ssl_enabled;
  std::optional<bool> audit_enabled;                   // database audit on
  std::optional<std::uint64_t> backup_retention_days;  // automatic backups kept this many days
  std::optional<std::vector<ManagedAccount>> accounts;
};

// What a load balancer listener forwards to: one target address.
struct LoadBalancerForward {
  std::string protocol;  // the listener's, upper case: "TCP", "HTTP", ...
  std::uint16_t listener_port = 0;
  std::string target_address;  // "10.0.0.22:27017": a target's private address and port
};

// A load balancer (Tencent CLB) of the account's region.
struct ManagedLoadBalancer {
  std::string region;
  std::string id;  // "lb-1a2b3c4d"
  std::string name;
  bool public_facing = false;  // LoadBalancerType OPEN; INTERNAL otherwise
  std::vector<std::string> vips;
  std::vector<std::string> security_group_ids;
  // Traffic passes to the targets without their own security groups being checked (Tencent's
  // LoadBalancerPassToTarget): only the load balancer's groups filter it.
  bool passes_to_target = false;
  // nullopt: the targets were not read.
  std::optional<std::vector<LoadBalancerForward>> forwards;
  // The rules of security_group_ids that were read (a group that was not read is absent and its
  // failure recorded).
  std::vector<CloudSecurityGroup> security_groups;
};

// Whether a load balancer forward reaches the instance: its target is the instance's VIP and port
// or one of its nodes' addresses (a mongos behind the load balancer).
inline bool reaches(const LoadBalancerForward& forward, const ManagedInstance& instance) {
  if (forward.target_address == instance.vip + ":" + std::to_string(instance.vport)) return true;
  if (!instance.nodes) return false;
  for (const ManagedNode& node : *instance.nodes)
    if (node.address == forward.target_address) return true;
  return false;
}

// One provider account as read: the regions (Tencent Cloud) or projects and organisations (Atlas)
// asked, what was found, the reads that failed.
struct CloudAccountFacts {
  std::string provider;  // "tencentcloud" or "atlas"
  std::vector<std::string> regions;
  std::vector<ManagedInstance> instances;
  std::vector<ManagedLoadBalancer> load_balancers;
  std::vector<AtlasOrganization> organizations;
  std::vector<AtlasProject> projects;
  std::vector<CloudReadFailure> failed_reads;
};

}  // namespace mongoscan
