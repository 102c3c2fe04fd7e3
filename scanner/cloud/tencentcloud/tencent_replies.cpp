#include "scanner/cloud/tencentcloud/tencent_replies.h"

#include <charconv>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

Error shape_error(const std::string& message) {
  return Error{ErrorCode::protocol, "cloud", "tencentcloud: " + message};
}

// A string member; absent or null reads as empty (the SDK models say most fields may be null).
Result<std::string> optional_string(const json& object, const char* key, const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::string();
  if (!it->is_string()) return shape_error(where + "." + key + " is not a string");
  return it->get<std::string>();
}

Result<std::string> required_string(const json& object, const char* key, const std::string& where) {
  auto text = optional_string(object, key, where);
  if (text && text.value().empty()) return shape_error(where + "." + key + " is missing");
  return text;
}

// An unsigned integer member, or nullopt when absent or null.
Result<std::optional<std::uint64_t>> optional_unsigned(const json& object, const char* key,
                                                       const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::optional<std::uint64_t>();
  if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
    return shape_error(where + "." + key + " is not a whole number");
  return std::optional<std::uint64_t>(it->get<std::uint64_t>());
}

// An array member; absent or null reads as empty.
Result<json> optional_array(const json& object, const char* key, const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return json::array();
  if (!it->is_array()) return shape_error(where + "." + key + " is not a list");
  return *it;
}

// "MONGO_70_WT" → "7.0", "MONGO_36_WT" → "3.6": Tencent's version codes (MongoVersion); anything
// else → "".
std::string version_of(const std::string& code) {
  if (code.size() < 8 || !code.starts_with("MONGO_")) return "";
  const char major = code[6];
  const char minor = code[7];
  const bool digits = major >= '1' && major <= '9' && minor >= '0' && minor <= '9';
  const bool ends = code.size() == 8 || code[8] == '_';
  return digits && ends ? std::string{major, '.', minor} : "";
}

Result<std::uint16_t> port_number(std::string_view text) {
  unsigned value = 0;
  const char* end = text.data() + text.size();
  const auto [next, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || next != end || value == 0 || value > 65535)
    return shape_error("port '" + std::string(text) + "' is not 1 to 65535");
  return static_cast<std::uint16_t>(value);
}

// Where one API keeps a rule's parts: mongodb's SecurityGroupBound and vpc's SecurityGroupPolicy
// carry the same rule under different names; vpc also names a source by address template.
struct RuleFields {
  const char* protocol;
  const char* ports;
  const char* cidr;
  const char* cidr6;      // nullptr: the API has none
  const char* reference;  // another group or an address template
  const char* description;
  bool address_template;  // an AddressTemplate {AddressId, AddressGroupId} may name the source
};

constexpr RuleFields kSecurityGroupBound{"IpProtocol",    "PortRange", "CidrIp", nullptr,
                                         "AddressModule", "Desc",      false};
constexpr RuleFields kSecurityGroupPolicy{
    "Protocol", "Port", "CidrBlock", "Ipv6CidrBlock", "SecurityGroupId", "PolicyDescription", true};

Result<CloudGroupRule> group_rule(const json& object, const RuleFields& fields,
                                  const std::string& where) {
  if (!object.is_object()) return shape_error(where + " is not an object");
  auto action = optional_string(object, "Action", where);
  auto protocol = optional_string(object, fields.protocol, where);
  auto ports = optional_string(object, fields.ports, where);
  auto cidr = optional_string(object, fields.cidr, where);
  auto cidr6 = fields.cidr6 ? optional_string(object, fields.cidr6, where)
                            : Result<std::string>(std::string());
  auto reference = optional_string(object, fields.reference, where);
  auto description = optional_string(object, fields.description, where);
  for (const auto* field : {&action, &protocol, &ports, &cidr, &cidr6, &reference, &description})
    if (!*field) return field->error();
  if (action.value() != "ACCEPT" && action.value() != "DROP")
    return shape_error(where + ".Action is '" + action.value() + "', not ACCEPT or DROP");
  CloudGroupRule rule;
  rule.accept = action.value() == "ACCEPT";
  rule.protocol = to_lower_ascii(protocol.value());
  auto ranges = tencent_port_ranges(ports.value().empty() ? "ALL" : ports.value());
  if (!ranges) return ranges.error();
  rule.ports = std::move(ranges).value();
  rule.source = !cidr.value().empty() ? cidr.value() : cidr6.value();
  rule.source_reference = reference.value();
  const auto address_template = object.find("AddressTemplate");
  if (fields.address_template && rule.source_reference.empty() &&
      address_template != object.end() && address_template->is_object()) {
    auto address = optional_string(*address_template, "AddressId", where + ".AddressTemplate");
    auto group = optional_string(*address_template, "AddressGroupId", where + ".AddressTemplate");
    if (!address) return address.error();
    if (!group) return group.error();
    rule.source_reference = !address.value().empty() ? address.value() : group.value();
  }
  rule.description = description.value();
  if (rule.source.empty() && rule.source_reference.empty())
    return shape_error(where + " names no source");
  return rule;
}

std::string upper_case(std::string text) {
  for (char& c : text)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return text;
}

// A list of strings member; absent or null reads as empty.
Result<std::vector<std::string>> optional_strings(const json& object, const char* key,
                                                  const std::string& where) {
  auto list = optional_array(object, key, where);
  if (!list) return list.error();
  std::vector<std::string> texts;
  for (const json& item : list.value()) {
    if (!item.is_string())
      return shape_error(where + "." + key + " holds a value that is not a string");
    texts.push_back(item.get<std::string>());
  }
  return texts;
}

// The targets of one ListenerBackend or RuleTargets' Targets list, forwarded from `port`.
Result<Ok> add_targets(const json& holder, const std::string& protocol, std::uint16_t port,
                       const std::string& where, std::vector<LoadBalancerForward>& forwards) {
  auto targets = optional_array(holder, "Targets", where);
  if (!targets) return targets.error();
  for (const json& target : targets.value()) {
    if (!target.is_object()) return shape_error(where + ".Targets holds a value that is no object");
    auto target_port = optional_unsigned(target, "Port", where + ".Targets");
    if (!target_port) return target_port.error();
    if (!target_port.value() || *target_port.value() == 0 || *target_port.value() > 65535)
      return shape_error(where + ".Targets[].Port is not 1 to 65535");
    auto addresses = optional_strings(target, "PrivateIpAddresses", where + ".Targets");
    if (!addresses) return addresses.error();
    for (const std::string& address : addresses.value()) {
      forwards.push_back({protocol, port, address + ":" + std::to_string(*target_port.value())});
    }
  }
  return Ok{};
}

}  // namespace

Result<std::vector<PortRange>> tencent_port_ranges(const std::string& text) {
  std::vector<PortRange> ranges;
  if (equals_ignore_case(text, "ALL")) return ranges;
  std::string_view rest = text;
  while (true) {
    const std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    while (item.starts_with(' ')) item.remove_prefix(1);
    while (item.ends_with(' ')) item.remove_suffix(1);
    const std::size_t dash = item.find('-');
    auto first = port_number(item.substr(0, dash));
    if (!first) return first.error();
    auto last = dash == std::string_view::npos ? first : port_number(item.substr(dash + 1));
    if (!last) return last.error();
    if (last.value() < first.value())
      return shape_error("port range '" + std::string(item) + "' ends before it starts");
    ranges.push_back({first.value(), last.value()});
    if (comma == std::string_view::npos) return ranges;
    rest.remove_prefix(comma + 1);
  }
}

Result<ManagedLoadBalancer> tencent_load_balancer(const json& balancer, const std::string& region) {
  if (!balancer.is_object()) return shape_error("a LoadBalancer is not an object");
  auto id = required_string(balancer, "LoadBalancerId", "LoadBalancer");
  if (!id) return id.error();
  const std::string where = "LoadBalancer " + id.value();
  auto name = optional_string(balancer, "LoadBalancerName", where);
  auto type = optional_string(balancer, "LoadBalancerType", where);
  auto vips = optional_strings(balancer, "LoadBalancerVips", where);
  auto groups = optional_strings(balancer, "SecureGroups", where);
  if (!name) return name.error();
  if (!type) return type.error();
  if (!vips) return vips.error();
  if (!groups) return groups.error();
  if (type.value() != "OPEN" && type.value() != "INTERNAL")
    return shape_error(where + ".LoadBalancerType is '" + type.value() + "', not OPEN or INTERNAL");
  const auto pass = balancer.find("LoadBalancerPassToTarget");
  if (pass != balancer.end() && !pass->is_null() && !pass->is_boolean())
    return shape_error(where + ".LoadBalancerPassToTarget is not true or false");
  ManagedLoadBalancer read;
  read.region = region;
  read.id = id.value();
  read.name = name.value();
  read.public_facing = type.value() == "OPEN";
  read.vips = vips.value();
  read.security_group_ids = groups.value();
  read.passes_to_target = pass != balancer.end() && pass->is_boolean() && pass->get<bool>();
  return read;
}

Result<std::vector<LoadBalancerForward>> tencent_load_balancer_forwards(const json& response) {
  auto listeners = optional_array(response, "Listeners", "DescribeTargets");
  if (!listeners) return listeners.error();
  std::vector<LoadBalancerForward> forwards;
  for (const json& listener : listeners.value()) {
    if (!listener.is_object()) return shape_error("a ListenerBackend is not an object");
    const std::string where = "ListenerBackend";
    auto protocol = optional_string(listener, "Protocol", where);
    if (!protocol) return protocol.error();
    auto port = optional_unsigned(listener, "Port", where);
    if (!port) return port.error();
    if (!port.value() || *port.value() == 0 || *port.value() > 65535)
      return shape_error(where + ".Port is not 1 to 65535");
    const auto listener_port = static_cast<std::uint16_t>(*port.value());
    const std::string upper = upper_case(protocol.value());
    auto direct = add_targets(listener, upper, listener_port, where, forwards);
    if (!direct) return direct.error();
    auto rules = optional_array(listener, "Rules", where);
    if (!rules) return rules.error();
    for (const json& rule : rules.value()) {
      if (!rule.is_object()) return shape_error(where + ".Rules holds a value that is no object");
      auto through_rule = add_targets(rule, upper, listener_port, where + ".Rules", forwards);
      if (!through_rule) return through_rule.error();
    }
  }
  return forwards;
}

Result<CloudSecurityGroup> tencent_security_group_policies(const json& response,
                                                           const std::string& id) {
  const std::string where = "SecurityGroupPolicySet of " + id;
  const auto set = response.find("SecurityGroupPolicySet");
  if (set == response.end() || !set->is_object())
    return shape_error("DescribeSecurityGroupPolicies has no SecurityGroupPolicySet");
  auto ingress = optional_array(*set, "Ingress", where);
  if (!ingress) return ingress.error();
  CloudSecurityGroup group{id, "", {}};
  for (std::size_t index = 0; index < ingress.value().size(); ++index) {
    auto rule = group_rule(ingress.value()[index], kSecurityGroupPolicy,
                           where + ".Ingress[" + std::to_string(index) + "]");
    if (!rule) return rule.error();
    group.inbound.push_back(std::move(rule).value());
  }
  return group;
}

Result<ManagedInstance> tencent_instance(const json& detail, const std::string& region) {
  if (!detail.is_object()) return shape_error("an InstanceDetail is not an object");
  ManagedInstance instance;
  instance.provider = "tencentcloud";
  instance.region = region;
  auto id = required_string(detail, "InstanceId", "InstanceDetail");
  if (!id) return id.error();
  instance.id = std::move(id).value();
  const std::string where = "InstanceDetail " + instance.id;
  auto name = optional_string(detail, "InstanceName", where);
  auto version = optional_string(detail, "MongoVersion", where);
  auto vip = optional_string(detail, "Vip", where);
  auto vpc = optional_string(detail, "VpcId", where);
  for (const auto* field : {&name, &version, &vip, &vpc})
    if (!*field) return field->error();
  instance.name = name.value();
  instance.version = version_of(version.value());
  instance.vip = vip.value();
  instance.vpc_id = vpc.value();
  auto cluster_type = optional_unsigned(detail, "ClusterType", where);
  if (!cluster_type) return cluster_type.error();
  // ClusterType: 0 a replica set, 1 a sharded cluster (InstanceDetail in the SDK models).
  if (cluster_type.value() == 0u) {
    instance.topology = "replica_set";
  } else if (cluster_type.value() == 1u) {
    instance.topology = "sharded";
  } else {
    return shape_error(where + ".ClusterType is neither 0 nor 1");
  }
  auto port = optional_unsigned(detail, "Vport", where);
  if (!port) return port.error();
  if (port.value() && *port.value() > 65535) return shape_error(where + ".Vport is above 65535");
  instance.vport = static_cast<std::uint16_t>(port.value().value_or(0));
  return instance;
}

Result<std::vector<CloudSecurityGroup>> tencent_instance_security_groups(const json& response) {
  auto groups = optional_array(response, "Groups", "DescribeSecurityGroup");
  if (!groups) return groups.error();
  std::vector<CloudSecurityGroup> read;
  for (const json& group : groups.value()) {
    if (!group.is_object()) return shape_error("a SecurityGroup is not an object");
    auto id = required_string(group, "SecurityGroupId", "SecurityGroup");
    if (!id) return id.error();
    const std::string where = "SecurityGroup " + id.value();
    auto name = optional_string(group, "SecurityGroupName", where);
    if (!name) return name.error();
    auto inbound = optional_array(group, "Inbound", where);
    if (!inbound) return inbound.error();
    CloudSecurityGroup facts{id.value(), name.value(), {}};
    for (std::size_t index = 0; index < inbound.value().size(); ++index) {
      auto rule = group_rule(inbound.value()[index], kSecurityGroupBound,
                             where + ".Inbound[" + std::to_string(index) + "]");
      if (!rule) return rule.error();
      facts.inbound.push_back(std::move(rule).value());
    }
    read.push_back(std::move(facts));
  }
  return read;
}

Result<std::vector<ManagedNode>> tencent_instance_nodes(const json& response) {
  std::vector<json> properties;
  auto mongos = optional_array(response, "Mongos", "DescribeDBInstanceNodeProperty");
  if (!mongos) return mongos.error();
  for (const json& node : mongos.value()) properties.push_back(node);
  auto sets = optional_array(response, "ReplicateSets", "DescribeDBInstanceNodeProperty");
  if (!sets) return sets.error();
  for (const json& set : sets.value()) {
    if (!set.is_object()) return shape_error("a ReplicateSetInfo is not an object");
    auto nodes = optional_array(set, "Nodes", "ReplicateSetInfo");
    if (!nodes) return nodes.error();
    for (const json& node : nodes.value()) properties.push_back(node);
  }
  std::vector<ManagedNode> read;
  for (const json& property : properties) {
    if (!property.is_object()) return shape_error("a NodeProperty is not an object");
    auto name = required_string(property, "NodeName", "NodeProperty");
    if (!name) return name.error();
    const std::string where = "NodeProperty " + name.value();
    auto address = optional_string(property, "Address", where);
    auto wan = optional_string(property, "WanServiceAddress", where);
    auto role = optional_string(property, "Role", where);
    for (const auto* field : {&address, &wan, &role})
      if (!*field) return field->error();
    const auto hidden = property.find("Hidden");
    if (hidden != property.end() && !hidden->is_null() && !hidden->is_boolean())
      return shape_error(where + ".Hidden is not true or false");
    read.push_back({name.value(), address.value(), wan.value(), role.value(),
                    hidden != property.end() && hidden->is_boolean() && hidden->get<bool>()});
  }
  return read;
}

Result<bool> tencent_ssl_enabled(const json& response) {
  auto status = optional_unsigned(response, "Status", "DescribeInstanceSSL");
  if (!status) return status.error();
  if (!status.value() || *status.value() > 1)
    return shape_error("DescribeInstanceSSL.Status is neither 0 nor 1");
  return *status.value() == 1;
}

Result<std::vector<std::string>> tencent_audited_instances(const std::vector<json>& items) {
  std::vector<std::string> audited;
  for (const json& item : items) {
    if (!item.is_object()) return shape_error("DescribeAuditInstanceList.Items holds a non-object");
    auto id = required_string(item, "InstanceId", "AuditInstance");
    auto status = optional_string(item, "AuditStatus", "AuditInstance");
    if (!id) return id.error();
    if (!status) return status.error();
    if (status.value() == "ON") audited.push_back(id.value());
  }
  return audited;
}

Result<std::uint64_t> tencent_backup_retention_days(const json& response) {
  auto days = optional_unsigned(response, "BackupSaveTime", "DescribeBackupRules");
  if (!days) return days.error();
  if (!days.value()) return shape_error("DescribeBackupRules.BackupSaveTime is missing");
  return *days.value();
}

Result<std::vector<ManagedAccount>> tencent_accounts(const json& response) {
  auto users = optional_array(response, "Users", "DescribeAccountUsers");
  if (!users) return users.error();
  std::vector<ManagedAccount> accounts;
  for (const json& user : users.value()) {
    if (!user.is_object()) return shape_error("DescribeAccountUsers.Users holds a non-object");
    auto name = required_string(user, "UserName", "UserInfo");
    auto roles = optional_array(user, "AuthRole", "UserInfo");
    if (!name) return name.error();
    if (!roles) return roles.error();
    ManagedAccount account{name.value(), {}};
    for (const json& role : roles.value()) {
      if (!role.is_object()) return shape_error("UserInfo.AuthRole holds a non-object");
      auto mask = optional_unsigned(role, "Mask", "Auth");
      auto name_space = optional_string(role, "NameSpace", "Auth");
      if (!mask) return mask.error();
      if (!name_space) return name_space.error();
      const std::uint64_t value = mask.value().value_or(0);
      if (value != 0 && value != 1 && value != 3)
        return shape_error("Auth.Mask " + std::to_string(value) + " is not 0, 1 or 3");
      account.grants.push_back({static_cast<int>(value), name_space.value()});
    }
    accounts.push_back(std::move(account));
  }
  return accounts;
}

}  // namespace mongoscan
