#pragma once
// The Cloud part of a report: per provider account, its regions or projects and organisations,
// the managed deployments (TencentDB instances, Atlas clusters) with their settings, the security
// groups and access lists with every rule and its source, the load balancers, each deployment's
// ways in from the internet, the report's nodes that are the deployment's, and the reads that
// failed. Facts only: the checks' results about each resource are the findings whose subject
// names it (`subject` below).

#include <optional>
#include <string>
#include <vector>

namespace mongoscan {

// A setting as read from the control plane, in words: {"ssl", "off"}, {"audit", "not read"}.
struct CloudSetting {
  std::string name;
  std::string value;
};

// One inbound rule of a security group, or one entry of an Atlas IP access list.
struct CloudRuleSummary {
  std::string action = "accept";  // accept or drop
  std::string protocol;           // tcp, udp or all
  std::string ports;              // "27017", "27017-27019, 28017"; "all" for every port
  std::string source;             // an address or CIDR, or the group or template it names
  std::string description;        // the rule's description, the entry's comment and expiry
};

struct CloudGroupSummary {
  std::string id;  // "sg-1a2b3c4d"
  std::string name;
  std::vector<CloudRuleSummary> inbound;  // in the order the group applies them
};

// One step of a way in: `kind` is internet, public_address, load_balancer, security_group,
// access_list, instance, node or cluster; `name` the resource (an id, an address); `detail` what
// reports print beside it ("203.0.113.9:27017, public").
struct CloudHop {
  std::string kind;
  std::string name;
  std::string detail = {};
};

// A way from the internet to a deployment, first hop "internet"; `note` says what a reader must
// know about it ("the instance's groups are not applied: ...").
struct CloudPathSummary {
  std::vector<CloudHop> hops;
  std::string note = {};
};

struct LoadBalancerSummary {
  std::string id;  // "lb-1a2b3c4d"
  std::string name;
  std::string region;
  bool public_facing = false;
  std::vector<std::string> vips;
  std::vector<std::string> security_groups;  // ids (CloudAccountSummary::security_groups)
  bool passes_to_target = false;             // the targets' own groups are not applied
  // "TCP 27017 → 10.0.0.21:27017"; nullopt when the targets were not read.
  std::optional<std::vector<std::string>> forwards;
};

// A managed deployment: a TencentDB instance or an Atlas cluster.
struct ManagedDeploymentSummary {
  // Its findings' subject: "tencentcloud:ap-guangzhou/cmgo-1a2b3c4d", "atlas:PROJECT_ID/NAME".
  std::string subject;
  std::string id;
  std::string name;
  std::string scope;     // its region or project id
  std::string topology;  // replica_set or sharded
  std::string version;
  // Every address the control plane gives for it (VIP, nodes, public addresses, the load
  // balancers' VIPs in front of it; an Atlas SRV name without a port): what joins it to the nodes
  // the scan reached.
  std::vector<std::string> addresses;
  std::vector<CloudSetting> settings;
  std::vector<std::string> security_groups;  // ids (CloudAccountSummary::security_groups)
  // nullopt: not known (a read it needs failed); empty: reachable from inside its network only.
  std::optional<std::vector<CloudPathSummary>> paths_from_internet;
  std::vector<std::string> probed_nodes;  // the report's nodes that are this deployment's
};

// A region (Tencent Cloud), an Atlas project or organisation.
struct CloudScopeSummary {
  std::string kind;     // region, project or organization
  std::string subject;  // its findings' subject: "tencentcloud:ap-guangzhou", "atlas:PROJECT_ID"
  std::string id;
  std::string name;
  std::vector<CloudSetting> settings;
  // An Atlas project's IP access list; nullopt when not read or not a project.
  std::optional<std::vector<CloudRuleSummary>> access_list;
};

// A read that failed, as CloudReadFailure says it (never a key, token or signature).
struct CloudFailedRead {
  std::string call;
  std::string scope;
  std::string message;
};

struct CloudAccountSummary {
  std::string provider;     // tencentcloud or atlas
  std::string environment;  // the inventory environment; empty without one
  std::vector<CloudScopeSummary> scopes;
  std::vector<ManagedDeploymentSummary> deployments;
  std::vector<CloudGroupSummary> security_groups;  // every group read, once
  std::vector<LoadBalancerSummary> load_balancers;
  std::vector<CloudFailedRead> failed_reads;
};

}  // namespace mongoscan
