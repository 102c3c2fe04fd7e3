#pragma once
// What a Kubernetes Service of type LoadBalancer or NodePort exposes, read from a Service's spec
// and annotations or from the same fields in a Helm chart's values (`service.type`,
// `service.ports`, `service.loadBalancerSourceRanges`, `service.annotations`).

#include <yaml-cpp/yaml.h>

#include <optional>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// The endpoint, with `kind` "load_balancer" or "node_port", every numeric port, target port and
// node port as its ports, loadBalancerSourceRanges (or the older annotation) as its source
// restrictions and public_facing false under a cloud's internal load balancer annotation.
// nullopt for other types and when no port is a number. The caller sets location, format and
// resource.
std::optional<NetworkEndpoint> service_endpoint(const YAML::Node& spec,
                                                const YAML::Node& annotations);

}  // namespace mongoscan
