#include "scanner/infra/infra_yaml.h"

#include <string>

#include "scanner/infra/cloudformation_template.h"
#include "scanner/infra/compose_file.h"
#include "scanner/infra/helm_values.h"
#include "scanner/infra/kubernetes_manifest.h"
#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

void read_infra_document(const YAML::Node& document, std::string_view path, ExposureScan& scan) {
  if (is_kubernetes_object(document)) {
    read_kubernetes_object(document, path, scan);
  } else if (is_cloudformation_template(document)) {
    read_cloudformation_template(document, path, scan);
  } else if (is_compose_file(document)) {
    read_compose_file(document, path, scan);
  } else {
    read_helm_values(document, path, scan);
  }
}

}  // namespace

ExposureScan read_infra_yaml(std::string_view path, std::string_view text) {
  ExposureScan scan;
  if (text.size() > kMaxYamlBytes) {
    scan.problems.push_back(std::string(path) +
                            ": not read as YAML: " + std::to_string(text.size()) +
                            " bytes, over the limit of " + std::to_string(kMaxYamlBytes));
    return scan;
  }
  auto documents = load_yaml_documents(text);
  if (!documents) {
    scan.problems.push_back(std::string(path) + ": not valid YAML: " + documents.error().message);
    return scan;
  }
  for (const YAML::Node& document : documents.value()) {
    try {
      read_infra_document(document, path, scan);
    } catch (const YAML::Exception& error) {
      scan.problems.push_back(std::string(path) + ":" + std::to_string(yaml_line(document)) +
                              ": document not read: " + error.msg);
    }
  }
  return scan;
}

}  // namespace mongoscan
