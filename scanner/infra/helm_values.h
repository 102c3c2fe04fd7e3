#pragma once
// Helm chart values files: a mapping that configures a Service the way charts name its fields
// (Bitnami's MongoDB chart: `service.type: LoadBalancer`, `service.ports.mongodb: 27017`,
// `service.loadBalancerSourceRanges`, `externalAccess.service...`).

#include <yaml-cpp/yaml.h>

#include <string_view>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// Adds an endpoint (format "helm-values", the mapping's dotted key as resource) per mapping,
// at any depth, whose `type` is LoadBalancer or NodePort and that names a numeric port. A
// mapping under one that says `enabled: false` is switched off and skipped.
void read_helm_values(const YAML::Node& document, std::string_view path, ExposureScan& scan);

}  // namespace mongoscan
