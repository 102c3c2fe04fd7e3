#pragma once
// The rules a scan judges against. Defaults are the rules of the development specification; a JSON
// policy file (--policy, policy_json.h) may change any threshold or severity.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "checks/check_spec.h"
#include "scanner/facts/file_context.h"

namespace mongoscan {

struct IntRange {
  std::int64_t min;
  std::int64_t max;
};

struct PasswordRules {
  int min_length = 12;
  bool require_upper = true;
  bool require_lower = true;
  bool require_digit = true;
  bool require_special = true;
  bool reject_common = true;
  bool reject_username = true;
};

// CONN-008: application instances × maxPoolSize × routers must stay within max_percent of the
// smallest server connection limit.
// Connection-string options the string leaves out (CONN-004, CONN-005, CONN-006). Off: an option
// whose driver default already meets the rule passes, with the default as evidence. On: every such
// option must be written, as the development specification's preset asks (A2.1 lists them as the
// key parameters of a connection string).
struct ConnectionStringRules {
  bool explicit_options = false;
};

struct ConnectionBudget {
  std::optional<std::int64_t> app_instances;  // unknown unless the policy or --app-instances says
  std::int64_t max_percent = 80;
};

// The data-modeling checklist (MODEL-*). Prefixes and time-suffixed families are off by default
// and on in the development specification's preset (development_specification_policy()).
struct DataModelRules {
  std::string database_prefix;          // e.g. "db_"; empty: no rule
  std::string collection_prefix;        // e.g. "t_"; empty: no rule
  bool time_suffixed_families = false;  // a family's date suffix must be _YYYYMM or _YYYYMMDD
  std::int64_t max_name_bytes = 64;
  std::int64_t average_document_bytes = 100 * 1024;  // above: warn (collStats)
  std::int64_t max_document_bytes = 1024 * 1024;     // sampled document above: warn
  std::int64_t document_limit_percent = 90;          // of 16 MiB: a document above fails
  std::int64_t max_depth = 5;
  std::int64_t max_array_length = 1000;
  std::int64_t max_collections_per_instance = 5000;
  std::int64_t max_collections_per_database = 100;
  // "db.collection" names that must have a validator (MODEL-005); unset: every collection.
  std::optional<std::set<std::string>> core_collections;
};

// How many config-scan credentials become findings of their own; the rest are counted in one
// "N more" finding per file and kind (a bound on the scan's memory and the report's size).
struct ConfigFindingLimits {
  std::int64_t per_file = 100;    // per file and kind of credential
  std::int64_t per_scan = 10000;  // over the whole scan
};

// Network exposure in infrastructure files (NET-005, NET-006).
struct ExposureRules {
  // MongoDB's ports, inclusive ranges: mongod/mongos 27017, shard members 27018, config servers
  // 27019 (MongoDB manual, "Default MongoDB Port"), mongocryptd 27020 (manual, "mongocryptd").
  // A scan adds the ports of the deployments it probes.
  std::vector<std::pair<std::uint16_t, std::uint16_t>> ports = {{27017, 27020}};
  // The widest public range a source may be without a finding: an IPv4 prefix shorter than this
  // is a medium finding, as is an IPv6 prefix shorter than max_public_prefix_v6.
  int widest_public_prefix_v4 = 24;
  int widest_public_prefix_v6 = 48;
  // Source ranges allowed whatever their width (the company's egress addresses), as CIDRs.
  std::vector<std::string> allowed_sources;
};

// How nodes and people prove who they are (TLS-006, AUTHN-007, AUTHN-008).
struct IdentityRules {
  // AUTHN-007: replica-set members, shards, config servers and mongos authenticate to each other
  // with x509 certificates; a shared keyFile fails. On by default: the manual calls keyfiles
  // "bare-minimum forms of security ... best suited for testing or development environments" and
  // recommends x.509 for production (Internal/Membership Authentication); false accepts a keyFile.
  bool cluster_x509 = true;
  // TLS-006: clients authenticate with x509 certificates, so every node must require a client
  // certificate and map certificates to $external users. Off by default (SCRAM over TLS is a
  // sound choice): the check is then skipped, saying so, with the settings recorded.
  bool x509_clients = false;
  // AUTHN-008: people authenticate through an organisation-level provider (LDAP, Kerberos or
  // OIDC; STIG V-252149, V-252158). Off by default: the check is then skipped, saying so, with
  // the mechanisms and LDAP settings recorded.
  bool organisation_authentication = false;
};

// TencentDB for MongoDB instances (CLOUD-009).
struct TencentCloudRules {
  // CLOUD-009: automatic backups are kept at least this many days (DescribeBackupRules'
  // BackupSaveTime). 7: the retention a new instance has (Tencent's API example); a policy may
  // ask for more.
  std::int64_t backup_min_retention_days = 7;
};

// MongoDB Atlas organisations and clusters (ATLAS-006, ATLAS-012).
struct AtlasRules {
  // ATLAS-006: a cluster's backup schedule keeps its longest-kept snapshots at least this many days
  // (weeks, months and years counted as 7, 30 and 365 days). The development specification names
  // no backup figure (shared/devspec.md); 7 is a floor of one week, far below the 12 months of
  // Atlas's default policy, so that it flags only schedules cut down to days.
  std::int64_t backup_min_retention_days = 7;
  // ATLAS-012: the longest validity, in hours, the organisation may allow new service-account
  // secrets (maxServiceAccountSecretValidityInHours). 8: Prowler's default for its
  // organizations_service_account_secrets_expiration check (mongodbatlas
  // max_service_account_secret_validity_hours in its config.yaml). The Atlas Administration API
  // takes 8 to 8760 (OrganizationSettings), so a policy may allow 8 to 8760.
  std::int64_t max_service_account_secret_validity_hours = 8;
};

struct Policy {
  // "core" workloads need strong consistency; others (e.g. "analytics") may read from secondaries.
  std::string workload = "core";
  // Read preferences allowed per workload; a mode outside the list warns (CONN-006).
  std::map<std::string, std::vector<std::string>> read_preferences = {
      {"core", {"primary", "primaryPreferred"}},
      {"analytics", {"primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"}},
      {"reporting", {"secondary", "secondaryPreferred", "nearest", "primaryPreferred"}}};
  // Workloads that must write with w=majority (CONN-005).
  std::set<std::string> majority_write_workloads = {"core"};
  // CONN-007 ranges, keyed by canonical option name.
  std::map<std::string, IntRange> pool_ranges = {{"maxPoolSize", {50, 200}},
                                                 {"minPoolSize", {5, 20}},
                                                 {"maxIdleTimeMS", {60000, 300000}},
                                                 {"waitQueueTimeoutMS", {5000, 10000}},
                                                 {"connectTimeoutMS", {10000, 30000}}};
  PasswordRules passwords;
  ConnectionStringRules connection;
  ConnectionBudget connection_budget;
  // Accounts ("user@db") allowed administrative roles (AUTHZ-001, AUTHZ-002). Unset: nobody is
  // declared, so administrative roles warn instead of failing.
  std::optional<std::set<std::string>> administrators;
  // Accounts ("user@db") of monitoring agents allowed to read the server log (clusterMonitor's
  // getLog) besides the administrators (AUTHZ-009).
  std::set<std::string> monitoring_accounts;
  // TLS-003 warns when a server certificate expires within this many days.
  std::int64_t tls_certificate_warn_days = 30;
  // HARD-006: where audit records may go (auditLog.destination): "file" (a file the site ships to
  // its log collector) and "syslog"; "console" (standard output) is allowed only if listed.
  std::set<std::string> audit_destinations = {"file", "syslog"};
  // HARD-015: where the server log counts as collected by a central store: "syslog", "console"
  // (standard output a container runtime ships), and absolute paths of log files a collector
  // ships, a directory when it ends with '/'. syslog only by default.
  std::set<std::string> collected_logs = {"syslog"};
  // HARD-014: successful authorization checks are audited too (auditAuthorizationSuccess), as
  // STIG V-252134's check text requires. Off by default: the manual warns that it costs more
  // performance than auditing failures only; the check is then skipped, with the value recorded.
  bool audit_authorization_success = false;
  // HARD-003: the storage engine's cipher modes allowed (security.encryptionCipherMode). Both by
  // default; STIG V-252165 allows AES256-GCM only.
  std::set<std::string> encryption_cipher_modes = {"AES256-CBC", "AES256-GCM"};
  // The STIG's check texts read literally where they make any occurrence a finding: AUTHZ-005 fails
  // any dbOwner, the declared administrators' too (V-252154: "If the output shows a role of
  // dbOwner, this is a finding"); AUTHZ-006 counts changeStream on any resource, a read role's on
  // its own database too (V-252174: a non-administrative user's role with createCollection or
  // changeStream). Off by default, where the declared administrators may own databases and
  // watching one's own database is reading it.
  bool stig_literal = false;
  // TLS-009: the certificate authorities a server's certificate must chain to (STIG V-252178: DoD
  // PKI or DoD-approved CAs), each a subject DN as RFC 2253 writes it ("CN=DoD Root CA
  // 3,OU=PKI,OU=DoD,O=U.S. Government,C=US") or "sha256:" and the CA certificate's SHA-256 in hex.
  // Empty by default: the check is skipped, with the chain's issuers recorded.
  std::vector<std::string> tls_approved_issuers;
  IdentityRules identity;
  DataModelRules data_model;
  ConfigFindingLimits config_findings;
  ExposureRules exposure;
  AtlasRules atlas;
  TencentCloudRules tencentcloud;
  // The file contexts whose findings gate (scanner/facts/file_context.h). A failed or warned
  // finding in any other context keeps its status at severity info: reported, never gating.
  std::set<FileContext> gating_contexts = {FileContext::production, FileContext::example};
  // An incomplete scan (nodes not scanned, checks in error: ScanCoverage) passes the gate.
  bool allow_incomplete = false;
  std::map<std::string, Severity> severity_overrides;  // check id -> severity
  std::set<std::string> disabled_checks;               // check ids not run

  Severity severity_for(std::string_view check_id, Severity default_severity) const;
};

// The preset named after the development specification (`--policy dev-spec`): the defaults,
// with its naming conventions on (db_ and t_ prefixes, _YYYYMM families) and the key connection
// options written out (connection.explicit_options).
inline constexpr std::string_view kDevelopmentSpecificationPreset = "dev-spec";
Policy development_specification_policy();

// The preset for a STIG assessment (`--policy stig`): the defaults with the requirements the DISA
// MongoDB Enterprise Advanced STIG makes and the defaults leave to the organisation, the switches
// its coverage rows name under "full when": client x509 certificates (TLS-006), an
// organisation-level identity provider (AUTHN-008), successful authorizations audited (HARD-014),
// AES256-GCM encryption at rest (HARD-003), and the check texts read literally (stig_literal).
inline constexpr std::string_view kStigPreset = "stig";
Policy stig_policy();

// The preset `name` names (dev-spec, stig); nullopt for any other name, a policy file's.
std::optional<Policy> policy_preset(std::string_view name);

}  // namespace mongoscan
