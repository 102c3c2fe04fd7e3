#include "scanner/infra/cloudformation_template.h"

#include <optional>
#include <string>

#include "scanner/ascii_case.h"
#include "scanner/infra/port_range_text.h"
#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

// IpProtocol -1: every protocol, on every port whatever FromPort and ToPort say (EC2 API
// reference, IpPermission).
constexpr std::string_view kEveryIpProtocol = "-1";

// FromPort or ToPort -1: every ICMP type or code.
constexpr std::string_view kEveryIcmpTypeOrCode = "-1";

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

// FromPort..ToPort; an empty list for every port; nullopt (and a problem) when a function gives
// either.
std::optional<std::vector<PortRange>> cloudformation_ports(const YAML::Node& entry,
                                                           const NetworkRule& rule,
                                                           ExposureScan& scan) {
  if (rule.protocol == kEveryIpProtocol) return std::vector<PortRange>{};
  const YAML::Node from = yaml_child(entry, "FromPort");
  const YAML::Node to = yaml_child(entry, "ToPort");
  if (yaml_reference(from) || yaml_reference(to)) {
    scan.problems.push_back(rule.location.path + ":" + std::to_string(rule.location.line) + ": " +
                            rule.resource + " takes its ports from a parameter or function");
    return std::nullopt;
  }
  const auto from_text = yaml_text(from);
  const auto to_text = yaml_text(to);
  if (!from_text || *from_text == kEveryIcmpTypeOrCode) return std::vector<PortRange>{};
  const auto first = parse_port_number(*from_text);
  const auto last = to_text ? parse_port_number(*to_text) : first;
  if (!first || !last || *last < *first) return std::vector<PortRange>{};
  return std::vector<PortRange>{PortRange{*first, *last}};
}

void add_cloudformation_rule(const YAML::Node& entry, std::string_view resource,
                             NetworkRule::Direction direction, std::string_view path,
                             ExposureScan& scan) {
  if (!entry.IsMap()) return;
  NetworkRule rule;
  rule.location = FileLocation{std::string(path), yaml_line(entry), 0};
  rule.format = "cloudformation";
  rule.resource = std::string(resource);
  rule.direction = direction;
  const YAML::Node protocol = yaml_child(entry, "IpProtocol");
  rule.protocol =
      to_lower_ascii(yaml_text(protocol).value_or(yaml_reference(protocol).value_or("")));
  auto ports = cloudformation_ports(entry, rule, scan);
  if (!ports) return;
  rule.ports = std::move(*ports);
  for (std::string_view key : peer_keys(direction).addresses) {
    const YAML::Node peer = yaml_child(entry, key);
    if (auto text = yaml_text(peer))
      rule.sources.push_back(*text);
    else if (auto reference = yaml_reference(peer))
      rule.unresolved_sources.push_back(*reference);
  }
  for (std::string_view key : peer_keys(direction).groups) {
    const YAML::Node peer = yaml_child(entry, key);
    if (auto text = yaml_text(peer))
      rule.sources.push_back(*text);
    else if (auto reference = yaml_reference(peer)) {
      rule.sources.push_back("security_group " + *reference);
    }
  }
  scan.rules.push_back(std::move(rule));
}

void read_security_group_rules(const YAML::Node& rules, const std::string& resource,
                               NetworkRule::Direction direction, std::string_view path,
                               ExposureScan& scan) {
  if (!rules.IsSequence()) return;
  for (const auto& entry : rules) add_cloudformation_rule(entry, resource, direction, path, scan);
}

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
  const YAML::Node resources = yaml_child(document, "Resources");
  if (!resources.IsMap()) return;
  for (const auto& resource : resources) {
    const std::string type = yaml_text(yaml_child(resource.second, "Type")).value_or("");
    const std::string name = type + " " + resource.first.Scalar();
    const YAML::Node properties = yaml_child(resource.second, "Properties");
    if (type == "AWS::EC2::SecurityGroup") {
      read_security_group_rules(yaml_child(properties, "SecurityGroupIngress"), name,
                                NetworkRule::Direction::ingress, path, scan);
      read_security_group_rules(yaml_child(properties, "SecurityGroupEgress"), name,
                                NetworkRule::Direction::egress, path, scan);
    } else if (type == "AWS::EC2::SecurityGroupIngress") {
      add_cloudformation_rule(properties, name, NetworkRule::Direction::ingress, path, scan);
    } else if (type == "AWS::EC2::SecurityGroupEgress") {
      add_cloudformation_rule(properties, name, NetworkRule::Direction::egress, path, scan);
    }
  }
}

}  // namespace mongoscan
