#include "scanner/infra/kubernetes_manifest.h"

#include <string>

#include "scanner/text/ascii_case.h"
#include "scanner/infra/kubernetes_service.h"
#include "scanner/infra/port_range_text.h"
#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

constexpr std::string_view kKubernetesFormat = "kubernetes";

// "Service db/mongo", or "Service mongo" without a namespace.
std::string kubernetes_object_name(std::string_view kind, const YAML::Node& object) {
  const YAML::Node metadata = yaml_child(object, "metadata");
  std::string name(kind);
  name += ' ';
  if (const auto space = yaml_text(yaml_child(metadata, "namespace"))) name += *space + "/";
  name += yaml_text(yaml_child(metadata, "name")).value_or("(unnamed)");
  return name;
}

void read_kubernetes_service(const YAML::Node& service, std::string_view path, ExposureScan& scan) {
  const YAML::Node spec = yaml_child(service, "spec");
  const YAML::Node annotations = yaml_child(yaml_child(service, "metadata"), "annotations");
  auto endpoint = service_endpoint(spec, annotations);
  if (!endpoint) return;
  endpoint->location = FileLocation{std::string(path), yaml_line(service), 0};
  endpoint->format = kKubernetesFormat;
  endpoint->resource = kubernetes_object_name("Service", service);
  scan.endpoints.push_back(std::move(*endpoint));
}

// The ipBlock CIDRs among a NetworkPolicy entry's peers (`from` or `to`); pod and namespace
// selectors are no addresses and are left out.
std::vector<std::string> ip_block_peers(const YAML::Node& peers) {
  std::vector<std::string> cidrs;
  if (!peers.IsSequence()) return cidrs;
  for (const auto& peer : peers) {
    if (auto cidr = yaml_text(yaml_child(yaml_child(peer, "ipBlock"), "cidr"))) {
      cidrs.push_back(*cidr);
    }
  }
  return cidrs;
}

// One rule per entry of `ports` (all protocols and ports when it has none).
void add_network_policy_rules(const YAML::Node& entry, NetworkRule rule,
                              const std::vector<std::string>& peers, ExposureScan& scan) {
  rule.location.line = yaml_line(entry);
  rule.sources = peers;
  const YAML::Node ports = yaml_child(entry, "ports");
  if (!ports.IsSequence() || ports.size() == 0) {
    rule.protocol = "all";
    scan.rules.push_back(std::move(rule));
    return;
  }
  for (const auto& port : ports) {
    NetworkRule one = rule;
    one.protocol = to_lower_ascii(yaml_text(yaml_child(port, "protocol")).value_or("TCP"));
    const auto first = yaml_text(yaml_child(port, "port"));
    if (first) {
      const auto number = parse_port_number(*first);
      if (!number) {
        scan.problems.push_back(rule.location.path + ":" + std::to_string(yaml_line(port)) + ": " +
                                rule.resource + " names port \"" + *first +
                                "\", which is not resolved to a number");
        continue;
      }
      const auto last = parse_port_number(yaml_text(yaml_child(port, "endPort")).value_or(""));
      one.ports.push_back(PortRange{*number, last && *last >= *number ? *last : *number});
    }
    scan.rules.push_back(std::move(one));
  }
}

void read_network_policy(const YAML::Node& policy, std::string_view path, ExposureScan& scan) {
  const YAML::Node spec = yaml_child(policy, "spec");
  NetworkRule rule;
  rule.location = FileLocation{std::string(path), yaml_line(policy), 0};
  rule.format = kKubernetesFormat;
  rule.resource = kubernetes_object_name("NetworkPolicy", policy);
  struct Side {
    std::string_view key;
    std::string_view peers;
    NetworkRule::Direction direction;
  };
  for (const Side side : {Side{"ingress", "from", NetworkRule::Direction::ingress},
                          Side{"egress", "to", NetworkRule::Direction::egress}}) {
    const YAML::Node entries = yaml_child(spec, side.key);
    if (!entries.IsSequence()) continue;
    rule.direction = side.direction;
    for (const auto& entry : entries) {
      const auto peers = ip_block_peers(yaml_child(entry, side.peers));
      if (!peers.empty()) add_network_policy_rules(entry, rule, peers, scan);
    }
  }
}

}  // namespace

bool is_kubernetes_object(const YAML::Node& document) {
  return yaml_text(yaml_child(document, "apiVersion")) && yaml_text(yaml_child(document, "kind"));
}

void read_kubernetes_object(const YAML::Node& object, std::string_view path, ExposureScan& scan) {
  const std::string kind = yaml_text(yaml_child(object, "kind")).value_or("");
  if (kind == "Service") {
    read_kubernetes_service(object, path, scan);
  } else if (kind == "NetworkPolicy") {
    read_network_policy(object, path, scan);
  } else if (kind == "List") {
    const YAML::Node items = yaml_child(object, "items");
    if (!items.IsSequence()) return;
    for (const auto& item : items) {
      if (is_kubernetes_object(item) && yaml_text(yaml_child(item, "kind")) != "List") {
        read_kubernetes_object(item, path, scan);
      }
    }
  }
}

}  // namespace mongoscan
