#include "scanner/infra/infra_file.h"

#include <array>
#include <nlohmann/json.hpp>

#include "scanner/ascii_case.h"
#include "scanner/infra/cloud_exports.h"
#include "scanner/infra/infra_yaml.h"
#include "scanner/infra/server_config_file.h"
#include "scanner/infra/terraform.h"

namespace mongoscan {
namespace {

enum class InfraSyntax { none, terraform, terraform_json, json, yaml, conf };

InfraSyntax syntax_of(std::string_view path) {
  const std::string name = to_lower_ascii(path.substr(path.find_last_of('/') + 1));
  if (name.ends_with(".tf")) return InfraSyntax::terraform;
  if (name.ends_with(".tf.json")) return InfraSyntax::terraform_json;
  if (name.ends_with(".json")) return InfraSyntax::json;
  if (name.ends_with(".yaml") || name.ends_with(".yml")) return InfraSyntax::yaml;
  if (name.ends_with(".conf")) return InfraSyntax::conf;
  return InfraSyntax::none;
}

bool mentions_any(std::string_view text, std::initializer_list<std::string_view> words) {
  for (const std::string_view word : words)
    if (text.find(word) != std::string_view::npos) return true;
  return false;
}

// Words every format the YAML and JSON readers take carries somewhere: most YAML and JSON files
// (i18n, fixtures, OpenAPI, lock files) carry none and are never parsed a second time.
bool may_hold_exposure(std::string_view text) {
  return mentions_any(text, {"LoadBalancer", "NodePort", "NetworkPolicy", "ports", "AWS::EC2::",
                             "IpPermissions", "SecurityGroupPolicySet", "sourceRanges",
                             "securityRules", "cidrBlock", "ipAddress", "format_version"});
}

// The sections every MongoDB config file has at least one of.
bool may_be_server_config(std::string_view text) {
  return mentions_any(text,
                      {"net:", "security:", "storage:", "systemLog:", "replication:", "sharding:"});
}

bool is_terraform_plan(const nlohmann::json& document) {
  return document.is_object() && document.contains("format_version") &&
         (document.contains("planned_values") || document.contains("values"));
}

bool found_something(const ExposureScan& scan) {
  return !scan.rules.empty() || !scan.endpoints.empty() || scan.server_config.has_value();
}

ExposureScan read_json(std::string_view path, std::string_view text) {
  if (!may_hold_exposure(text)) return {};
  const nlohmann::json document = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) return {};
  if (is_terraform_plan(document)) return read_terraform_json(path, document);
  ExposureScan scan = read_cloud_export(path, document);
  // CloudFormation templates and Kubernetes manifests are also written in JSON, which is YAML.
  if (!found_something(scan)) scan = read_infra_yaml(path, text);
  return scan;
}

ExposureScan read_yaml(std::string_view path, std::string_view text, bool conf) {
  if (may_be_server_config(text)) {
    if (auto config = read_server_config(path, text)) {
      ExposureScan scan;
      scan.server_config = std::move(config);
      return scan;
    }
  }
  if (conf || !may_hold_exposure(text)) return {};
  return read_infra_yaml(path, text);
}

}  // namespace

bool may_be_infrastructure(std::string_view path) { return syntax_of(path) != InfraSyntax::none; }

ExposureScan scan_infrastructure_file(std::string_view path, std::string_view text) {
  ExposureScan scan;
  switch (syntax_of(path)) {
    case InfraSyntax::none:
      return scan;
    case InfraSyntax::terraform:
      scan = read_terraform(path, text);
      scan.recognised = true;
      return scan;
    case InfraSyntax::terraform_json: {
      const nlohmann::json document =
          nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
      if (document.is_discarded()) {
        scan.problems.push_back(std::string(path) + ": not valid JSON");
      } else {
        scan = read_terraform_json(path, document);
      }
      scan.recognised = true;
      return scan;
    }
    case InfraSyntax::json:
      scan = read_json(path, text);
      break;
    case InfraSyntax::yaml:
      scan = read_yaml(path, text, false);
      break;
    case InfraSyntax::conf:
      scan = read_yaml(path, text, true);
      break;
  }
  // A YAML or JSON file is infrastructure when a reader took something from it, or failed on it
  // after it looked like one (its problems say where).
  scan.recognised = found_something(scan) || !scan.problems.empty();
  return scan;
}

}  // namespace mongoscan
