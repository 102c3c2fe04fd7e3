#include "checks/infrastructure/network_exposure.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "checks/infrastructure/port_exposure.h"
#include "checks/infrastructure/source_range.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

Subject subject_of(const FileLocation& location) {
  return Subject::file(location.path, location.line, location.column > 0 ? location.column : 1);
}

// NET-005 on one rule: nothing when it lets no public source reach a MongoDB port.
std::optional<Finding> judge_rule(const CheckSpec& spec, const NetworkRule& rule,
                                  const Policy& policy) {
  if (rule.direction != NetworkRule::Direction::ingress ||
      rule.action != NetworkRule::Action::accept || !carries_tcp(rule.protocol)) {
    return std::nullopt;
  }
  const std::vector<std::string> reached = mongodb_ports_reached(rule.ports, policy.exposure);
  if (reached.empty()) return std::nullopt;
  const auto [anywhere, wide] = public_sources(rule.sources, policy.exposure);
  const json evidence = {{"format", rule.format},
                         {"resource", rule.resource},
                         {"protocol", rule.protocol.empty() ? "all" : rule.protocol},
                         {"ports", ports_json(rule.ports)},
                         {"mongodb_ports", reached},
                         {"sources", rule.sources},
                         {"unresolved_sources", rule.unresolved_sources}};
  const std::string what = rule.resource + " lets ";
  const std::string to = " reach MongoDB port " + join(reached);
  if (!anywhere.empty()) {
    return make_finding(
        spec, policy, subject_of(rule.location),
        {Status::fail, what + "any address (" + join(anywhere) + ")" + to, evidence});
  }
  if (!wide.empty()) {
    Finding finding =
        make_finding(spec, policy, subject_of(rule.location),
                     {Status::fail,
                      what + "the public range " + join(wide) + to + ", wider than the policy's /" +
                          std::to_string(policy.exposure.widest_public_prefix_v4) + " (IPv4) or /" +
                          std::to_string(policy.exposure.widest_public_prefix_v6) + " (IPv6)",
                      evidence});
    if (!policy.severity_overrides.contains(spec.id)) finding.severity = Severity::medium;
    return finding;
  }
  if (!rule.unresolved_sources.empty() && rule.sources.empty()) {
    return make_finding(spec, policy, subject_of(rule.location),
                        {Status::warn,
                         what + join(rule.unresolved_sources) + to +
                             ": its value is not in the file, so its reach is unknown",
                         evidence});
  }
  return std::nullopt;
}

// The restrictions of an endpoint that let any address through ("0.0.0.0/0" among
// loadBalancerSourceRanges): they restrict nothing.
std::vector<std::string> open_restrictions(const NetworkEndpoint& endpoint) {
  std::vector<std::string> open;
  for (const std::string& restriction : endpoint.source_restrictions) {
    if (classify_source(restriction).reach == SourceReach::anywhere) open.push_back(restriction);
  }
  return open;
}

// What an endpoint does with the MongoDB ports it reaches, by kind, and what it lacks: "is a
// public load balancer in front of MongoDB port 27017 with no security group or source ranges".
std::string endpoint_exposure(const NetworkEndpoint& endpoint, const std::string& ports) {
  if (endpoint.kind == "load_balancer") {
    return " is a public load balancer in front of MongoDB port " + ports +
           " with no security group or source ranges";
  }
  if (endpoint.kind == "host_network") {
    return " runs on the host's network: MongoDB port " + ports +
           " listens on every host interface, with no source restriction";
  }
  return (endpoint.kind == "node_port" ? " opens MongoDB port " : " publishes MongoDB port ") +
         ports + " on every interface, with no source restriction";
}

// NET-006 on one endpoint: nothing when it faces no network, reaches no MongoDB port or limits
// its sources.
std::optional<Finding> judge_endpoint(const CheckSpec& spec, const NetworkEndpoint& endpoint,
                                      const Policy& policy) {
  const std::vector<std::string> open = open_restrictions(endpoint);
  if (!endpoint.public_facing || open.size() != endpoint.source_restrictions.size())
    return std::nullopt;
  const std::vector<std::string> reached = mongodb_ports_reached(endpoint.ports, policy.exposure);
  if (reached.empty() || endpoint.ports.empty()) return std::nullopt;
  const json evidence = {
      {"format", endpoint.format}, {"resource", endpoint.resource},
      {"kind", endpoint.kind},     {"ports", ports_json(endpoint.ports)},
      {"mongodb_ports", reached},  {"source_restrictions", endpoint.source_restrictions}};
  const bool load_balancer = endpoint.kind == "load_balancer";
  const std::string message =
      open.empty()
          ? endpoint.resource + endpoint_exposure(endpoint, join(reached))
          : endpoint.resource + " faces the network in front of MongoDB port " + join(reached) +
                " with source ranges that let any address through (" + join(open) + ")";
  Finding finding =
      make_finding(spec, policy, subject_of(endpoint.location), {Status::fail, message, evidence});
  // A published port, NodePort or host-network server is open on the host's or node's
  // interfaces: how far that reaches depends on the host's own firewall, which the file does not
  // show.
  if (!load_balancer && !policy.severity_overrides.contains(spec.id))
    finding.severity = Severity::medium;
  return finding;
}

// At most kListedPerFile findings of one check in one file; the rest of that file's are counted
// into one finding (failing if any of them failed, at the worst of their severities), as the
// credentials a file holds past the scanner's cap are: a generated file of 100,000 NodePorts
// costs a line, not a gigabyte of findings.
constexpr std::size_t kListedPerFile = 100;

class FindingsPerFile {
 public:
  void add(Finding finding, std::vector<Finding>& findings) {
    const Key key{finding.check_id, finding.subject.name};
    if (++counts_[key] <= kListedPerFile) {
      findings.push_back(std::move(finding));
      return;
    }
    Unlisted& unlisted = unlisted_[key];
    ++unlisted.count;
    if (finding.status == Status::fail) {
      unlisted.failed = true;
      unlisted.worst = std::max(unlisted.worst, finding.severity);
    }
  }

  void add_summaries(const Policy& policy, std::vector<Finding>& findings) const {
    for (const auto& [key, unlisted] : unlisted_) {
      const CheckSpec& spec = key.first == network_exposure_specs()[0].id
                                  ? network_exposure_specs()[0]
                                  : network_exposure_specs()[1];
      Finding finding = make_finding(
          spec, policy, Subject{Subject::Kind::file, key.second, std::nullopt, std::nullopt},
          {unlisted.failed ? Status::fail : Status::warn,
           std::to_string(unlisted.count) + " more findings of " + key.first +
               " in this file, not listed (the first " + std::to_string(kListedPerFile) + " are)",
           json{{"not_listed", unlisted.count}, {"listed", kListedPerFile}}});
      if (unlisted.failed && !policy.severity_overrides.contains(spec.id))
        finding.severity = unlisted.worst;
      findings.push_back(std::move(finding));
    }
  }

 private:
  using Key = std::pair<std::string, std::string>;  // check, file
  struct Unlisted {
    std::size_t count = 0;
    bool failed = false;
    Severity worst = Severity::info;
  };
  std::map<Key, std::size_t> counts_;
  std::map<Key, Unlisted> unlisted_;
};

}  // namespace

const std::vector<CheckSpec>& network_exposure_specs() {
  static const std::vector<CheckSpec> specs = {
      {"NET-005",
       "No firewall or security group rule opens a MongoDB port to the internet",
       Layer::network,
       Severity::high,
       {{Framework::devspec, "A3.2", "Network: security group policy"},
        {Framework::devspec, "A2.5",
         "No disabled authentication and no arbitrary public exposure in production"},
        {Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Allow MongoDB's ports only from named client addresses, private ranges or security groups; "
       "remove 0.0.0.0/0, ::/0 and wide public ranges (list the company's egress addresses in the "
       "policy's exposure.allowed_sources).",
       "No firewall, security group or access-list rule in the scanned infrastructure files "
       "lets any address (`0.0.0.0/0`, `::/0`, `*`, `Any`, `Internet`, `ALL`) reach a "
       "MongoDB port (27017–27020 and the policy's `exposure.ports`; rules for all ports or "
       "all protocols count) — high — or a public range wider than the policy's `/24` (IPv4) "
       "or `/48` (IPv6) — medium; private ranges, single addresses, DROP/deny and egress "
       "rules are not findings, nor is a source that names a group of instances whatever its "
       "value (security groups, Tencent Cloud `source_sgid`, GCP `source_tags` and "
       "`source_service_accounts`, Azure application security groups: only the group's "
       "members get in); an address whose value is not in the file warns."},
      {"NET-006",
       "Load balancers and published ports in front of MongoDB restrict their sources",
       Layer::network,
       Severity::high,
       {{Framework::devspec, "A3.1", "Network: public exposure surface"},
        {Framework::devspec, "A2.5",
         "No disabled authentication and no arbitrary public exposure in production"},
        {Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Put public access behind a load balancer with a security group (or "
       "loadBalancerSourceRanges) that allows only named client addresses; bind published ports "
       "(and a server on the host's network, with --bind_ip) to 127.0.0.1 or a private address.",
       "No public load balancer (Tencent CLB, AWS NLB/ELB in Terraform or CloudFormation, "
       "Kubernetes `LoadBalancer`, Helm values) in front of a MongoDB port without a "
       "security group or source ranges (ranges that let any address through count as none) "
       "— high — and no Compose port or NodePort published on every interface, nor a MongoDB "
       "server on a Compose service's host network without `--bind_ip` — medium."},
  };
  return specs;
}

std::vector<Finding> check_network_exposure(const ConfigFacts& facts, const Policy& policy) {
  const CheckSpec& rule_spec = network_exposure_specs()[0];
  const CheckSpec& endpoint_spec = network_exposure_specs()[1];
  std::vector<Finding> findings;
  FindingsPerFile listed;
  bool rule_found = false, endpoint_found = false;
  for (const NetworkRule& rule : facts.network_rules) {
    if (auto finding = judge_rule(rule_spec, rule, policy)) {
      rule_found = true;
      listed.add(std::move(*finding), findings);
    }
  }
  for (const NetworkEndpoint& endpoint : facts.network_endpoints) {
    if (auto finding = judge_endpoint(endpoint_spec, endpoint, policy)) {
      endpoint_found = true;
      listed.add(std::move(*finding), findings);
    }
  }
  listed.add_summaries(policy, findings);
  // What a reader could not read is not looked at: said at its file, never passed.
  for (const SkippedFile& unread : facts.infrastructure_unread) {
    findings.push_back(make_finding(
        rule_spec, policy, Subject{Subject::Kind::file, unread.path, std::nullopt, std::nullopt},
        {Status::skipped, "not read as infrastructure: " + unread.reason}));
  }
  const json evidence = {{"infrastructure_files", facts.infrastructure_files},
                         {"rules", facts.network_rules.size()},
                         {"endpoints", facts.network_endpoints.size()}};
  for (const std::string& root : facts.roots) {
    const Subject subject{Subject::Kind::file, root, std::nullopt, std::nullopt};
    if (facts.infrastructure_files == 0) {
      // Nothing was looked at: neither check may pass.
      const Verdict none{
          Status::skipped,
          facts.infrastructure_unread.empty()
              ? "no infrastructure file (Terraform, Kubernetes, Compose, CloudFormation, cloud "
                "export) among the scanned files"
              : "no infrastructure file could be read (" +
                    std::to_string(facts.infrastructure_unread.size()) + " not read)",
          evidence};
      findings.push_back(make_finding(rule_spec, policy, subject, none));
      findings.push_back(make_finding(endpoint_spec, policy, subject, none));
      continue;
    }
    if (!rule_found) {
      findings.push_back(make_finding(
          rule_spec, policy, subject,
          {Status::pass,
           std::to_string(facts.network_rules.size()) +
               " rules read; none opens a MongoDB port to the internet or a wide public range",
           evidence}));
    }
    if (!endpoint_found) {
      findings.push_back(make_finding(
          endpoint_spec, policy, subject,
          {Status::pass,
           std::to_string(facts.network_endpoints.size()) +
               " load balancers and published ports read; none exposes a MongoDB port without a "
               "source restriction",
           evidence}));
    }
  }
  return findings;
}

}  // namespace mongoscan
