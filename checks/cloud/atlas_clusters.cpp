#include "checks/cloud/atlas_clusters.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "checks/cloud/atlas_reads.h"
#include "checks/server/hardening.h"
#include "checks/server/transport.h"
#include "checks/server/versions.h"
#include "checks/verdict.h"

namespace mongoscan {
namespace {

using nlohmann::json;

enum AtlasClusterSpec {
  kAtlasEncryptionSpec = 0,
  kAtlasTlsFloorSpec = 1,
  kAtlasJavascriptSpec = 2,
  kAtlasBackupSpec = 3,
  kAtlasAuthenticationSpec = 4,
  kAtlasTlsRequiredSpec = 5,
  kAtlasVersionSpec = 6
};

constexpr std::string_view kAtlasClustersCall = "GET /groups/{groupId}/clusters";
constexpr std::string_view kAtlasProcessArgsCall =
    "GET /groups/{groupId}/clusters/{clusterName}/processArgs";
constexpr std::string_view kAtlasBackupScheduleCall =
    "GET /groups/{groupId}/clusters/{clusterName}/backup/schedule";
constexpr std::string_view kAtlasEncryptionCall = "GET /groups/{groupId}/encryptionAtRest";
constexpr std::string_view kAtlasAuthorizedClustersCall = "GET /clusters";

// ATLAS-013 and ATLAS-014: what the list of every authorized cluster says of one setting
// (CloudCluster authEnabled, sslEnabled). Atlas does not let a cluster run without either; a
// false is the control plane saying otherwise, which a reviewer must see.
Verdict judge_atlas_required(const CloudAccountFacts& account, const AtlasProject& project,
                             const AtlasCluster& cluster, const std::optional<bool>& enabled,
                             std::string_view field, std::string_view what) {
  if (!enabled) {
    return atlas_not_read(account, kAtlasAuthorizedClustersCall, "all",
                          "whether it requires " + std::string(what) + " was");
  }
  const json evidence = {
      {std::string(field), *enabled}, {"cluster", cluster.name}, {"project", project.id}};
  if (!*enabled) {
    return {Status::fail,
            "the control plane says it does not require " + std::string(what) + " (" +
                std::string(field) + " false)",
            evidence};
  }
  return {Status::pass, "it requires " + std::string(what) + " (" + std::string(field) + " true)",
          evidence};
}

// ATLAS-003: the cluster's storage engine encrypts with a key the project manages (Encryption at
// Rest using Customer Key Management). Atlas encrypts every volume with the cloud provider's key
// whatever this says; encryptionAtRestProvider NONE leaves only that.
Verdict judge_atlas_encryption(const CloudAccountFacts& account, const AtlasProject& project,
                               const AtlasCluster& cluster) {
  const std::string& provider = cluster.encryption_at_rest_provider;
  json evidence = {{"encryptionAtRestProvider", provider}};
  if (provider.empty() || provider == "NONE") {
    return {Status::warn,
            "no customer-managed key encrypts it at rest (encryptionAtRestProvider " +
                (provider.empty() ? std::string("not given") : provider) +
                "): Atlas still encrypts its volumes, as it always does, but with the cloud "
                "provider's key; a key the project holds in AWS KMS, Azure Key Vault or Google "
                "Cloud KMS, which turns on the encrypted storage engine, is what CIS 4.5 and "
                "Atlas's customer key management guidance ask for",
            evidence};
  }
  if (!project.encryption_at_rest) {
    return atlas_not_read(account, kAtlasEncryptionCall, project.id,
                          "the project's encryption at rest was", evidence);
  }
  const AtlasEncryptionAtRest& keys = *project.encryption_at_rest;
  evidence["project"] = {{"awsKms.enabled", keys.aws_kms},
                         {"azureKeyVault.enabled", keys.azure_key_vault},
                         {"googleCloudKms.enabled", keys.google_cloud_kms}};
  std::optional<bool> enabled;
  std::string manager;
  if (provider == "AWS") {
    enabled = keys.aws_kms;
    manager = "AWS KMS (awsKms)";
  } else if (provider == "AZURE") {
    enabled = keys.azure_key_vault;
    manager = "Azure Key Vault (azureKeyVault)";
  } else if (provider == "GCP") {
    enabled = keys.google_cloud_kms;
    manager = "Google Cloud KMS (googleCloudKms)";
  }
  if (!enabled) {
    return {Status::warn,
            "encryptionAtRestProvider " + provider +
                " is not one this check knows (NONE, AWS, AZURE, GCP), so it was not judged",
            evidence};
  }
  if (!*enabled) {
    return {Status::fail,
            "it names " + provider + " as its key provider, but the project's " + manager +
                " is not enabled: no customer key is configured for it",
            evidence};
  }
  return {Status::pass, "encrypted at rest with a customer-managed key from " + manager, evidence};
}

// MongoDB's TLS protocol versions as Atlas names them, oldest first.
constexpr std::array<std::string_view, 4> kAtlasTlsProtocols = {"TLS1_0", "TLS1_1", "TLS1_2",
                                                                "TLS1_3"};
constexpr std::size_t kAtlasOldestTlsAllowed = 2;  // TLS1_2

// ATLAS-004: the cluster refuses TLS 1.0 and 1.1. The process arguments say it
// (ClusterDescriptionProcessArgs20240805.minimumEnabledTlsProtocol); where they were not read, the
// cluster description's advancedConfiguration.minimumEnabledTlsProtocol is the same setting of the
// same API version (ApiAtlasClusterAdvancedConfiguration, "a subset of the advanced configuration
// details", with the same description), so it is judged instead, saying so.
Verdict judge_atlas_tls_floor(const CloudAccountFacts& account, const AtlasProject& project,
                              const AtlasCluster& cluster) {
  const std::string scope = atlas_cluster_scope(project, cluster);
  json evidence = json::object();
  std::string floor;
  if (cluster.process_args && !cluster.process_args->minimum_tls.empty()) {
    floor = cluster.process_args->minimum_tls;
    evidence["processArgs.minimumEnabledTlsProtocol"] = floor;
    if (!cluster.minimum_tls.empty() && cluster.minimum_tls != floor)
      evidence["advancedConfiguration.minimumEnabledTlsProtocol"] = cluster.minimum_tls;
  } else if (!cluster.minimum_tls.empty()) {
    floor = cluster.minimum_tls;
    evidence["advancedConfiguration.minimumEnabledTlsProtocol"] = floor;
    if (!cluster.process_args) {
      evidence["processArgs"] =
          atlas_not_read(account, kAtlasProcessArgsCall, scope, "the process arguments were")
              .message;
    }
  } else if (!cluster.process_args) {
    return atlas_not_read(account, kAtlasProcessArgsCall, scope, "the process arguments were");
  } else {
    return {Status::warn,
            "neither the process arguments nor the cluster description give "
            "minimumEnabledTlsProtocol, so the TLS floor was not judged",
            evidence};
  }
  const auto known = std::find(kAtlasTlsProtocols.begin(), kAtlasTlsProtocols.end(), floor);
  if (known == kAtlasTlsProtocols.end()) {
    return {Status::warn,
            "minimumEnabledTlsProtocol " + floor +
                " is not one this check knows (TLS1_0 to TLS1_3), so it was not judged",
            evidence};
  }
  if (static_cast<std::size_t>(known - kAtlasTlsProtocols.begin()) < kAtlasOldestTlsAllowed) {
    return {Status::fail,
            "it accepts TLS older than 1.2 (minimumEnabledTlsProtocol " + floor +
                "): TLS 1.0 and 1.1 are legacy protocols with known weaknesses",
            evidence};
  }
  return {Status::pass, "it refuses TLS older than 1.2 (minimumEnabledTlsProtocol " + floor + ")",
          evidence};
}

// ATLAS-005: server-side JavaScript off, judged as HARD-001 judges security.javascriptEnabled
// (not given: the server's default, on).
Verdict judge_atlas_javascript(const CloudAccountFacts& account, const AtlasProject& project,
                               const AtlasCluster& cluster) {
  if (!cluster.process_args) {
    return atlas_not_read(account, kAtlasProcessArgsCall, atlas_cluster_scope(project, cluster),
                          "the process arguments were");
  }
  const std::optional<bool>& enabled = cluster.process_args->javascript_enabled;
  const json evidence = {{"javascriptEnabled", enabled ? json(*enabled) : json(nullptr)}};
  if (enabled == false) return {Status::pass, "server-side JavaScript is disabled", evidence};
  return {Status::fail,
          std::string("server-side JavaScript is enabled") +
              (enabled ? "" : " (not given: the server's default)") +
              ": $where, $function, $accumulator and mapReduce run code inside the server",
          evidence};
}

// The days a policy item keeps its snapshots: weeks, months and years counted as 7, 30 and 365
// days; nullopt for a unit the API did not document.
std::optional<std::int64_t> atlas_retention_days(const AtlasBackupPolicyItem& item) {
  constexpr std::array<std::pair<std::string_view, std::int64_t>, 4> kDaysPerUnit = {
      {{"days", 1}, {"weeks", 7}, {"months", 30}, {"years", 365}}};
  for (const auto& [unit, days] : kDaysPerUnit)
    if (item.retention_unit == unit) return days * item.retention_value;
  return std::nullopt;
}

constexpr std::string_view kAtlasRetentionUnits =
    "weeks, months and years counted as 7, 30 and 365 days";

// ATLAS-006: cloud backup (or continuous cloud backup) is on, and the schedule keeps its
// longest-kept snapshots at least the policy's days.
Verdict judge_atlas_backup(const CloudAccountFacts& account, const AtlasProject& project,
                           const AtlasCluster& cluster, const Policy& policy) {
  json evidence = {{"backupEnabled", cluster.backup_enabled}, {"pitEnabled", cluster.pit_enabled}};
  if (!cluster.backup_enabled && !cluster.pit_enabled) {
    return {Status::fail,
            "neither cloud backup (backupEnabled) nor continuous cloud backup (pitEnabled) is on: "
            "a dropped collection or a lost cluster cannot be restored",
            evidence};
  }
  if (!cluster.backup_schedule) {
    return atlas_not_read(account, kAtlasBackupScheduleCall, atlas_cluster_scope(project, cluster),
                          "the backup schedule was", evidence);
  }
  const AtlasBackupSchedule& schedule = *cluster.backup_schedule;
  const std::int64_t minimum = policy.atlas.backup_min_retention_days;
  json items = json::array();
  std::optional<std::int64_t> longest;
  std::string longest_item;
  for (const AtlasBackupPolicyItem& item : schedule.items) {
    const auto days = atlas_retention_days(item);
    items.push_back({{"frequencyType", item.frequency_type},
                     {"frequencyInterval", item.frequency_interval},
                     {"retentionUnit", item.retention_unit},
                     {"retentionValue", item.retention_value},
                     {"retention_days", days ? json(*days) : json(nullptr)}});
    if (days && (!longest || *days > *longest)) {
      longest = days;
      longest_item = item.frequency_type + ", " + std::to_string(item.retention_value) + " " +
                     item.retention_unit;
    }
  }
  evidence["policy_items"] = items;
  evidence["longest_retention_days"] = longest ? json(*longest) : json(nullptr);
  evidence["policy.atlas.backup_min_retention_days"] = minimum;
  evidence["retention_days_counted_as"] = kAtlasRetentionUnits;
  if (schedule.restore_window_days) evidence["restoreWindowDays"] = *schedule.restore_window_days;
  if (!longest) {
    return {Status::warn,
            "backup is on, but its schedule has no policy item with a retention this check "
            "reads: how long snapshots are kept is unknown",
            evidence};
  }
  const std::string kept = "its longest-kept snapshots are kept " + std::to_string(*longest) +
                           " days (" + longest_item + "; " + std::string(kAtlasRetentionUnits) +
                           ")";
  if (*longest < minimum) {
    return {Status::warn,
            "backup is on, but " + kept + ", less than the policy's " + std::to_string(minimum),
            evidence};
  }
  return {Status::pass,
          std::string(cluster.pit_enabled ? "continuous cloud backup" : "cloud backup") +
              " is on; " + kept,
          evidence};
}

}  // namespace

const std::vector<CheckSpec>& atlas_cluster_specs() {
  static const std::vector<CheckSpec> specs = {
      {"ATLAS-003", "An Atlas cluster is encrypted at rest with a customer-managed key",
       Layer::hardening, Severity::medium,
       references_of(hardening_specs(), "HARD-003",
                     {{Framework::prowler, "clusters_encryption_at_rest_enabled",
                       "MongoDB Atlas cluster has encryption at rest enabled with a supported "
                       "provider or EBS volume encryption"}}),
       "Configure the project's encryption at rest with a key in AWS KMS, Azure Key Vault or "
       "Google Cloud KMS, then set the cluster's encryptionAtRestProvider to that provider.",
       "Atlas (subject `atlas:PROJECT_ID/CLUSTER`): the cluster is encrypted at rest with a "
       "customer-managed key: `encryptionAtRestProvider` `NONE` or absent warns (Atlas still "
       "encrypts the volumes with the cloud provider's key; the customer key turns on the "
       "encrypted storage engine, as CIS 4.5 asks), a provider whose key manager the "
       "project's encryption at rest (`GET /groups/{groupId}/encryptionAtRest`) does not "
       "enable fails — medium, as HARD-003."},
      {"ATLAS-004", "An Atlas cluster refuses TLS 1.0 and 1.1", Layer::transport, Severity::medium,
       references_of(transport_specs(), "TLS-002"),
       "Set the cluster's minimum TLS protocol version (minimumEnabledTlsProtocol) to TLS1_2 or "
       "TLS1_3 in its additional settings, after checking that every driver supports it.",
       "Atlas: the cluster's `minimumEnabledTlsProtocol` (process arguments, `GET "
       ".../clusters/{clusterName}/processArgs`; where they were not read, the same setting "
       "in the cluster description's `advancedConfiguration`, saying so) is `TLS1_2` or "
       "later; older fails — medium, as TLS-002."},
      {"ATLAS-005", "Server-side JavaScript disabled on an Atlas cluster", Layer::hardening,
       Severity::medium, references_of(hardening_specs(), "HARD-001"),
       "Turn off server-side JavaScript in the cluster's additional settings (javascriptEnabled "
       "false) unless an application needs $where, $function, $accumulator or mapReduce.",
       "Atlas: server-side JavaScript off (`javascriptEnabled` of the process arguments); on "
       "or not given fails — medium, as HARD-001."},
      {"ATLAS-006",
       "An Atlas cluster is backed up and its snapshots kept as long as the policy asks",
       Layer::hardening,
       Severity::medium,
       {{Framework::prowler, "clusters_backup_enabled",
         "Ensure MongoDB Atlas clusters have backup enabled"}},
       "Turn on cloud backup (and continuous cloud backup where point-in-time restores are "
       "needed) and give the backup policy an item that keeps snapshots at least the policy's "
       "atlas.backup_min_retention_days.",
       "Atlas: cloud backup (`backupEnabled`) or continuous backup (`pitEnabled`) is on, "
       "else it fails; the backup schedule's longest-kept snapshots (`GET "
       ".../backup/schedule`; weeks, months and years counted as 7, 30 and 365 days) reach "
       "the policy's `atlas.backup_min_retention_days` (default 7), else it warns — medium."},
      {"ATLAS-013",
       "An Atlas cluster requires authentication",
       Layer::authentication,
       Severity::critical,
       {{Framework::devspec, "A3.3", "Authentication: identity authentication"},
        {Framework::cis, "2.1", "Ensure Authentication is configured"},
        {Framework::prowler, "clusters_authentication_enabled",
         "Cluster has authentication enabled"}},
       "Atlas clusters require authentication; a cluster the control plane lists with "
       "authEnabled false needs MongoDB support's attention before it holds data.",
       "Atlas: the cluster requires authentication (`authEnabled` of the list of every "
       "authorized cluster, `GET /clusters`, the only reply that carries it); false fails — "
       "critical, as AUTHN-001; mirrors Prowler's `clusters_authentication_enabled`, which "
       "reads the field from a reply that does not have it."},
      {"ATLAS-014",
       "An Atlas cluster requires TLS",
       Layer::transport,
       Severity::high,
       {{Framework::devspec, "A3.6", "Transport: SSL/TLS"},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"},
        {Framework::prowler, "clusters_tls_enabled",
         "MongoDB Atlas cluster has TLS authentication enabled"}},
       "Atlas clusters require TLS; a cluster the control plane lists with sslEnabled false "
       "needs MongoDB support's attention before it holds data.",
       "Atlas: the cluster requires TLS (`sslEnabled`, likewise from `GET /clusters`); false "
       "fails — high; mirrors Prowler's `clusters_tls_enabled`."},
      {"ATLAS-015", "An Atlas cluster runs a supported MongoDB release without a known CVE",
       Layer::versions, Severity::high, references_of(versions_specs(), "VER-001"),
       "Upgrade the cluster's major version before its end of life in Atlas (or choose Latest "
       "Version With Auto Upgrades); Atlas delivers patch releases itself, so a version with a "
       "known CVE means a maintenance the project has deferred.",
       "Atlas: the cluster's MongoDB version (`mongoDBVersion`) is judged as VER-001 and "
       "VER-002 judge a node's, against the same release data: past its series' end of life, "
       "a series MongoDB does not list, or a listed CVE that needs no condition fails; a CVE "
       "whose condition the control plane does not show (a compressor, TLS without a CA "
       "file) warns. Atlas delivers patch releases itself, so a failing version is a "
       "deferred maintenance — high."},
  };
  return specs;
}

std::vector<Finding> check_atlas_clusters(const CloudAccountFacts& account, const Policy& policy) {
  const auto& specs = atlas_cluster_specs();
  const auto today = std::chrono::year_month_day(
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
  std::vector<Finding> findings = atlas_unlisted_projects(account, specs, policy);
  for (const AtlasProject& project : account.projects) {
    if (!project.clusters) {
      const Verdict unread =
          atlas_not_read(account, kAtlasClustersCall, project.id, "the project's clusters were");
      for (const CheckSpec& spec : specs)
        findings.push_back(make_finding(spec, policy, atlas_project_subject(project), unread));
      continue;
    }
    for (const AtlasCluster& cluster : *project.clusters) {
      const Subject subject = atlas_cluster_subject(project, cluster);
      findings.push_back(make_finding(specs[kAtlasEncryptionSpec], policy, subject,
                                      judge_atlas_encryption(account, project, cluster)));
      findings.push_back(
          make_finding(specs[kAtlasVersionSpec], policy, subject,
                       judge_reported_version(cluster.version, "mongoDBVersion", today)));
      findings.push_back(make_finding(specs[kAtlasTlsFloorSpec], policy, subject,
                                      judge_atlas_tls_floor(account, project, cluster)));
      findings.push_back(make_finding(specs[kAtlasJavascriptSpec], policy, subject,
                                      judge_atlas_javascript(account, project, cluster)));
      findings.push_back(make_finding(specs[kAtlasBackupSpec], policy, subject,
                                      judge_atlas_backup(account, project, cluster, policy)));
      findings.push_back(
          make_finding(specs[kAtlasAuthenticationSpec], policy, subject,
                       judge_atlas_required(account, project, cluster, cluster.auth_enabled,
                                            "authEnabled", "authentication")));
      findings.push_back(
          make_finding(specs[kAtlasTlsRequiredSpec], policy, subject,
                       judge_atlas_required(account, project, cluster, cluster.ssl_enabled,
                                            "sslEnabled", "TLS")));
    }
  }
  return findings;
}

}  // namespace mongoscan
