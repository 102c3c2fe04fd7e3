#include "scanner/infra/infra_file.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "scanner/infra/cloud_exports.h"
#include "scanner/infra/embedded_server_config.h"
#include "scanner/infra/infra_yaml.h"
#include "scanner/infra/server_config_file.h"
#include "scanner/infra/terraform.h"
#include "scanner/infra/word_search.h"
#include "scanner/infra/yaml_nodes.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

enum class InfraSyntax { none, terraform, terraform_json, json, yaml, conf };

// Whether `name` ends with `lower_suffix` (lower case) in any case.
bool ends_with_ignore_case(std::string_view name, std::string_view lower_suffix) {
  return name.size() >= lower_suffix.size() &&
         equals_ignore_case(name.substr(name.size() - lower_suffix.size()), lower_suffix);
}

// (Compared in any case without a lower-case copy of the name: the config scan asks this of
// every file, twice.)
InfraSyntax syntax_of(std::string_view path) {
  const std::string_view name = path.substr(path.find_last_of('/') + 1);
  if (ends_with_ignore_case(name, ".tf")) return InfraSyntax::terraform;
  if (ends_with_ignore_case(name, ".tf.json")) return InfraSyntax::terraform_json;
  if (ends_with_ignore_case(name, ".json")) return InfraSyntax::json;
  if (ends_with_ignore_case(name, ".yaml") || ends_with_ignore_case(name, ".yml")) {
    return InfraSyntax::yaml;
  }
  if (ends_with_ignore_case(name, ".conf")) return InfraSyntax::conf;
  return InfraSyntax::none;
}

// Words every file the YAML and JSON readers take from carries: a Service or policy kind (and
// CloudFormation's load balancer types), CloudFormation's security group types, a cloud export's
// own field names (an Azure rule list has no securityRules, a gcloud egress rule no sourceRanges),
// a Compose file's services with ports or on the host's network, an Atlas access list; and
// settings only a MongoDB config file has. Most YAML and JSON files (Kubernetes Deployments,
// i18n, fixtures, OpenAPI, lock files) carry none and are never parsed a second time: the config
// scan's speed depends on it (bench/configscan).
enum InfraWord : unsigned {
  kLoadBalancer,
  kNodePort,
  kNetworkPolicy,
  kCloudFormationSecurityGroup,
  kIpPermissions,
  kSecurityGroupPolicySet,
  kSourceRanges,
  kDestinationRanges,
  kSecurityRules,
  kSourceAddressPrefix,
  kFormatVersion,
  kServicesLine,
  kPorts,
  kNetworkMode,
  kGroupId,
  kCidrBlock,
  kIpAddress,
  kAwsSecurityGroup,
  // A section of a MongoDB config file at the start of a line (server_config_file.cpp).
  kNetSection,
  kSecuritySection,
  kStorageSection,
  kSystemLogSection,
  kReplicationSection,
  kShardingSection,
  kSetParameterSection,
  kAuditLogSection,
  kOperationProfilingSection,
  kProcessManagementSection
};

constexpr std::array<std::string_view, 10> kServerConfigSectionLines = {
    "net:",      "security:",     "storage:",  "systemLog:",          "replication:",
    "sharding:", "setParameter:", "auditLog:", "operationProfiling:", "processManagement:"};

const WordSearch& infra_words() {
  static const WordSearch search({"LoadBalancer",
                                  "NodePort",
                                  "NetworkPolicy",
                                  "AWS::EC2::Security",
                                  "IpPermissions",
                                  "SecurityGroupPolicySet",
                                  "sourceRanges",
                                  "destinationRanges",
                                  "securityRules",
                                  "sourceAddressPrefix",
                                  "format_version",
                                  "\nservices:",
                                  "ports:",
                                  "network_mode:",
                                  "groupId",
                                  "cidrBlock",
                                  "ipAddress",
                                  "awsSecurityGroup",
                                  "\nnet:",
                                  "\nsecurity:",
                                  "\nstorage:",
                                  "\nsystemLog:",
                                  "\nreplication:",
                                  "\nsharding:",
                                  "\nsetParameter:",
                                  "\nauditLog:",
                                  "\noperationProfiling:",
                                  "\nprocessManagement:"});
  return search;
}

bool has(std::uint64_t found, InfraWord word) { return (found >> word & 1) != 0; }

// `atlas_shape`: an Atlas access list's groupId and cidrBlock count, which only its JSON export
// has (an OpenAPI specification of the Atlas API written in YAML holds both words too).
bool may_hold_exposure(std::string_view text, std::uint64_t found, bool atlas_shape) {
  constexpr std::uint64_t kExposureWords =
      1u << kLoadBalancer | 1u << kNodePort | 1u << kNetworkPolicy |
      1u << kCloudFormationSecurityGroup | 1u << kIpPermissions | 1u << kSecurityGroupPolicySet |
      1u << kSourceRanges | 1u << kDestinationRanges | 1u << kSecurityRules |
      1u << kSourceAddressPrefix | 1u << kFormatVersion;
  if ((found & kExposureWords) != 0) return true;
  // Compose: a top-level services key (at the start of a line) and some ports or host network.
  const bool compose = (text.starts_with("services:") || has(found, kServicesLine)) &&
                       (has(found, kPorts) || has(found, kNetworkMode));
  return compose ||
         (atlas_shape && has(found, kGroupId) &&
          (has(found, kCidrBlock) || has(found, kIpAddress) || has(found, kAwsSecurityGroup)));
}

// Whether a line of `text` starts with a config file's section: the manual's sections are
// top-level keys, so a file without one at a line's start is no config file.
bool may_be_server_config(std::string_view text, std::uint64_t found) {
  for (unsigned word = kNetSection; word <= kProcessManagementSection; ++word) {
    if (has(found, static_cast<InfraWord>(word))) return true;
  }
  return std::any_of(kServerConfigSectionLines.begin(), kServerConfigSectionLines.end(),
                     [&](std::string_view section) { return text.starts_with(section); });
}

bool found_something(const ExposureScan& scan) {
  return !scan.rules.empty() || !scan.endpoints.empty() || scan.server_config.has_value() ||
         !scan.embedded_configs.empty();
}

ExposureScan read_json(std::string_view path, std::string_view text) {
  if (!may_hold_exposure(text, infra_words().found(text), /*atlas_shape=*/true)) return {};
  const nlohmann::json document = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) return {};
  if (is_terraform_plan(document)) return read_terraform_json(path, document);
  ExposureScan scan = read_cloud_export(path, document);
  // CloudFormation templates and Kubernetes manifests are also written in JSON, which is YAML.
  if (!found_something(scan)) scan = read_infra_yaml(path, text);
  return scan;
}

ExposureScan read_yaml(std::string_view path, std::string_view text, bool conf) {
  const std::uint64_t found = infra_words().found(text);
  if (may_be_server_config(text, found)) {
    if (auto config = read_server_config(path, text)) {
      ExposureScan scan;
      scan.server_config = std::move(config);
      return scan;
    }
  }
  ExposureScan scan;
  if (!conf && may_hold_exposure(text, found, /*atlas_shape=*/false))
    scan = read_infra_yaml(path, text);
  if (!conf && may_embed_server_config(text))
    scan.embedded_configs = read_embedded_server_configs(path, text);
  return scan;
}

}  // namespace

bool may_be_infrastructure(std::string_view path) { return syntax_of(path) != InfraSyntax::none; }

ExposureScan scan_infrastructure_file(std::string_view path, std::string_view text) {
  ExposureScan scan;
  switch (syntax_of(path)) {
    case InfraSyntax::none:
      return scan;
    case InfraSyntax::terraform:
      scan = read_terraform(path, text, [path] { return terraform_module_files_beside(path); });
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
  // generated file), not an infrastructure file left unread. One too large to read as YAML is
  // listed as unread: what it declares is not known.
  const bool unread_for_size = text.size() > kMaxYamlBytes && !scan.problems.empty();
  scan.recognised = found_something(scan) || unread_for_size;
  if (!scan.recognised) scan.problems.clear();
  return scan;
}

}  // namespace mongoscan
