#pragma once
// Test helpers for the Atlas checks: an account as the Atlas reader leaves it, built by hand, sound
// in every part the checks judge, for tests to spoil one part at a time.

#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan::atlas_test {

inline constexpr const char* kOrgId = "5f0000000000000000000001";
inline constexpr const char* kProjectId = "64b0000000000000000000a1";

// A failed read as the reader records it: "GET " + the path template, the scope, the message.
inline CloudReadFailure atlas_failure(std::string call, std::string scope, std::string message) {
  return {std::move(call), std::move(scope),
          Error{ErrorCode::unauthorized, "cloud", std::move(message)}};
}

// A cluster kept as the checks ask: a customer key from AWS KMS, TLS 1.2 at least, JavaScript
// off, cloud backup keeping daily snapshots 7 days and monthly ones 12 months, authentication and
// TLS required.
inline AtlasCluster sound_atlas_cluster(std::string name = "c0") {
  AtlasCluster cluster;
  cluster.id = "65c0000000000000000000b1";
  cluster.name = std::move(name);
  cluster.cluster_type = "REPLICASET";
  cluster.version = "7.0.48";
  cluster.state = "IDLE";
  cluster.encryption_at_rest_provider = "AWS";
  cluster.backup_enabled = true;
  cluster.minimum_tls = "TLS1_2";
  cluster.process_args = AtlasProcessArgs{"TLS1_2", false, "DEFAULT"};
  cluster.backup_schedule =
      AtlasBackupSchedule{{{"daily", 1, "days", 7}, {"monthly", 40, "months", 12}}, std::nullopt};
  cluster.auth_enabled = true;
  cluster.ssl_enabled = true;
  return cluster;
}

// A project with one sound cluster, one commented address on its access list, auditing on with no
// filter, an AWS KMS key, an administrator and an application user scoped to the cluster.
inline AtlasProject sound_atlas_project() {
  AtlasProject project;
  project.id = kProjectId;
  project.name = "orders";
  project.org_id = kOrgId;
  project.access_list = std::vector<AtlasAccessEntry>{{"203.0.113.7/32", "", "", "office", ""}};
  project.clusters = std::vector<AtlasCluster>{sound_atlas_cluster()};
  project.auditing = AtlasAuditing{true, false, ""};
  project.encryption_at_rest = AtlasEncryptionAtRest{true, false, false};
  project.database_users = std::vector<AtlasDatabaseUser>{
      {"dba", "admin", "SCRAM", {{"atlasAdmin", "admin", ""}}, {}, ""},
      {"orders-app", "admin", "SCRAM", {{"readWrite", "orders", ""}}, {"CLUSTER:c0"}, ""}};
  project.custom_roles = std::vector<AtlasCustomRole>{};
  project.user_security = AtlasUserSecurity{};
  project.private_endpoint_services = 0;
  project.peering_connections = 0;
  return project;
}

inline AtlasOrganization sound_atlas_organization() {
  return {kOrgId, "acme", AtlasOrganizationSettings{true, true, "security@example.com", 8}};
}

inline CloudAccountFacts atlas_account_of(AtlasProject project) {
  CloudAccountFacts account;
  account.provider = "atlas";
  account.organizations.push_back(sound_atlas_organization());
  account.projects.push_back(std::move(project));
  return account;
}

// The policy that declares the sound project's administrator.
inline Policy atlas_policy_naming_dba() {
  Policy policy;
  policy.administrators = std::set<std::string>{"dba@admin"};
  return policy;
}

// A copy of the finding of check `id` (on `subject` when given): callers pass the findings of a
// call, which end with the statement.
inline Finding atlas_finding(const std::vector<Finding>& findings, const std::string& id,
                             const std::string& subject = "") {
  for (const Finding& found : findings)
    if (found.check_id == id && (subject.empty() || found.subject.name == subject)) return found;
  throw std::runtime_error("no " + id + " " + subject);
}

}  // namespace mongoscan::atlas_test
