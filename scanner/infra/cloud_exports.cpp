#include "scanner/infra/cloud_exports.h"

#include <optional>
#include <string>

#include "scanner/text/ascii_case.h"
#include "scanner/infra/port_range_text.h"

namespace mongoscan {
namespace {

using nlohmann::json;
using Direction = NetworkRule::Direction;
using Action = NetworkRule::Action;

// JSON exports carry no positions; every rule is placed on the file's first line.
constexpr int kCloudExportLine = 1;
constexpr int kCloudExportMaxDepth = 64;

// AWS IpProtocol for every protocol on every port (EC2 API reference, IpPermission).
constexpr std::string_view kAwsEveryProtocol = "-1";

const json& export_member(const json& object, std::string_view key) {
  static const json absent;
  if (!object.is_object()) return absent;
  const auto found = object.find(std::string(key));
  return found == object.end() ? absent : *found;
}

std::optional<std::string> export_text(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  return std::nullopt;
}

std::string export_text_or(const json& value, std::string_view fallback) {
  return export_text(value).value_or(std::string(fallback));
}

void add_export_text(const json& value, std::vector<std::string>& texts) {
  if (auto text = export_text(value); text && !text->empty()) texts.push_back(*text);
}

// Each element's `key` (or each element itself when `key` is empty) of an array of texts or
// objects.
void add_export_texts(const json& array, std::string_view key, std::vector<std::string>& texts) {
  if (!array.is_array()) return;
  for (const auto& element : array)
    add_export_text(key.empty() ? element : export_member(element, key), texts);
}

NetworkRule export_rule(std::string_view path, std::string_view format, std::string resource) {
  NetworkRule rule;
  rule.location = FileLocation{std::string(path), kCloudExportLine, 0};
  rule.format = std::string(format);
  rule.resource = std::move(resource);
  return rule;
}

void add_export_problem(ExposureScan& scan, std::string_view path, const std::string& what) {
  scan.problems.push_back(std::string(path) + ":" + std::to_string(kCloudExportLine) + ": " + what);
}

// --- aws ec2 describe-security-groups ---

bool is_aws_security_group(const json& object) {
  return export_member(object, "IpPermissions").is_array() ||
         export_member(object, "IpPermissionsEgress").is_array();
}

void read_aws_permission(const json& permission, const std::string& resource, Direction direction,
                         std::string_view path, ExposureScan& scan) {
  NetworkRule rule = export_rule(path, "aws-cli", resource);
  rule.direction = direction;
  rule.protocol = to_lower_ascii(export_text_or(export_member(permission, "IpProtocol"), ""));
  const json& from = export_member(permission, "FromPort");
  const json& to = export_member(permission, "ToPort");
  if (rule.protocol != kAwsEveryProtocol && from.is_number_integer() && to.is_number_integer() &&
      from.get<long long>() >= 0 && to.get<long long>() >= from.get<long long>() &&
      to.get<long long>() <= 65535) {
    rule.ports.push_back(PortRange{from.get<std::uint16_t>(), to.get<std::uint16_t>()});
  }
  add_export_texts(export_member(permission, "IpRanges"), "CidrIp", rule.sources);
  add_export_texts(export_member(permission, "Ipv6Ranges"), "CidrIpv6", rule.sources);
  add_export_texts(export_member(permission, "UserIdGroupPairs"), "GroupId", rule.sources);
  add_export_texts(export_member(permission, "PrefixListIds"), "PrefixListId", rule.sources);
  scan.rules.push_back(std::move(rule));
}

void read_aws_security_group(const json& group, std::string_view path, ExposureScan& scan) {
  std::string resource = export_text_or(export_member(group, "GroupId"), "(no GroupId)");
  if (auto name = export_text(export_member(group, "GroupName"))) resource += " (" + *name + ")";
  for (const auto& [key, direction] : {std::pair{"IpPermissions", Direction::ingress},
                                       std::pair{"IpPermissionsEgress", Direction::egress}}) {
    const json& permissions = export_member(group, key);
    if (!permissions.is_array()) continue;
    for (const auto& permission : permissions) {
      read_aws_permission(permission, resource, direction, path, scan);
    }
  }
}

// --- Tencent Cloud DescribeSecurityGroupPolicies ---

bool is_tencent_policy_set(const json& object) {
  return export_member(object, "SecurityGroupPolicySet").is_object();
}

void read_tencent_policy(const json& policy, const std::string& resource, Direction direction,
                         std::string_view path, ExposureScan& scan) {
  NetworkRule rule = export_rule(path, "tencentcloud-cli", resource);
  rule.direction = direction;
  rule.action =
      equals_ignore_case(export_text_or(export_member(policy, "Action"), "ACCEPT"), "DROP")
          ? Action::drop
          : Action::accept;
  rule.protocol = to_lower_ascii(export_text_or(export_member(policy, "Protocol"), "all"));
  if (const auto port = export_text(export_member(policy, "Port"));
      port && rule.protocol != "all") {
    const auto ranges = parse_port_ranges(*port);
    if (!ranges) {
      add_export_problem(scan, path,
                         resource + " has port \"" + *port + "\", which is no port list");
      return;
    }
    rule.ports = *ranges;
  }
  const json& service_template = export_member(policy, "ServiceTemplate");
  if (export_text(export_member(service_template, "ServiceId")).value_or("") != "" ||
      export_text(export_member(service_template, "ServiceGroupId")).value_or("") != "") {
    add_export_problem(scan, path, resource + " takes its ports from a parameter template");
    return;
  }
  add_export_text(export_member(policy, "CidrBlock"), rule.sources);
  add_export_text(export_member(policy, "Ipv6CidrBlock"), rule.sources);
  add_export_text(export_member(policy, "SecurityGroupId"), rule.sources);
  const json& address_template = export_member(policy, "AddressTemplate");
  add_export_text(export_member(address_template, "AddressId"), rule.unresolved_sources);
  add_export_text(export_member(address_template, "AddressGroupId"), rule.unresolved_sources);
  scan.rules.push_back(std::move(rule));
}

void read_tencent_policy_set(const json& holder, std::string_view path, ExposureScan& scan) {
  const json& set = export_member(holder, "SecurityGroupPolicySet");
  for (const auto& [key, direction] :
       {std::pair{"Ingress", Direction::ingress}, std::pair{"Egress", Direction::egress}}) {
    const json& policies = export_member(set, key);
    if (!policies.is_array()) continue;
    for (std::size_t i = 0; i < policies.size(); ++i) {
      const json& policy = policies[i];
      const std::string index =
          export_text_or(export_member(policy, "PolicyIndex"), std::to_string(i));
      read_tencent_policy(policy, std::string("SecurityGroupPolicySet.") + key + "[" + index + "]",
                          direction, path, scan);
    }
  }
}

// --- gcloud compute firewall-rules list ---

bool is_gcloud_firewall(const json& object) {
  return export_member(object, "direction").is_string() &&
         (export_member(object, "allowed").is_array() ||
          export_member(object, "denied").is_array());
}

void read_gcloud_firewall(const json& firewall, std::string_view path, ExposureScan& scan) {
  if (export_member(firewall, "disabled") == true) return;
  const std::string resource =
      export_text_or(export_member(firewall, "name"), "(unnamed firewall)");
  const bool egress =
      equals_ignore_case(export_text_or(export_member(firewall, "direction"), ""), "EGRESS");
  std::vector<std::string> peers;
  if (egress) {
    add_export_texts(export_member(firewall, "destinationRanges"), "", peers);
  } else {
    add_export_texts(export_member(firewall, "sourceRanges"), "", peers);
    add_export_texts(export_member(firewall, "sourceTags"), "", peers);
    add_export_texts(export_member(firewall, "sourceServiceAccounts"), "", peers);
  }
  for (const auto& [key, action] :
       {std::pair{"allowed", Action::accept}, std::pair{"denied", Action::drop}}) {
    const json& entries = export_member(firewall, key);
    if (!entries.is_array()) continue;
    for (const auto& entry : entries) {
      NetworkRule rule = export_rule(path, "gcloud", resource);
      rule.direction = egress ? Direction::egress : Direction::ingress;
      rule.action = action;
      rule.protocol = to_lower_ascii(export_text_or(export_member(entry, "IPProtocol"), "all"));
      std::vector<std::string> ports;
      add_export_texts(export_member(entry, "ports"), "", ports);
      bool ports_read = true;
      for (const auto& port : ports) {
        const auto ranges = parse_port_ranges(port);
        if (!ranges || ranges->empty()) {
          add_export_problem(scan, path,
                             resource + " has port \"" + port + "\", which is no port list");
          ports_read = false;
          break;
        }
        rule.ports.insert(rule.ports.end(), ranges->begin(), ranges->end());
      }
      if (!ports_read) continue;
      rule.sources = peers;
      scan.rules.push_back(std::move(rule));
    }
  }
}

// --- az network nsg list / az network nsg rule list ---

// A rule's fields: flat as the Azure CLI prints them, or under `properties` as the REST API does.
const json& azure_fields(const json& object) {
  const json& properties = export_member(object, "properties");
  return properties.is_object() ? properties : object;
}

bool is_azure_security_rule(const json& object) {
  const json& fields = azure_fields(object);
  return export_member(fields, "access").is_string() &&
         export_member(fields, "direction").is_string();
}

bool is_azure_network_security_group(const json& object) {
  const json& fields = azure_fields(object);
  return export_member(fields, "securityRules").is_array() ||
         export_member(fields, "defaultSecurityRules").is_array();
}

void read_azure_security_rule(const json& rule_object, std::string_view group,
                              std::string_view path, ExposureScan& scan) {
  const json& fields = azure_fields(rule_object);
  std::string resource(group);
  if (!resource.empty()) resource += "/";
  resource += export_text_or(export_member(rule_object, "name"), "(unnamed rule)");
  NetworkRule rule = export_rule(path, "azure-cli", resource);
  const bool outbound =
      equals_ignore_case(export_text_or(export_member(fields, "direction"), ""), "Outbound");
  rule.direction = outbound ? Direction::egress : Direction::ingress;
  rule.action = equals_ignore_case(export_text_or(export_member(fields, "access"), ""), "Deny")
                    ? Action::drop
                    : Action::accept;
  rule.protocol = to_lower_ascii(export_text_or(export_member(fields, "protocol"), "*"));
  std::vector<std::string> ports;
  add_export_text(export_member(fields, "destinationPortRange"), ports);
  add_export_texts(export_member(fields, "destinationPortRanges"), "", ports);
  for (const auto& port : ports) {
    const auto ranges = parse_port_ranges(port);
    if (!ranges) {
      add_export_problem(scan, path,
                         resource + " has port \"" + port + "\", which is no port list");
      return;
    }
    if (ranges->empty()) {
      rule.ports.clear();
      break;
    }
    rule.ports.insert(rule.ports.end(), ranges->begin(), ranges->end());
  }
  const std::string side = outbound ? "destination" : "source";
  add_export_text(export_member(fields, side + "AddressPrefix"), rule.sources);
  add_export_texts(export_member(fields, side + "AddressPrefixes"), "", rule.sources);
  add_export_texts(export_member(fields, side + "ApplicationSecurityGroups"), "id", rule.sources);
  scan.rules.push_back(std::move(rule));
}

void read_azure_network_security_group(const json& group, std::string_view path,
                                       ExposureScan& scan) {
  const std::string name = export_text_or(export_member(group, "name"), "(unnamed nsg)");
  const json& fields = azure_fields(group);
  for (std::string_view key : {"securityRules", "defaultSecurityRules"}) {
    const json& rules = export_member(fields, key);
    if (!rules.is_array()) continue;
    for (const auto& rule : rules) {
      if (is_azure_security_rule(rule)) read_azure_security_rule(rule, name, path, scan);
    }
  }
}

// --- MongoDB Atlas project IP access list ---

bool is_atlas_access_list_entry(const json& object) {
  return export_member(object, "groupId").is_string() &&
         (export_member(object, "cidrBlock").is_string() ||
          export_member(object, "ipAddress").is_string() ||
          export_member(object, "awsSecurityGroup").is_string());
}

void read_atlas_access_list_entry(const json& entry, std::string_view path, ExposureScan& scan) {
  NetworkRule rule = export_rule(
      path, "atlas",
      "Atlas project " + export_text_or(export_member(entry, "groupId"), "") + " access list");
  rule.protocol = "tcp";
  // A single address comes as both ipAddress and its /32 cidrBlock: keep one.
  if (!export_member(entry, "cidrBlock").is_string()) {
    add_export_text(export_member(entry, "ipAddress"), rule.sources);
  }
  add_export_text(export_member(entry, "cidrBlock"), rule.sources);
  add_export_text(export_member(entry, "awsSecurityGroup"), rule.sources);
  scan.rules.push_back(std::move(rule));
}

// --- the walk ---

void walk_cloud_export(const json& node, int depth, std::string_view path, ExposureScan& scan) {
  if (depth > kCloudExportMaxDepth) return;
  if (node.is_array()) {
    for (const auto& element : node) walk_cloud_export(element, depth + 1, path, scan);
    return;
  }
  if (!node.is_object()) return;
  if (is_aws_security_group(node)) return read_aws_security_group(node, path, scan);
  if (is_tencent_policy_set(node)) return read_tencent_policy_set(node, path, scan);
  if (is_gcloud_firewall(node)) return read_gcloud_firewall(node, path, scan);
  if (is_azure_network_security_group(node)) {
    return read_azure_network_security_group(node, path, scan);
  }
  if (is_azure_security_rule(node)) return read_azure_security_rule(node, "", path, scan);
  if (is_atlas_access_list_entry(node)) return read_atlas_access_list_entry(node, path, scan);
  for (const auto& [key, value] : node.items()) walk_cloud_export(value, depth + 1, path, scan);
}

}  // namespace

ExposureScan read_cloud_export(std::string_view path, const nlohmann::json& document) {
  ExposureScan scan;
  walk_cloud_export(document, 0, path, scan);
  return scan;
}

}  // namespace mongoscan
