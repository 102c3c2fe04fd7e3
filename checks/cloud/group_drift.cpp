#include "checks/cloud/group_drift.h"

#include <algorithm>
#include <map>

#include "checks/cloud/managed_instances.h"
#include "checks/infrastructure/port_exposure.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// A live group and the region it was read in.
struct LiveGroup {
  const CloudSecurityGroup* group;
  std::string provider;
  std::string region;
};

// Every group read for an instance or a load balancer, once.
std::map<std::string, LiveGroup> live_groups(const std::vector<CloudAccountFacts>& clouds) {
  std::map<std::string, LiveGroup> groups;
  for (const CloudAccountFacts& account : clouds) {
    for (const ManagedInstance& instance : account.instances) {
      if (!instance.security_groups) continue;
      for (const CloudSecurityGroup& group : *instance.security_groups)
        groups.try_emplace(group.id, LiveGroup{&group, account.provider, instance.region});
    }
    for (const ManagedLoadBalancer& balancer : account.load_balancers)
      for (const CloudSecurityGroup& group : balancer.security_groups)
        groups.try_emplace(group.id, LiveGroup{&group, account.provider, balancer.region});
  }
  return groups;
}

// Every protocol: Tencent writes ALL, Terraform "ALL" or nothing.
std::string protocol_of(std::string_view protocol) {
  const std::string lower = to_lower_ascii(protocol);
  return lower.empty() || lower == "-1" ? "all" : lower;
}

std::vector<PortRange> sorted(std::vector<PortRange> ports) {
  std::sort(ports.begin(), ports.end(), [](const PortRange& a, const PortRange& b) {
    return a.first != b.first ? a.first < b.first : a.last < b.last;
  });
  return ports;
}

// The same action, protocol and ports (the source aside).
bool same_shape(const CloudGroupRule& live, const NetworkRule& code) {
  return live.accept == (code.action == NetworkRule::Action::accept) &&
         protocol_of(live.protocol) == protocol_of(code.protocol) &&
         sorted(live.ports) == sorted(code.ports);
}

std::string live_source(const CloudGroupRule& rule) {
  return rule.source_reference.empty() ? rule.source : rule.source_reference;
}

std::string describe(const CloudGroupRule& rule) {
  return std::string(rule.accept ? "accept " : "drop ") + protocol_of(rule.protocol) + " " +
         ports_text(rule.ports) + " from " + live_source(rule);
}

std::string place(const NetworkRule& rule) {
  return rule.location.path + ":" + std::to_string(rule.location.line);
}

Verdict judge_drift(const CloudSecurityGroup& group, const std::vector<const NetworkRule*>& code) {
  // Every rule's place for the evidence; each resource once, with its file, for the message.
  std::vector<std::string> places, resources, absent, unknown;
  for (const NetworkRule* rule : code) {
    places.push_back(place(*rule));
    const std::string resource = rule->resource + " (" + rule->location.path + ")";
    if (!contains(resources, resource)) resources.push_back(resource);
  }
  for (const CloudGroupRule& live : group.inbound) {
    bool declared = false, maybe = false;
    for (const NetworkRule* rule : code) {
      if (!same_shape(live, *rule)) continue;
      declared = declared || contains(rule->sources, live_source(live));
      maybe = maybe || !rule->unresolved_sources.empty();
    }
    if (!declared) (maybe ? unknown : absent).push_back(describe(live));
  }
  json evidence = {{"security_group", group.id}, {"declared_at", places}};
  if (!absent.empty()) {
    evidence["absent_from_code"] = absent;
    return {Status::fail,
            "live rules of " + group.id + " that the code managing it (" + join(resources) +
                ") does not declare: " + join(absent, "; "),
            evidence};
  }
  if (!unknown.empty()) {
    evidence["source_not_resolved"] = unknown;
    return {Status::warn,
            "live rules of " + group.id +
                " that only a code rule with an unresolved source could "
                "declare: " +
                join(unknown, "; "),
            evidence};
  }
  return {Status::pass,
          "every live inbound rule of " + group.id + " is declared in the code managing it (" +
              join(resources) + ")",
          evidence};
}

}  // namespace

const std::vector<CheckSpec>& group_drift_specs() {
  static const std::vector<CheckSpec> specs = {
      {"CLOUD-011",
       "A live security group that infrastructure code manages has no rule the code lacks",
       Layer::network, Severity::medium, references_of(managed_instance_specs(), "CLOUD-002"),
       "Declare the rule in the code that manages the group (and review it there), or remove it "
       "from the group in the console.",
       "`--cloud` with infrastructure files in the same environment: a live security group "
       "of a managed instance or of a load balancer that the code names by its id (Terraform "
       "`security_group_id = \"sg-…\"` on `tencentcloud_security_group_rule`, `_rule_set` or "
       "`_lite_rule`, literally or through a variable's default) has no inbound rule the "
       "code does not declare (the same action, protocol, ports and source); a rule added in "
       "the console is drift — medium (warn where only a code rule whose source the reader "
       "could not resolve could declare it)."},
  };
  return specs;
}

std::vector<Finding> check_group_drift(const std::vector<NetworkRule>& code_rules,
                                       const std::vector<CloudAccountFacts>& clouds,
                                       const Policy& policy) {
  std::map<std::string, std::vector<const NetworkRule*>> by_group;
  for (const NetworkRule& rule : code_rules)
    if (!rule.group.empty() && rule.direction == NetworkRule::Direction::ingress)
      by_group[rule.group].push_back(&rule);
  std::vector<Finding> findings;
  for (const auto& [id, live] : live_groups(clouds)) {
    const auto code = by_group.find(id);
    if (code == by_group.end()) continue;
    findings.push_back(make_finding(group_drift_specs()[0], policy,
                                    Subject::cloud(live.provider + ":" + live.region + "/" + id),
                                    judge_drift(*live.group, code->second)));
  }
  return findings;
}

}  // namespace mongoscan
