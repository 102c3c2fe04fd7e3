#pragma once
// Atlas Administration API replies read into Atlas facts: pure functions of the JSON, which refuse
// a shape the OpenAPI specification does not give (a missing identifier, a field of the wrong
// type) with an Error naming the field, and read absent optional fields as the schema's defaults.
// Field names are the specification's (mongodb/openapi v2.yaml; the schema beside each function).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scanner/errors/result.h"
#include "scanner/facts/atlas_facts.h"

namespace mongoscan {

// Group: id, name, orgId (the project's identity only; what was read of it is added later).
Result<AtlasProject> atlas_project(const nlohmann::json& group);

// AtlasOrganization: id, name.
Result<AtlasOrganization> atlas_organization(const nlohmann::json& organization);

// OrganizationSettings.
Result<AtlasOrganizationSettings> atlas_organization_settings(const nlohmann::json& settings);

// NetworkPermissionEntry.
Result<AtlasAccessEntry> atlas_access_entry(const nlohmann::json& entry);

// ClusterDescription20240805 (process arguments and backup schedule are read separately).
Result<AtlasCluster> atlas_cluster(const nlohmann::json& cluster);

// ClusterDescriptionProcessArgs20240805.
Result<AtlasProcessArgs> atlas_process_args(const nlohmann::json& arguments);

// DiskBackupSnapshotSchedule20240805: policies[].policyItems[], restoreWindowDays.
Result<AtlasBackupSchedule> atlas_backup_schedule(const nlohmann::json& schedule);

// AuditLog.
Result<AtlasAuditing> atlas_auditing(const nlohmann::json& audit_log);

// EncryptionAtRest: awsKms, azureKeyVault, googleCloudKms, each {enabled}.
Result<AtlasEncryptionAtRest> atlas_encryption_at_rest(const nlohmann::json& encryption);

// CloudDatabaseUser (its password is never in a reply, and never read).
Result<AtlasDatabaseUser> atlas_database_user(const nlohmann::json& user);

// The bare list of UserCustomDBRole.
Result<std::vector<AtlasCustomRole>> atlas_custom_roles(const nlohmann::json& roles);

// What one project's entry of the list of every authorized cluster (GET /clusters: OrgGroup
// {groupId, clusters: [CloudCluster]}) says of each cluster's authEnabled and sslEnabled.
struct AtlasClusterSecurity {
  std::string project_id;
  std::string cluster_name;
  bool auth_enabled = false;
  bool ssl_enabled = false;
};
Result<std::vector<AtlasClusterSecurity>> atlas_cluster_security(const nlohmann::json& org_group);

// UserSecurity: customerX509, ldap (its bindPassword is never read).
Result<AtlasUserSecurity> atlas_user_security(const nlohmann::json& security);

}  // namespace mongoscan
