#include "checks/cloud/managed_instances.h"

#include <algorithm>

#include "checks/infrastructure/port_exposure.h"
#include "checks/infrastructure/source_range.h"
#include "checks/server/authorization.h"
#include "checks/server/hardening.h"
#include "checks/server/network.h"
#include "checks/server/privileged_roles.h"
#include "checks/text_list.h"
#include "checks/verdict.h"

namespace mongoscan {
namespace {

using nlohmann::json;

enum SpecIndex {
  kPublicAddress = 0,
  kSecurityGroups = 1,
  kSsl = 2,
  kPublicLoadBalancers = 3,
  kLoadBalancerAdmitted = 4,
  kAudit = 5,
  kBackupRetention = 6,
  kAccounts = 7
};

// The account every TencentDB instance is created with (3.6 and later): the console shows its
// grants but cannot change or delete it (Tencent's account documentation).
constexpr std::string_view kDefaultTencentAccount = "mongouser";

// The load balancers of the instance's region that forward to it, with the forwards that do;
// nullopt when the region's load balancers were not listed.
struct InFront {
  const ManagedLoadBalancer* balancer;
  std::vector<LoadBalancerForward> forwards;
};

std::optional<std::vector<InFront>> load_balancers_in_front(const CloudAccountFacts& account,
                                                            const ManagedInstance& instance) {
  for (const CloudReadFailure& failure : account.failed_reads)
    if (failure.call == "clb:DescribeLoadBalancers" && failure.scope == instance.region)
      return std::nullopt;
  std::vector<InFront> in_front;
  for (const ManagedLoadBalancer& balancer : account.load_balancers) {
    if (balancer.region != instance.region || !balancer.forwards) continue;
    InFront front{&balancer, {}};
    for (const LoadBalancerForward& forward : *balancer.forwards)
      if (reaches(forward, instance)) front.forwards.push_back(forward);
    if (!front.forwards.empty()) in_front.push_back(std::move(front));
  }
  return in_front;
}

// Load balancers of the region whose targets were not read: whether they front the instance is
// unknown.
std::vector<std::string> load_balancers_unread(const CloudAccountFacts& account,
                                               const ManagedInstance& instance) {
  std::vector<std::string> unread;
  for (const ManagedLoadBalancer& balancer : account.load_balancers)
    if (balancer.region == instance.region && !balancer.forwards) unread.push_back(balancer.id);
  return unread;
}

// The failed read of `call` for this instance, if any.
const CloudReadFailure* failure_of(const CloudAccountFacts& account,
                                   const ManagedInstance& instance, std::string_view call) {
  const std::string scope = instance.region + "/" + instance.id;
  for (const CloudReadFailure& failure : account.failed_reads)
    if (failure.call == call && failure.scope == scope) return &failure;
  return nullptr;
}

// A part the control plane did not answer for: never a pass.
Verdict not_read(const CloudAccountFacts& account, const ManagedInstance& instance,
                 std::string_view call, std::string_view part) {
  const CloudReadFailure* failure = failure_of(account, instance, call);
  return {Status::error,
          std::string(part) + " not read: " +
              (failure != nullptr ? failure->error.message : std::string(call) + " gave nothing"),
          json{{"call", call}}};
}

Verdict judge_public_address(const CloudAccountFacts& account, const ManagedInstance& instance) {
  if (!instance.nodes)
    return not_read(account, instance, "mongodb:DescribeDBInstanceNodeProperty", "the nodes were");
  json nodes = json::array();
  std::vector<std::string> exposed;
  for (const ManagedNode& node : *instance.nodes) {
    nodes.push_back({{"name", node.name},
                     {"address", node.address},
                     {"public_address", node.public_address},
                     {"role", node.role}});
    if (!node.public_address.empty())
      exposed.push_back(node.name + " (" + node.public_address + ")");
  }
  const json evidence = {{"nodes", nodes}};
  if (!exposed.empty()) {
    return {Status::fail,
            "a public address is bound to " + join(exposed) +
                ": public access must go through a load balancer with an allowlist",
            evidence};
  }
  return {Status::pass,
          "no public address is bound to any of its " + std::to_string(instance.nodes->size()) +
              " nodes",
          evidence};
}

// Whether `rule` drops TCP from any address on every port: nothing after it in its group is
// reached (a group's rules are matched in order, the first that matches applies).
bool drops_everything(const CloudGroupRule& rule, const ExposureRules& exposure) {
  return !rule.accept && carries_tcp(rule.protocol) && rule.ports.empty() &&
         !public_sources({rule.source}, exposure).anywhere.empty();
}

struct GroupJudgement {
  std::vector<std::string> anywhere;  // "sg-1: 0.0.0.0/0 to 27017"
  std::vector<std::string> wide;
  std::vector<std::string> named;  // sources allowed: ranges, addresses, references
  json rules = json::array();
};

GroupJudgement judge_groups(const std::vector<CloudSecurityGroup>& groups,
                            const ExposureRules& exposure) {
  GroupJudgement judged;
  for (const CloudSecurityGroup& group : groups) {
    bool closed = false;  // an earlier rule dropped everything
    for (const CloudGroupRule& rule : group.inbound) {
      judged.rules.push_back({{"group", group.id},
                              {"action", rule.accept ? "ACCEPT" : "DROP"},
                              {"protocol", rule.protocol},
                              {"ports", ports_json(rule.ports)},
                              {"source", rule.source.empty() ? rule.source_reference : rule.source},
                              {"reached", !closed}});
      if (closed) continue;
      if (drops_everything(rule, exposure)) closed = true;
      if (!rule.accept || !carries_tcp(rule.protocol)) continue;
      const std::vector<std::string> ports = mongodb_ports_reached(rule.ports, exposure);
      if (ports.empty()) continue;
      const std::string to = " to " + join(ports);
      if (!rule.source_reference.empty()) {
        judged.named.push_back(rule.source_reference + to);
        continue;
      }
      const PublicSources open = public_sources({rule.source}, exposure);
      if (!open.anywhere.empty()) {
        judged.anywhere.push_back(group.id + ": " + rule.source + to);
      } else if (!open.wide.empty()) {
        judged.wide.push_back(group.id + ": " + rule.source + to);
      } else {
        judged.named.push_back(rule.source + to);
      }
    }
  }
  return judged;
}

// The policy's MongoDB ports and the instance's own.
ExposureRules instance_exposure(const ManagedInstance& instance, const Policy& policy) {
  ExposureRules exposure = policy.exposure;
  if (instance.vport != 0) exposure.ports.emplace_back(instance.vport, instance.vport);
  return exposure;
}

Verdict judge_security_groups(const CloudAccountFacts& account, const ManagedInstance& instance,
                              const Policy& policy) {
  if (!instance.security_groups) {
    return not_read(account, instance, "mongodb:DescribeSecurityGroup", "the security groups were");
  }
  if (instance.security_groups->empty()) {
    return {Status::warn,
            "no security group is bound: every address of the VPC reaches it, none is named",
            json{{"groups", json::array()}}};
  }
  const GroupJudgement judged =
      judge_groups(*instance.security_groups, instance_exposure(instance, policy));
  const json evidence = {{"rules", judged.rules}};
  if (!judged.anywhere.empty()) {
    return {Status::fail, "its security groups admit any address: " + join(judged.anywhere),
            evidence};
  }
  if (!judged.wide.empty()) {
    return {Status::fail,
            "its security groups admit public ranges wider than the policy allows: " +
                join(judged.wide),
            evidence};
  }
  if (judged.named.empty()) {
    return {Status::pass, "its security groups admit no source to a MongoDB port", evidence};
  }
  return {Status::pass,
          "its security groups admit MongoDB ports only from named sources: " + join(judged.named),
          evidence};
}

// Whether the instance is reachable from the internet by what was read: a public address bound to
// a node, or a public load balancer in front of it. (A security group alone opens no path: without
// either, the instance has only addresses inside its VPC.)
bool public_path_read(const CloudAccountFacts& account, const ManagedInstance& instance) {
  if (instance.nodes) {
    for (const ManagedNode& node : *instance.nodes)
      if (!node.public_address.empty()) return true;
  }
  const auto in_front = load_balancers_in_front(account, instance);
  return in_front && std::any_of(in_front->begin(), in_front->end(), [](const InFront& front) {
           return front.balancer->public_facing;
         });
}

Verdict judge_ssl(const CloudAccountFacts& account, const ManagedInstance& instance) {
  if (!instance.ssl_enabled)
    return not_read(account, instance, "mongodb:DescribeInstanceSSL", "SSL was");
  const json evidence = {{"ssl_enabled", *instance.ssl_enabled}};
  if (*instance.ssl_enabled) return {Status::pass, "SSL is on", evidence};
  if (public_path_read(account, instance)) {
    return {Status::fail, "SSL is off while the instance is reachable from the internet", evidence};
  }
  // The specification asks for TLS where public access is on: with none read, SSL off passes only
  // when every part that could open a path was read.
  const bool all_read = instance.nodes && load_balancers_in_front(account, instance) &&
                        load_balancers_unread(account, instance).empty();
  if (!all_read) {
    return {Status::warn,
            "SSL is off, and not every part that could open a public path to it was read",
            evidence};
  }
  return {Status::pass,
          "SSL is off, and no public path reaches it: no public address, no public load balancer "
          "in front of it",
          evidence};
}

// The listener ports of `forwards`, as the only ports a load balancer's own groups guard.
ExposureRules listener_ports(const std::vector<LoadBalancerForward>& forwards,
                             const ExposureRules& policy_exposure) {
  ExposureRules exposure = policy_exposure;
  exposure.ports.clear();
  for (const LoadBalancerForward& forward : forwards)
    exposure.ports.emplace_back(forward.listener_port, forward.listener_port);
  return exposure;
}

Verdict not_listed(std::string_view what) {
  return {Status::error,
          std::string(what) +
              " not known: the region's load balancers were not listed "
              "(clb:DescribeLoadBalancers)",
          json{{"call", "clb:DescribeLoadBalancers"}}};
}

json load_balancer_json(const InFront& front) {
  json forwards = json::array();
  for (const LoadBalancerForward& forward : front.forwards) {
    forwards.push_back({{"protocol", forward.protocol},
                        {"listener_port", forward.listener_port},
                        {"target", forward.target_address}});
  }
  return {{"id", front.balancer->id},
          {"public", front.balancer->public_facing},
          {"vips", front.balancer->vips},
          {"security_groups", front.balancer->security_group_ids},
          {"passes_to_target", front.balancer->passes_to_target},
          {"forwards", forwards}};
}

// CLOUD-004: a public load balancer in front of the instance admits only named sources on its
// listener ports, through security groups that were read.
Verdict judge_public_load_balancers(const CloudAccountFacts& account,
                                    const ManagedInstance& instance, const Policy& policy) {
  const auto in_front = load_balancers_in_front(account, instance);
  if (!in_front) return not_listed("the load balancers in front of it are");
  json balancers = json::array();
  std::vector<std::string> open, wide, unguarded, unread_groups, named, internal;
  for (const InFront& front : *in_front) {
    balancers.push_back(load_balancer_json(front));
    const ManagedLoadBalancer& balancer = *front.balancer;
    if (!balancer.public_facing) {
      internal.push_back(balancer.id);
      continue;
    }
    if (balancer.security_group_ids.empty()) {
      unguarded.push_back(balancer.id);
      continue;
    }
    for (const std::string& id : balancer.security_group_ids) {
      const bool read =
          std::any_of(balancer.security_groups.begin(), balancer.security_groups.end(),
                      [&](const CloudSecurityGroup& group) { return group.id == id; });
      if (!read) unread_groups.push_back(balancer.id + " " + id);
    }
    const GroupJudgement judged =
        judge_groups(balancer.security_groups, listener_ports(front.forwards, policy.exposure));
    for (const std::string& source : judged.anywhere) open.push_back(balancer.id + " " + source);
    for (const std::string& source : judged.wide) wide.push_back(balancer.id + " " + source);
    for (const std::string& source : judged.named) named.push_back(balancer.id + " " + source);
  }
  const std::vector<std::string> targets_unread = load_balancers_unread(account, instance);
  const json evidence = {{"load_balancers", balancers}, {"not_read", targets_unread}};
  if (!unguarded.empty()) {
    return {Status::fail,
            "public load balancer " + join(unguarded) +
                " forwards to it with no security group: any address gets through",
            evidence};
  }
  if (!open.empty()) {
    return {Status::fail, "a public load balancer in front of it admits any address: " + join(open),
            evidence};
  }
  if (!wide.empty()) {
    return {Status::fail,
            "a public load balancer in front of it admits public ranges wider than the policy "
            "allows: " +
                join(wide),
            evidence};
  }
  if (!unread_groups.empty()) {
    return {Status::error,
            "the security groups of a public load balancer in front of it were not read: " +
                join(unread_groups),
            evidence};
  }
  if (!targets_unread.empty()) {
    return {Status::error,
            "the targets of load balancer " + join(targets_unread) +
                " were not read, so whether they forward to it is unknown",
            evidence};
  }
  if (!named.empty()) {
    return {
        Status::pass,
        "public access goes only through load balancers that admit named sources: " + join(named),
        evidence};
  }
  return {Status::pass,
          internal.empty() ? std::string("no load balancer forwards to it")
                           : "only internal load balancers forward to it: " + join(internal),
          evidence};
}

// Whether some ACCEPT rule of the instance's groups, reached in order, admits `address` on the
// instance's port.
bool admits(const std::vector<CloudSecurityGroup>& groups, const std::string& address,
            const ManagedInstance& instance, const ExposureRules& exposure) {
  for (const CloudSecurityGroup& group : groups) {
    for (const CloudGroupRule& rule : group.inbound) {
      if (drops_everything(rule, exposure)) break;
      if (!rule.accept || !carries_tcp(rule.protocol) || !rule.source_reference.empty()) continue;
      const bool port = rule.ports.empty() ||
                        std::any_of(rule.ports.begin(), rule.ports.end(), [&](const PortRange& r) {
                          return r.first <= instance.vport && instance.vport <= r.last;
                        });
      const bool from = !public_sources({rule.source}, exposure).anywhere.empty() ||
                        within_any(address, {rule.source});
      if (port && from) return true;
    }
  }
  return false;
}

// CLOUD-005: the instance's own groups admit the load balancers in front of it (their VIPs, from
// which health checks come), unless a load balancer passes traffic without the targets' groups.
Verdict judge_load_balancers_admitted(const CloudAccountFacts& account,
                                      const ManagedInstance& instance, const Policy& policy) {
  const auto in_front = load_balancers_in_front(account, instance);
  if (!in_front) return not_listed("the load balancers in front of it are");
  if (in_front->empty()) {
    return {Status::skipped, "no load balancer forwards to it",
            json{{"not_read", load_balancers_unread(account, instance)}}};
  }
  if (!instance.security_groups) {
    return not_read(account, instance, "mongodb:DescribeSecurityGroup", "the security groups were");
  }
  json balancers = json::array();
  std::vector<std::string> refused, admitted, passing;
  for (const InFront& front : *in_front) {
    balancers.push_back(load_balancer_json(front));
    const ManagedLoadBalancer& balancer = *front.balancer;
    if (balancer.passes_to_target) {
      passing.push_back(balancer.id);
      continue;
    }
    for (const std::string& vip : balancer.vips) {
      (admits(*instance.security_groups, vip, instance, policy.exposure) ? admitted : refused)
          .push_back(balancer.id + " (" + vip + ")");
    }
  }
  const json evidence = {{"load_balancers", balancers}};
  if (!refused.empty()) {
    return {Status::fail,
            "its security groups do not admit load balancer " + join(refused) + " on port " +
                std::to_string(instance.vport) +
                ": health checks and forwarded traffic are dropped",
            evidence};
  }
  std::string message = admitted.empty() ? "" : "its security groups admit " + join(admitted);
  if (!passing.empty()) {
    message += std::string(message.empty() ? "" : "; ") + join(passing) +
               " passes traffic without the instance's groups (only its own groups filter)";
  }
  return {Status::pass, message, evidence};
}

}  // namespace

const std::vector<CheckSpec>& managed_instance_specs() {
  static const std::vector<CheckSpec> specs = {
      {"CLOUD-001", "No public address is bound to a managed instance", Layer::network,
       Severity::high, references_of(network_specs(), "NET-001"),
       "Turn off the instance's public network address in the console and, where clients outside "
       "the VPC need it, put a load balancer (CLB) with a security group that admits only their "
       "addresses in front of it.",
       "`--cloud`: no public (WAN) address is bound to any node of a managed instance "
       "(`DescribeDBInstanceNodeProperty`'s `WanServiceAddress`) — high."},
      {"CLOUD-002",
       "A managed instance's security groups admit MongoDB ports only from named sources",
       Layer::network,
       Severity::high,
       {{Framework::devspec, "A3.2", "Network: security group policy"},
        {Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Replace 0.0.0.0/0, ::/0 and wide public ranges in the instance's security groups with the "
       "client addresses, subnets or security groups that need MongoDB's port.",
       "`--cloud`: the instance's security groups (`DescribeSecurityGroup`) admit MongoDB "
       "ports (the policy's `exposure.ports` and the instance's own port) only from named "
       "sources: any address fails (high), a public range wider than the policy's prefixes "
       "fails (medium); rules apply in order, a DROP of every port from any address ends its "
       "group, a source that is another security group or an address template is named; no "
       "group at all warns."},
      {"CLOUD-003",
       "SSL is on for a managed instance",
       Layer::transport,
       Severity::high,
       {{Framework::devspec, "A3.6", "Transport: SSL/TLS"},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "Switch SSL on for the instance in the console and add tls=true to every application's "
       "connection string.",
       "`--cloud`: SSL is on for the instance (`DescribeInstanceSSL`) where public access is "
       "on (devspec A3.6): off fails where a public address or a public load balancer in "
       "front of it was read, passes where the nodes and the region's load balancers were "
       "all read and none is public, and warns where a part was not read — high."},
      {"CLOUD-004",
       "Public access to a managed instance goes only through a load balancer whose security "
       "groups admit named client addresses",
       Layer::network, Severity::high, references_of(network_specs(), "NET-001"),
       "Bind a security group to every public load balancer in front of the instance that admits "
       "only the client addresses that need it on its listener port.",
       "`--cloud`: a public (OPEN) load balancer that forwards to the instance's VIP or a "
       "node (`DescribeLoadBalancers`, `DescribeTargets`) has security groups "
       "(`DescribeSecurityGroupPolicies`) that admit only named sources on its listener "
       "ports: none bound or any address fails (high), a public range wider than the "
       "policy's fails (medium); internal load balancers are named."},
      {"CLOUD-005",
       "A managed instance's security groups admit the load balancers in front of it",
       Layer::network,
       Severity::medium,
       {{Framework::devspec, "A2.5",
         "No disabled authentication and no arbitrary public exposure in production"}},
       "Add a rule to the instance's security group that admits the load balancer's VIP on the "
       "instance's port, so that health checks and forwarded connections get through.",
       "`--cloud`: the instance's own security groups admit the VIP of each load balancer in "
       "front of it on the instance's port (health checks, forwarded connections), unless "
       "the load balancer passes traffic to its targets without their groups "
       "(`LoadBalancerPassToTarget`) — medium; skipped where no load balancer forwards to "
       "it."},
      {"CLOUD-008", "Database audit is on for a managed instance", Layer::hardening,
       Severity::medium, references_of(hardening_specs(), "HARD-002"),
       "Turn on database audit for the instance in the console (full audit, or rules that keep "
       "logins, privilege and schema changes).",
       "`--cloud`: database audit is on for the instance (`DescribeAuditInstanceList` with "
       "`AuditSwitch` 1, one list per region, `AuditStatus` `ON`); off fails; a region whose "
       "list was not read is an error on each instance — medium, as HARD-002."},
      {"CLOUD-009",
       "A managed instance keeps its automatic backups as long as the policy asks",
       Layer::hardening,
       Severity::medium,
       {},
       "Raise the backup retention in the instance's automatic backup settings to at least the "
       "policy's tencentcloud.backup_min_retention_days.",
       "`--cloud`: automatic backups (always on for TencentDB) are kept at least the "
       "policy's `tencentcloud.backup_min_retention_days` (default 7) days "
       "(`DescribeBackupRules` `BackupSaveTime`); fewer warns — medium."},
      {"CLOUD-010",
       "Read-write access to every database of a managed instance only for declared "
       "administrators",
       Layer::authorization, Severity::high, references_of(authorization_specs(), "AUTHZ-001"),
       "Give application accounts read-write on their own database only, and list the accounts "
       "that must administer every database (user@admin) in the policy's administrators.",
       "`--cloud`: accounts with read-write on every database (`DescribeAccountUsers`: an "
       "`Auth` of `Mask` 3 on `NameSpace` `*`) are the policy's `administrators` "
       "(`user@admin`), judged as AUTHZ-001 (warn when none are declared, fail otherwise); "
       "the default account `mongouser`, which cannot be removed, is the instance's "
       "administrator — high."},
  };
  return specs;
}

// CLOUD-008: database audit on. The region's list of audited instances answers it; a region whose
// list was not read leaves it unknown, an error.
Verdict judge_audit(const CloudAccountFacts& account, const ManagedInstance& instance) {
  if (!instance.audit_enabled) {
    for (const CloudReadFailure& failure : account.failed_reads) {
      if (failure.call == "mongodb:DescribeAuditInstanceList" && failure.scope == instance.region)
        return {Status::error,
                "whether database audit is on was not read: " + failure.error.message,
                json{{"call", failure.call}}};
    }
    return {Status::error,
            "whether database audit is on was not read: mongodb:DescribeAuditInstanceList gave "
            "nothing",
            json{{"call", "mongodb:DescribeAuditInstanceList"}}};
  }
  const json evidence = {{"audit_enabled", *instance.audit_enabled}};
  if (!*instance.audit_enabled) {
    return {Status::fail,
            "database audit is off: logins, privilege changes and schema changes leave no trail",
            evidence};
  }
  return {Status::pass, "database audit is on", evidence};
}

// CLOUD-009: automatic backups kept at least the policy's days (automatic backup itself is always
// on for TencentDB; its rules say how long).
Verdict judge_backup_retention(const CloudAccountFacts& account, const ManagedInstance& instance,
                               const Policy& policy) {
  if (!instance.backup_retention_days)
    return not_read(account, instance, "mongodb:DescribeBackupRules", "the backup rules were");
  const std::int64_t wanted = policy.tencentcloud.backup_min_retention_days;
  const json evidence = {{"BackupSaveTime", *instance.backup_retention_days},
                         {"policy_min_days", wanted}};
  if (static_cast<std::int64_t>(*instance.backup_retention_days) < wanted) {
    return {Status::warn,
            "automatic backups are kept " + std::to_string(*instance.backup_retention_days) +
                " days, fewer than the policy's " + std::to_string(wanted),
            evidence};
  }
  return {Status::pass,
          "automatic backups are kept " + std::to_string(*instance.backup_retention_days) + " days",
          evidence};
}

// CLOUD-010: read-write on every database only for the policy's administrators, as AUTHZ-001
// judges a node's users; the instance's default account is its administrator by construction.
Verdict judge_accounts(const CloudAccountFacts& account, const ManagedInstance& instance,
                       const Policy& policy) {
  if (!instance.accounts)
    return not_read(account, instance, "mongodb:DescribeAccountUsers", "the accounts were");
  std::vector<std::string> holders, undeclared;
  json accounts = json::array();
  for (const ManagedAccount& user : *instance.accounts) {
    json grants = json::array();
    bool everything = false;
    for (const ManagedGrant& grant : user.grants) {
      grants.push_back({{"Mask", grant.mask}, {"NameSpace", grant.name_space}});
      everything = everything || (grant.mask == 3 && grant.name_space == "*");
    }
    accounts.push_back({{"name", user.name}, {"grants", grants}});
    if (!everything || user.name == kDefaultTencentAccount) continue;
    const std::string name = user.name + "@admin";
    holders.push_back(name);
    if (!policy.administrators || !policy.administrators->contains(name))
      undeclared.push_back(name);
  }
  const json evidence = {
      {"accounts", accounts},
      {"default_account", kDefaultTencentAccount},
      {"declared_administrators",
       policy.administrators ? json(*policy.administrators) : json("none declared")}};
  if (auto verdict = undeclared_administrators_verdict(undeclared, policy, evidence))
    return *verdict;
  return {Status::pass,
          holders.empty() ? "no account but the default " + std::string(kDefaultTencentAccount) +
                                " reads and writes every database"
                          : "only the declared administrators read and write every database",
          evidence};
}

std::string managed_instance_name(const ManagedInstance& instance) {
  return instance.provider + ":" + instance.region + "/" + instance.id;
}

std::vector<Finding> check_managed_instances(const CloudAccountFacts& account,
                                             const Policy& policy) {
  const auto& specs = managed_instance_specs();
  std::vector<Finding> findings;
  for (const CloudReadFailure& failure : account.failed_reads) {
    if (failure.scope.find('/') != std::string::npos) continue;  // an instance's part
    // The audited list is judged per instance (CLOUD-008).
    if (failure.call == "mongodb:DescribeAuditInstanceList") continue;
    // A region, or a whole account, that could not be listed: nothing in it was judged.
    for (const CheckSpec& spec : specs) {
      findings.push_back(
          make_finding(spec, policy, Subject::cloud(account.provider + ":" + failure.scope),
                       {Status::error, "the instances were not listed: " + failure.error.message,
                        json{{"call", failure.call}}}));
    }
  }
  for (const ManagedInstance& instance : account.instances) {
    const Subject subject = Subject::cloud(managed_instance_name(instance));
    findings.push_back(make_finding(specs[kPublicAddress], policy, subject,
                                    judge_public_address(account, instance)));
    findings.push_back(make_finding(specs[kSecurityGroups], policy, subject,
                                    judge_security_groups(account, instance, policy)));
    findings.push_back(make_finding(specs[kSsl], policy, subject, judge_ssl(account, instance)));
    findings.push_back(make_finding(specs[kPublicLoadBalancers], policy, subject,
                                    judge_public_load_balancers(account, instance, policy)));
    findings.push_back(make_finding(specs[kLoadBalancerAdmitted], policy, subject,
                                    judge_load_balancers_admitted(account, instance, policy)));
    findings.push_back(
        make_finding(specs[kAudit], policy, subject, judge_audit(account, instance)));
    findings.push_back(make_finding(specs[kBackupRetention], policy, subject,
                                    judge_backup_retention(account, instance, policy)));
    findings.push_back(
        make_finding(specs[kAccounts], policy, subject, judge_accounts(account, instance, policy)));
  }
  return findings;
}

}  // namespace mongoscan
