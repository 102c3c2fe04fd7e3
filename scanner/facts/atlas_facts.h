#pragma once
// What the MongoDB Atlas Administration API (v2) says about an organisation's projects, read with
// GET requests only and kept as plain facts. Field names are those of the API's OpenAPI
// specification (mongodb/openapi, openapi/v2.yaml; the schema named beside each struct). A part
// that could not be read is nullopt and its failure is in CloudAccountFacts::failed_reads.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mongoscan {

// One entry of a project's IP access list (NetworkPermissionEntry): exactly one of cidr_block,
// ip_address and aws_security_group is set.
struct AtlasAccessEntry {
  std::string cidr_block;          // "203.0.113.0/24"
  std::string ip_address;          // "203.0.113.7"
  std::string aws_security_group;  // "sg-0123"
  std::string comment;
  std::string delete_after;  // deleteAfterDate: a temporary entry's expiry; empty when permanent
};

// A cluster's process arguments (ClusterDescriptionProcessArgs20240805).
struct AtlasProcessArgs {
  std::string minimum_tls;                 // minimumEnabledTlsProtocol: "TLS1_0" ... "TLS1_3"
  std::optional<bool> javascript_enabled;  // javascriptEnabled; nullopt when not given
  std::string tls_cipher_mode;             // tlsCipherConfigMode: "DEFAULT" or "CUSTOM"
};

// One item of a cloud backup policy (DiskBackupApiPolicyItem).
struct AtlasBackupPolicyItem {
  std::string frequency_type;  // hourly, daily, weekly, monthly, yearly, ondemand
  int frequency_interval = 0;
  std::string retention_unit;  // days, weeks, months, years
  int retention_value = 0;
};

// A cluster's cloud backup schedule (DiskBackupSnapshotSchedule20240805).
struct AtlasBackupSchedule {
  std::vector<AtlasBackupPolicyItem> items;
  std::optional<int> restore_window_days;  // continuous backup's window
};

// A cluster (ClusterDescription20240805).
struct AtlasCluster {
  std::string id;
  std::string name;
  std::string cluster_type;  // REPLICASET, SHARDED, GEOSHARDED
  std::string version;       // mongoDBVersion: "7.0.14"
  std::string state;         // stateName: IDLE, CREATING, ...
  bool paused = false;
  // encryptionAtRestProvider: NONE, AWS, AZURE, GCP (a customer-managed key; NONE leaves only the
  // provider's own volume encryption, which Atlas always applies).
  std::string encryption_at_rest_provider;
  bool backup_enabled = false;  // backupEnabled
  bool pit_enabled = false;     // pitEnabled: continuous cloud backup
  // advancedConfiguration.minimumEnabledTlsProtocol, when the cluster description gives it.
  std::string minimum_tls;
  std::string standard_srv;  // connectionStrings.standardSrv: "mongodb+srv://c0.x.mongodb.net"
  std::string standard;      // connectionStrings.standard: "mongodb://host:27017,..."
  std::optional<AtlasProcessArgs> process_args;
  std::optional<AtlasBackupSchedule> backup_schedule;
  // authEnabled and sslEnabled, which only the list of every authorized cluster gives (GET
  // /clusters, CloudCluster); nullopt when that list was not read or did not name the cluster.
  std::optional<bool> auth_enabled;
  std::optional<bool> ssl_enabled;
};

// A project's database auditing (AuditLog).
struct AtlasAuditing {
  bool enabled = false;
  bool audit_authorization_success = false;
  std::string filter;  // auditFilter: a JSON document as text; empty for none
};

// Which customer key managers a project's encryption at rest uses (EncryptionAtRest:
// awsKms.enabled, azureKeyVault.enabled, googleCloudKms.enabled).
struct AtlasEncryptionAtRest {
  bool aws_kms = false;
  bool azure_key_vault = false;
  bool google_cloud_kms = false;
};

// A role granted to a database user (DatabaseUserRole): roleName on databaseName (and
// collectionName when the grant is narrower).
struct AtlasRoleGrant {
  std::string role;
  std::string database;
  std::string collection;
};

// A database user (CloudDatabaseUser). `kind` is how it authenticates: "SCRAM", or the set
// type among x509Type (MANAGED, CUSTOMER), ldapAuthType (USER, GROUP), oidcAuthType (USER,
// IDP_GROUP) and awsIAMType (USER, ROLE), written "X509_MANAGED", "LDAP_GROUP", ...
struct AtlasDatabaseUser {
  std::string username;
  std::string database;  // databaseName: admin or $external
  std::string kind;
  std::vector<AtlasRoleGrant> roles;
  std::vector<std::string> scopes;  // "CLUSTER:name": the clusters it may reach; empty: all
  std::string delete_after;         // deleteAfterDate; empty when permanent
};

// A custom database role (UserCustomDBRole).
struct AtlasCustomRole {
  std::string name;
  std::vector<std::string> actions;  // "FIND", "INSERT", ... as the API names them
  std::vector<AtlasRoleGrant> inherited;
};

// A project's LDAP and customer X.509 settings (UserSecurity).
struct AtlasUserSecurity {
  bool ldap_authentication = false;  // ldap.authenticationEnabled
  bool ldap_authorization = false;   // ldap.authorizationEnabled
  std::string ldap_hostname;
  int ldap_port = 636;
  bool customer_x509 = false;  // customerX509.cas set: users may present the customer's CA's
};

// A project (Group) and what was read of it.
struct AtlasProject {
  std::string id;  // 24 hex digits
  std::string name;
  std::string org_id;
  std::optional<std::vector<AtlasAccessEntry>> access_list;
  std::optional<std::vector<AtlasCluster>> clusters;
  std::optional<AtlasAuditing> auditing;
  std::optional<AtlasEncryptionAtRest> encryption_at_rest;
  std::optional<std::vector<AtlasDatabaseUser>> database_users;
  std::optional<std::vector<AtlasCustomRole>> custom_roles;
  std::optional<AtlasUserSecurity> user_security;
  // Private endpoint services (AWS, Azure and GCP together) and network peering connections.
  std::optional<std::size_t> private_endpoint_services;
  std::optional<std::size_t> peering_connections;
};

// An organisation's settings (OrganizationSettings).
struct AtlasOrganizationSettings {
  bool api_access_list_required = false;    // apiAccessListRequired
  bool multi_factor_auth_required = false;  // multiFactorAuthRequired
  std::string security_contact;             // securityContact; empty when none
  // maxServiceAccountSecretValidityInHours; nullopt when not set.
  std::optional<std::int64_t> max_service_account_secret_validity_hours;
};

struct AtlasOrganization {
  std::string id;
  std::string name;
  std::optional<AtlasOrganizationSettings> settings;
};

}  // namespace mongoscan
