#include "scanner/infra/helm_values.h"

#include <string>

#include "scanner/infra/kubernetes_service.h"
#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

// Bounds on the walk: values files nest a few levels; aliases can make a small file a huge tree.
constexpr int kHelmValuesMaxDepth = 32;
constexpr int kHelmValuesMaxNodes = 100000;

struct HelmValuesWalk {
  std::string_view path;
  ExposureScan& scan;
  int nodes_left = kHelmValuesMaxNodes;
};

bool is_switched_off(const YAML::Node& mapping) {
  return yaml_text(yaml_child(mapping, "enabled")) == "false";
}

void walk_helm_values(const YAML::Node& node, const std::string& key, int depth,
                      HelmValuesWalk& walk) {
  if (--walk.nodes_left < 0 || depth > kHelmValuesMaxDepth) return;
  if (node.IsSequence()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      walk_helm_values(node[i], key + "[" + std::to_string(i) + "]", depth + 1, walk);
    }
    return;
  }
  if (!node.IsMap() || is_switched_off(node)) return;
  if (auto endpoint = service_endpoint(node, yaml_child(node, "annotations"))) {
    endpoint->location = FileLocation{std::string(walk.path), yaml_line(node), 0};
    endpoint->format = "helm-values";
    endpoint->resource = key.empty() ? "(top level)" : key;
    walk.scan.endpoints.push_back(std::move(*endpoint));
    return;
  }
  for (const auto& entry : node) {
    const std::string child = key.empty() ? entry.first.Scalar() : key + "." + entry.first.Scalar();
    walk_helm_values(entry.second, child, depth + 1, walk);
  }
}

}  // namespace

void read_helm_values(const YAML::Node& document, std::string_view path, ExposureScan& scan) {
  HelmValuesWalk walk{path, scan};
  walk_helm_values(document, "", 0, walk);
}

}  // namespace mongoscan
