#pragma once
// Kubernetes objects: Services of type LoadBalancer or NodePort become endpoints, NetworkPolicy
// ipBlock peers become rules; a `List` (kubectl get -o yaml) is read item by item.

#include <yaml-cpp/yaml.h>

#include <string_view>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// Whether `document` is a Kubernetes object (it has apiVersion and kind).
bool is_kubernetes_object(const YAML::Node& document);

// Adds what `object` exposes to `scan`: an endpoint per exposing Service, a rule per
// NetworkPolicy ingress or egress entry with ipBlock peers; other kinds add nothing.
void read_kubernetes_object(const YAML::Node& object, std::string_view path, ExposureScan& scan);

}  // namespace mongoscan
