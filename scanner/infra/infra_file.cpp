#include "scanner/infra/infra_file.h"

#include <string.h>

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

// glibc's memmem (two-way search) rather than string_view::find, which stops at every byte equal
// to the word's first letter: these words are absent from most files, which are read whole.
bool mentions_any(std::string_view text, std::initializer_list<std::string_view> words) {
  for (const std::string_view word : words) {
    if (::memmem(text.data(), text.size(), word.data(), word.size()) != nullptr) return true;
  }
  return false;
}

// Words every file the YAML and JSON readers take from carries: a Service or policy kind (and
// CloudFormation's load balancer types), CloudFormation's security group types, a cloud export's
// own field names (an Azure rule list has no securityRules, a gcloud egress rule no sourceRanges),
// a Compose file's services with ports or on the host's network, an Atlas access list. Most YAML
// and JSON files (Kubernetes Deployments, i18n, fixtures, OpenAPI, lock files) carry none and are
// never parsed a second time: the config scan's speed depends on it (bench/configscan).
bool may_hold_exposure(std::string_view text) {
  if (mentions_any(
          text, {"LoadBalancer", "NodePort", "NetworkPolicy", "AWS::EC2::Security", "IpPermissions",
                 "SecurityGroupPolicySet", "sourceRanges", "destinationRanges", "securityRules",
                 "sourceAddressPrefix", "format_version"})) {
    return true;
  }
  // Compose: a top-level services key (at the start of a line) and some ports or host network.
  const bool compose = (text.starts_with("services:") || mentions_any(text, {"\nservices:"})) &&
                       mentions_any(text, {"ports:", "network_mode:"});
  return compose || (mentions_any(text, {"groupId"}) &&
                     mentions_any(text, {"cidrBlock", "ipAddress", "awsSecurityGroup"}));
}

// Settings only a MongoDB config file has.
bool may_be_server_config(std::string_view text) {
  return mentions_any(text, {"bindIp", "replSetName", "clusterRole", "dbPath"});
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
  // A YAML or JSON file is infrastructure when a reader took something from it; one that only
  // failed to parse is some other file that happens to hold the prefilters' words (a template, a
  // generated file), not an infrastructure file left unread.
  scan.recognised = found_something(scan);
  if (!scan.recognised) scan.problems.clear();
  return scan;
}

}  // namespace mongoscan
