#include "scanner/infra/kubernetes_service.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "scanner/text/ascii_case.h"
#include "scanner/infra/port_range_text.h"
#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

// Annotations that make a cloud provision an internal load balancer, with the value that does
// it; an empty value means any value but "false". From the cloud controllers' documentation:
// AWS (in-tree and the AWS Load Balancer Controller), GKE, AKS, Tencent TKE, Alibaba ACK, OCI,
// OpenStack.
struct InternalAnnotation {
  std::string_view key;
  std::string_view value;
};
constexpr std::array kInternalLoadBalancerAnnotations{
    InternalAnnotation{"service.beta.kubernetes.io/aws-load-balancer-internal", ""},
    InternalAnnotation{"service.beta.kubernetes.io/aws-load-balancer-scheme", "internal"},
    InternalAnnotation{"networking.gke.io/load-balancer-type", "internal"},
    InternalAnnotation{"cloud.google.com/load-balancer-type", "internal"},
    InternalAnnotation{"service.beta.kubernetes.io/azure-load-balancer-internal", "true"},
    InternalAnnotation{"service.kubernetes.io/qcloud-loadbalancer-internal-subnetid", ""},
    InternalAnnotation{"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type",
                       "intranet"},
    InternalAnnotation{"service.beta.kubernetes.io/oci-load-balancer-internal", "true"},
    InternalAnnotation{"service.beta.kubernetes.io/openstack-internal-load-balancer", "true"},
};

// The source ranges annotation that predates spec.loadBalancerSourceRanges: comma-separated.
constexpr std::string_view kSourceRangesAnnotation =
    "service.beta.kubernetes.io/load-balancer-source-ranges";

bool annotates_internal_load_balancer(const YAML::Node& annotations) {
  return std::any_of(kInternalLoadBalancerAnnotations.begin(),
                     kInternalLoadBalancerAnnotations.end(), [&](const InternalAnnotation& known) {
                       const auto value = yaml_text(yaml_child(annotations, known.key));
                       if (!value) return false;
                       if (known.value.empty()) return !equals_ignore_case(*value, "false");
                       return equals_ignore_case(*value, known.value);
                     });
}

void add_service_port(const YAML::Node& node, std::vector<PortRange>& ports) {
  const auto text = yaml_text(node);
  if (!text) return;
  const auto port = parse_port_number(*text);
  if (!port || *port == 0) return;
  const PortRange range{*port, *port};
  if (std::find(ports.begin(), ports.end(), range) == ports.end()) ports.push_back(range);
}

// A `ports` entry of a Service (a mapping with port, targetPort, nodePort) or of Helm values
// (a number, or such a mapping).
void add_service_port_entry(const YAML::Node& entry, std::vector<PortRange>& ports) {
  if (!entry.IsMap()) {
    add_service_port(entry, ports);
    return;
  }
  for (std::string_view key : {"port", "targetPort", "nodePort"}) {
    add_service_port(yaml_child(entry, key), ports);
  }
}

// Every port a Service spec or Helm values name: `ports` and `nodePorts` as a sequence or as a
// mapping by port name (Bitnami's `ports: {mongodb: 27017}`), and single `port`, `targetPort`,
// `nodePort` keys.
std::vector<PortRange> service_ports(const YAML::Node& spec) {
  std::vector<PortRange> ports;
  for (std::string_view key : {"ports", "nodePorts"}) {
    const YAML::Node list = yaml_child(spec, key);
    if (list.IsSequence()) {
      for (const auto& entry : list) add_service_port_entry(entry, ports);
    } else if (list.IsMap()) {
      for (const auto& entry : list) add_service_port_entry(entry.second, ports);
    }
  }
  for (std::string_view key : {"port", "targetPort", "nodePort"}) {
    add_service_port(yaml_child(spec, key), ports);
  }
  return ports;
}

std::vector<std::string> service_source_ranges(const YAML::Node& spec,
                                               const YAML::Node& annotations) {
  std::vector<std::string> ranges;
  const YAML::Node listed = yaml_child(spec, "loadBalancerSourceRanges");
  if (listed.IsSequence()) {
    for (const auto& entry : listed) {
      if (auto text = yaml_text(entry))
        ranges.push_back(*text);
      else if (auto reference = yaml_reference(entry))
        ranges.push_back(*reference);
    }
  }
  if (const auto annotated = yaml_text(yaml_child(annotations, kSourceRangesAnnotation))) {
    std::string_view rest = *annotated;
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      std::string_view range = rest.substr(0, comma);
      while (!range.empty() && range.front() == ' ') range.remove_prefix(1);
      while (!range.empty() && range.back() == ' ') range.remove_suffix(1);
      if (!range.empty()) ranges.emplace_back(range);
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
  }
  return ranges;
}

}  // namespace

std::optional<NetworkEndpoint> service_endpoint(const YAML::Node& spec,
                                                const YAML::Node& annotations) {
  const auto type = yaml_text(yaml_child(spec, "type"));
  if (!type) return std::nullopt;
  NetworkEndpoint endpoint;
  if (equals_ignore_case(*type, "LoadBalancer")) {
    endpoint.kind = "load_balancer";
    endpoint.public_facing = !annotates_internal_load_balancer(annotations);
  } else if (equals_ignore_case(*type, "NodePort")) {
    endpoint.kind = "node_port";
  } else {
    return std::nullopt;
  }
  endpoint.ports = service_ports(spec);
  if (endpoint.ports.empty()) return std::nullopt;
  endpoint.source_restrictions = service_source_ranges(spec, annotations);
  return endpoint;
}

}  // namespace mongoscan
