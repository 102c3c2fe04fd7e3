#include "scanner/infra/cloudformation_template.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "scanner/text/ascii_case.h"
#include "scanner/infra/port_range_text.h"
#include "scanner/infra/yaml_nodes.h"

// Property names are those of the AWS CloudFormation User Guide's resource pages:
// AWS::EC2::SecurityGroup (with its Ingress and Egress property types),
// AWS::EC2::SecurityGroupIngress, AWS::EC2::SecurityGroupEgress,
// AWS::ElasticLoadBalancingV2::LoadBalancer, ::Listener and ::TargetGroup, and
// AWS::ElasticLoadBalancing::LoadBalancer (Classic Load Balancer, with its Listeners).

namespace mongoscan {
namespace {

constexpr std::string_view kCloudFormationFormat = "cloudformation";

// IpProtocol -1: every protocol, on every port whatever FromPort and ToPort say (EC2 API
// reference, IpPermission).
constexpr std::string_view kEveryIpProtocol = "-1";

// FromPort or ToPort -1: every ICMP type or code.
constexpr std::string_view kEveryIcmpTypeOrCode = "-1";

// Scheme "internal": a load balancer whose nodes have only private addresses. Without a Scheme an
// ELB (v2 or Classic) is internet-facing (ElasticLoadBalancingV2 API reference,
// CreateLoadBalancer: "The default is an Internet-facing load balancer").
constexpr std::string_view kInternalScheme = "internal";

// The peers of a rule that are addresses, and those that are security groups or prefix lists.
struct CloudFormationPeerKeys {
  std::vector<std::string_view> addresses;
  std::vector<std::string_view> groups;
};

const CloudFormationPeerKeys& peer_keys(NetworkRule::Direction direction) {
  static const CloudFormationPeerKeys ingress{
      {"CidrIp", "CidrIpv6"},
      {"SourceSecurityGroupId", "SourceSecurityGroupName", "SourcePrefixListId"}};
  static const CloudFormationPeerKeys egress{
      {"CidrIp", "CidrIpv6"}, {"DestinationSecurityGroupId", "DestinationPrefixListId"}};
  return direction == NetworkRule::Direction::ingress ? ingress : egress;
}

// The logical name a `!Ref Name` or `{"Ref": "Name"}` names; nullopt for anything else.
std::optional<std::string> ref_target(const YAML::Node& node) {
  if (node.Tag() == "!Ref" && node.IsScalar()) return node.Scalar();
  if (!node.IsMap() || node.size() != 1) return std::nullopt;
  const YAML::Node name = yaml_child(node, "Ref");
  if (!name.IsScalar()) return std::nullopt;
  return name.Scalar();
}

// Reads one template's security group rules and load balancers into a scan.
class CloudFormationReader {
 public:
  CloudFormationReader(const YAML::Node& document, std::string_view path, ExposureScan& scan)
      : parameters_(yaml_child(document, "Parameters")),
        resources_(yaml_child(document, "Resources")),
        path_(path),
        scan_(scan) {}

  void read() {
    if (!resources_.IsMap()) return;
    for (const auto& resource : resources_) {
      const std::string type = yaml_text(yaml_child(resource.second, "Type")).value_or("");
      const std::string name = type + " " + resource.first.Scalar();
      const YAML::Node properties = yaml_child(resource.second, "Properties");
      if (type == "AWS::EC2::SecurityGroup") {
        read_rules(yaml_child(properties, "SecurityGroupIngress"), name,
                   NetworkRule::Direction::ingress);
        read_rules(yaml_child(properties, "SecurityGroupEgress"), name,
                   NetworkRule::Direction::egress);
      } else if (type == "AWS::EC2::SecurityGroupIngress") {
        add_rule(properties, name, NetworkRule::Direction::ingress);
      } else if (type == "AWS::EC2::SecurityGroupEgress") {
        add_rule(properties, name, NetworkRule::Direction::egress);
      } else if (type == "AWS::ElasticLoadBalancingV2::LoadBalancer" ||
                 type == "AWS::ElasticLoadBalancing::LoadBalancer") {
        add_load_balancer(resource.first, properties, name);
      }
    }
    // Listeners name their load balancer, which may come after them.
    for (const auto& resource : resources_) {
      if (yaml_text(yaml_child(resource.second, "Type")) == "AWS::ElasticLoadBalancingV2::Listener")
        add_listener(resource.first, yaml_child(resource.second, "Properties"));
    }
  }

 private:
  // The text of a scalar, or the literal Default of the parameter a `!Ref` names (the value the
  // stack gets unless it is given another); nullopt for anything else.
  std::optional<std::string> literal(const YAML::Node& node) const {
    if (auto text = yaml_text(node)) return text;
    const auto name = ref_target(node);
    if (!name) return std::nullopt;
    return yaml_text(yaml_child(yaml_child(parameters_, *name), "Default"));
  }

  void problem(int line, const std::string& what) {
    scan_.problems.push_back(std::string(path_) + ":" + std::to_string(line) + ": " + what);
  }

  // FromPort..ToPort; an empty list for every port; nullopt (and a problem) when a function
  // gives either.
  std::optional<std::vector<PortRange>> rule_ports(const YAML::Node& entry,
                                                   const NetworkRule& rule) {
    if (rule.protocol == kEveryIpProtocol) return std::vector<PortRange>{};
    const YAML::Node from = yaml_child(entry, "FromPort");
    const YAML::Node to = yaml_child(entry, "ToPort");
    const auto from_text = literal(from);
    const auto to_text = literal(to);
    if ((!from_text && yaml_reference(from)) || (!to_text && yaml_reference(to))) {
      problem(rule.location.line, rule.resource + " takes its ports from a parameter or function");
      return std::nullopt;
    }
    if (!from_text || *from_text == kEveryIcmpTypeOrCode) return std::vector<PortRange>{};
    const auto first = parse_port_number(*from_text);
    const auto last = to_text ? parse_port_number(*to_text) : first;
    if (!first || !last || *last < *first) return std::vector<PortRange>{};
    return std::vector<PortRange>{PortRange{*first, *last}};
  }

  void add_rule(const YAML::Node& entry, std::string_view resource,
                NetworkRule::Direction direction) {
    if (!entry.IsMap()) return;
    NetworkRule rule;
    rule.location = FileLocation{std::string(path_), yaml_line(entry), 0};
    rule.format = std::string(kCloudFormationFormat);
    rule.resource = std::string(resource);
    rule.direction = direction;
    const YAML::Node protocol = yaml_child(entry, "IpProtocol");
    rule.protocol =
        to_lower_ascii(literal(protocol).value_or(yaml_reference(protocol).value_or("")));
    auto ports = rule_ports(entry, rule);
    if (!ports) return;
    rule.ports = std::move(*ports);
    for (std::string_view key : peer_keys(direction).addresses) {
      const YAML::Node peer = yaml_child(entry, key);
      if (auto text = literal(peer))
        rule.sources.push_back(*text);
      else if (auto reference = yaml_reference(peer))
        rule.unresolved_sources.push_back(*reference);
    }
    for (std::string_view key : peer_keys(direction).groups) {
      const YAML::Node peer = yaml_child(entry, key);
      if (auto text = literal(peer))
        rule.sources.push_back(*text);
      else if (auto reference = yaml_reference(peer))
        rule.sources.push_back("security_group " + *reference);
    }
    scan_.rules.push_back(std::move(rule));
  }

  void read_rules(const YAML::Node& rules, const std::string& resource,
                  NetworkRule::Direction direction) {
    if (!rules.IsSequence()) return;
    for (const auto& entry : rules) add_rule(entry, resource, direction);
  }

  // A port a listener or target group names, added to `endpoint`; a problem when a function
  // gives it.
  void add_port(const YAML::Node& node, const std::string& owner, NetworkEndpoint& endpoint) {
    const auto text = literal(node);
    const auto port = text ? parse_port_number(*text) : std::nullopt;
    if (port && *port != 0) {
      const PortRange range{*port, *port};
      if (std::find(endpoint.ports.begin(), endpoint.ports.end(), range) == endpoint.ports.end())
        endpoint.ports.push_back(range);
    } else if (!text && yaml_reference(node)) {
      problem(yaml_line(node), owner + " takes its port from a parameter or function");
    }
  }

  // An ELB (v2: Application or Network Load Balancer; or Classic) with Scheme and SecurityGroups;
  // a Classic one's Listeners give their LoadBalancerPort and InstancePort.
  void add_load_balancer(const YAML::Node& key, const YAML::Node& properties,
                         const std::string& name) {
    NetworkEndpoint endpoint;
    endpoint.location = FileLocation{std::string(path_), yaml_line(key), 0};
    endpoint.format = std::string(kCloudFormationFormat);
    endpoint.resource = name;
    endpoint.kind = "load_balancer";
    endpoint.public_facing = !equals_ignore_case(
        literal(yaml_child(properties, "Scheme")).value_or(""), kInternalScheme);
    const YAML::Node groups = yaml_child(properties, "SecurityGroups");
    if (groups.IsSequence()) {
      for (const auto& group : groups) {
        if (auto text = literal(group))
          endpoint.source_restrictions.push_back(*text);
        else if (auto reference = yaml_reference(group))
          endpoint.source_restrictions.push_back(*reference);
      }
    } else if (auto reference = yaml_reference(groups)) {
      endpoint.source_restrictions.push_back(*reference);
    }
    const YAML::Node listeners = yaml_child(properties, "Listeners");
    if (listeners.IsSequence()) {
      for (const auto& listener : listeners) {
        add_port(yaml_child(listener, "LoadBalancerPort"), name, endpoint);
        add_port(yaml_child(listener, "InstancePort"), name, endpoint);
      }
    }
    load_balancers_[key.Scalar()] = scan_.endpoints.size();
    scan_.endpoints.push_back(std::move(endpoint));
  }

  // The Port of the target group a `TargetGroupArn` names in this template, added to `endpoint`.
  void add_target_group_port(const YAML::Node& arn, const std::string& owner,
                             NetworkEndpoint& endpoint) {
    const auto target = ref_target(arn);
    if (!target) return;
    const YAML::Node group = yaml_child(resources_, *target);
    if (yaml_text(yaml_child(group, "Type")) != "AWS::ElasticLoadBalancingV2::TargetGroup") return;
    add_port(yaml_child(yaml_child(group, "Properties"), "Port"), owner, endpoint);
  }

  // A listener's Port, and the Port of each target group its default actions forward to, added
  // to the load balancer its LoadBalancerArn names; a problem when that is not one of this
  // template's.
  void add_listener(const YAML::Node& key, const YAML::Node& properties) {
    const std::string name = "AWS::ElasticLoadBalancingV2::Listener " + key.Scalar();
    const auto target = ref_target(yaml_child(properties, "LoadBalancerArn"));
    const auto found = target ? load_balancers_.find(*target) : load_balancers_.end();
    if (found == load_balancers_.end()) {
      problem(yaml_line(key),
              name + ": its LoadBalancerArn names no load balancer of this template");
      return;
    }
    NetworkEndpoint& endpoint = scan_.endpoints[found->second];
    add_port(yaml_child(properties, "Port"), name, endpoint);
    const YAML::Node actions = yaml_child(properties, "DefaultActions");
    if (!actions.IsSequence()) return;
    for (const auto& action : actions) {
      add_target_group_port(yaml_child(action, "TargetGroupArn"), name, endpoint);
      const YAML::Node groups = yaml_child(yaml_child(action, "ForwardConfig"), "TargetGroups");
      if (!groups.IsSequence()) continue;
      for (const auto& group : groups)
        add_target_group_port(yaml_child(group, "TargetGroupArn"), name, endpoint);
    }
  }

  const YAML::Node parameters_;
  const YAML::Node resources_;
  std::string_view path_;
  ExposureScan& scan_;
  std::map<std::string, std::size_t> load_balancers_;  // logical name -> index in scan_.endpoints
};

}  // namespace

bool is_cloudformation_template(const YAML::Node& document) {
  if (!yaml_child(document, "AWSTemplateFormatVersion").IsNull()) return true;
  const YAML::Node resources = yaml_child(document, "Resources");
  if (!resources.IsMap()) return false;
  for (const auto& resource : resources) {
    if (yaml_text(yaml_child(resource.second, "Type")).value_or("").starts_with("AWS::")) {
      return true;
    }
  }
  return false;
}

void read_cloudformation_template(const YAML::Node& document, std::string_view path,
                                  ExposureScan& scan) {
  CloudFormationReader(document, path, scan).read();
}

}  // namespace mongoscan
