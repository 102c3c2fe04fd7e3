// Policy files are JSON objects; every key is optional and a key given replaces its default:
//   "workload": "core"                      the workload the scanned application serves
//   "read_preferences": {"core": ["primary", "primaryPreferred"], ...}
//                                           modes allowed per workload (CONN-006); each workload
//                                           given replaces that workload's list, others keep theirs
//   "majority_write_workloads": ["core"]    workloads that must write with w=majority (CONN-005);
//                                           replaces the whole list
//   "pool_ranges": {"maxPoolSize": {"min": 50, "max": 200}, ...}
//                                           CONN-007 ranges for maxPoolSize, minPoolSize,
//                                           maxIdleTimeMS, waitQueueTimeoutMS, connectTimeoutMS;
//                                           a bound given replaces that bound only
//   "passwords": {"min_length": 12, "require_upper": true, "require_lower": true,
//                 "require_digit": true, "require_special": true, "reject_common": true,
//                 "reject_username": true}  AUTHN-005 rules; each field given replaces its default
//   "connection": {"explicit_options": false}
//                                           CONN-004/005/006: true requires the options whose
//                                           driver default meets the rule to be written anyway
//   "connection_budget": {"app_instances": 4, "max_percent": 80}
//                                           CONN-008: how many application instances share the
//                                           deployment (unknown by default) and the share of the
//                                           server connection limit they may use
//   "administrators": ["admin@admin"]     accounts allowed administrative roles (AUTHZ-001); with
//                                           the list, other holders fail instead of warn
//   "monitoring_accounts": ["pmm@admin"]    AUTHZ-009: monitoring agents that may read the server
//                                           log (clusterMonitor) besides the administrators
//   "tls_certificate_warn_days": 30         TLS-003 warns when a certificate expires within it
//   "audit_destinations": ["file", "syslog"] HARD-006: the auditLog.destination values allowed
//                                           (file, syslog, console); replaces the whole list
//   "collected_logs": ["syslog", "/var/log/mongodb/"]
//                                           HARD-015: where the server log counts as collected:
//                                           syslog, console, or absolute file paths (a directory
//                                           when it ends with '/'); replaces the whole list
//   "audit_authorization_success": false    HARD-014: successful authorization checks must be
//                                           audited (auditAuthorizationSuccess true)
//   "stig_literal": false                   AUTHZ-005 fails any dbOwner (STIG V-252154), AUTHZ-006
//                                           counts changeStream anywhere (V-252174)
//   "tls_approved_issuers": ["CN=Root,O=Org", "sha256:<64 hex digits>"]
//                                           TLS-009: the CAs a server certificate must chain to
//   "encryption_cipher_modes": ["AES256-CBC", "AES256-GCM"]
//                                           HARD-003: the security.encryptionCipherMode values
//                                           allowed; replaces the whole list
//   "identity": {"cluster_x509": true, "x509_clients": false,
//                "organisation_authentication": false}
//                                           AUTHN-007: members authenticate with x509, not a
//                                           keyFile; TLS-006: clients must present certificates
//                                           mapped to $external users; AUTHN-008: LDAP, Kerberos
//                                           or OIDC required. Each field replaces its default
//   "data_model": {"database_prefix": "db_", "collection_prefix": "t_",
//                  "time_suffixed_families": true, "max_name_bytes": 64,
//                  "average_document_bytes": 102400, "max_document_bytes": 1048576,
//                  "document_limit_percent": 90, "max_depth": 5, "max_array_length": 1000,
//                  "max_collections_per_instance": 5000, "max_collections_per_database": 100,
//                  "core_collections": ["shop.orders"]}
//                                           MODEL-* rules; each field given replaces its default
//   "exposure": {"ports": ["27017-27020", "28017"], "widest_public_prefix_v4": 24,
//                "widest_public_prefix_v6": 48, "allowed_sources": ["203.0.113.0/24"]}
//                                           NET-005/NET-006: MongoDB's ports (each "port" or
//                                           "first-last"; replaces the list), the widest public
//                                           range without a finding, ranges always allowed
//   "atlas": {"backup_min_retention_days": 7, "max_service_account_secret_validity_hours": 8}
//                                           ATLAS-006: the longest snapshot retention a cluster's
//                                           backup schedule must reach, in days; ATLAS-012: the
//                                           longest validity an organisation may allow new
//                                           service-account secrets, 8 to 8760 hours (the API's
//                                           range). Each field replaces its default
//   "tencentcloud": {"backup_min_retention_days": 7}
//                                           CLOUD-009: the days a TencentDB instance's automatic
//                                           backups must be kept
//   "config_findings": {"per_file": 100, "per_scan": 10000}
//                                           config-scan credentials listed one by one, per file
//                                           and kind, and per scan; the rest are counted
//   "gating_contexts": ["production", "example"]
//                                           the file contexts (production, example, test,
//                                           documentation) whose findings gate; in the others a
//                                           failed or warned finding is kept at severity info
//   "allow_incomplete": false               an incomplete scan (nodes not scanned, checks in
//                                           error) passes the gate (as --allow-incomplete)
//   "severity_overrides": {"CONN-005": "medium"}   check id -> info|low|medium|high|critical
//   "disabled_checks": ["CONN-006"]         checks not run; replaces the whole list
// fixtures/policy/example-policy.json is a complete example.

#include "checks/policy_json.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "checks/policy.h"
#include "checks/registry.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {

namespace {

using nlohmann::json;

// The read preference modes of the MongoDB server selection specification.
constexpr std::array<std::string_view, 5> kReadPreferenceModes = {
    "primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"};

Error policy_error(std::string_view path, std::string_view what) {
  return Error{ErrorCode::usage, "policy", std::string(path) + ": " + std::string(what)};
}

Error wrong_type(std::string_view path, std::string_view expected, const json& value) {
  return policy_error(path, "expected " + std::string(expected) + ", got " + value.type_name());
}

// The entry of `table` whose first member is `name`, or nullptr.
template <class Table>
const typename Table::value_type* entry_named(const Table& table, std::string_view name) {
  for (const auto& entry : table) {
    if (entry.first == name) return &entry;
  }
  return nullptr;
}

std::string json_quoted(std::string_view text) { return json(text).dump(); }

Result<std::int64_t> read_count(const std::string& path, const json& value) {
  const bool fits = value.is_number_integer() &&
                    !(value.is_number_unsigned() &&
                      value.get<std::uint64_t>() >
                          static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  if (!fits) return wrong_type(path, "an integer", value);
  const auto count = value.get<std::int64_t>();
  if (count < 0) return policy_error(path, "must not be negative");
  return count;
}

Result<std::vector<std::string>> read_strings(const std::string& path, const json& value) {
  if (!value.is_array()) return wrong_type(path, "an array of strings", value);
  std::vector<std::string> strings;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (!value[i].is_string()) {
      return wrong_type(path + "[" + std::to_string(i) + "]", "a string", value[i]);
    }
    strings.push_back(value[i].get<std::string>());
  }
  return strings;
}

Result<std::set<std::string>> read_check_ids(const std::string& path, const json& value) {
  auto ids = read_strings(path, value);
  if (!ids) return ids.error();
  for (std::size_t i = 0; i < ids.value().size(); ++i) {
    if (find_check(ids.value()[i]) == nullptr) {
      return policy_error(path + "[" + std::to_string(i) + "]",
                          "unknown check id " + json_quoted(ids.value()[i]));
    }
  }
  return std::set<std::string>(ids.value().begin(), ids.value().end());
}

Result<Ok> read_workload(const json& value, Policy& policy) {
  if (!value.is_string() || value.get_ref<const std::string&>().empty()) {
    return wrong_type("workload", "a non-empty string", value);
  }
  policy.workload = value.get<std::string>();
  return Ok{};
}

Result<Ok> read_read_preferences(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("read_preferences", "an object", value);
  for (const auto& [workload, modes] : value.items()) {
    const std::string path = "read_preferences." + workload;
    auto listed = read_strings(path, modes);
    if (!listed) return listed.error();
    if (listed.value().empty()) return policy_error(path, "must list at least one mode");
    std::vector<std::string> canonical;
    for (std::size_t i = 0; i < listed.value().size(); ++i) {
      const auto mode = std::find_if(
          kReadPreferenceModes.begin(), kReadPreferenceModes.end(),
          [&](std::string_view known) { return equals_ignore_case(known, listed.value()[i]); });
      if (mode == kReadPreferenceModes.end()) {
        return policy_error(path + "[" + std::to_string(i) + "]",
                            "unknown read preference " + json_quoted(listed.value()[i]) +
                                " (expected primary, primaryPreferred, secondary, "
                                "secondaryPreferred or nearest)");
      }
      canonical.emplace_back(*mode);
    }
    policy.read_preferences[workload] = std::move(canonical);
  }
  return Ok{};
}

Result<Ok> read_majority_write_workloads(const json& value, Policy& policy) {
  auto workloads = read_strings("majority_write_workloads", value);
  if (!workloads) return workloads.error();
  policy.majority_write_workloads = {workloads.value().begin(), workloads.value().end()};
  return Ok{};
}

Result<Ok> read_pool_range(const std::string& path, const json& value, IntRange& range) {
  if (!value.is_object()) return wrong_type(path, "an object with min and max", value);
  for (const auto& [bound, number] : value.items()) {
    if (bound != "min" && bound != "max") {
      return policy_error(path + "." + bound, "unknown key (expected min or max)");
    }
    auto count = read_count(path + "." + bound, number);
    if (!count) return count.error();
    (bound == "min" ? range.min : range.max) = count.value();
  }
  if (range.min > range.max) {
    return policy_error(
        path, "min " + std::to_string(range.min) + " exceeds max " + std::to_string(range.max));
  }
  return Ok{};
}

Result<Ok> read_pool_ranges(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("pool_ranges", "an object", value);
  for (const auto& [option, range] : value.items()) {
    const auto known = policy.pool_ranges.find(option);
    if (known == policy.pool_ranges.end()) {
      return policy_error("pool_ranges." + option,
                          "unknown option (expected maxPoolSize, minPoolSize, maxIdleTimeMS, "
                          "waitQueueTimeoutMS or connectTimeoutMS)");
    }
    auto read = read_pool_range("pool_ranges." + option, range, known->second);
    if (!read) return read.error();
  }
  return Ok{};
}

Result<Ok> read_passwords(const json& value, Policy& policy) {
  static const std::array<std::pair<std::string_view, bool PasswordRules::*>, 6> kSwitches = {{
      {"require_upper", &PasswordRules::require_upper},
      {"require_lower", &PasswordRules::require_lower},
      {"require_digit", &PasswordRules::require_digit},
      {"require_special", &PasswordRules::require_special},
      {"reject_common", &PasswordRules::reject_common},
      {"reject_username", &PasswordRules::reject_username},
  }};
  if (!value.is_object()) return wrong_type("passwords", "an object", value);
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "passwords." + key;
    if (key == "min_length") {
      auto length = read_count(path, setting);
      if (!length) return length.error();
      if (length.value() > std::numeric_limits<int>::max()) return policy_error(path, "too large");
      policy.passwords.min_length = static_cast<int>(length.value());
      continue;
    }
    const auto* rule = entry_named(kSwitches, key);
    if (rule == nullptr) {
      return policy_error(path,
                          "unknown key (expected min_length, require_upper, require_lower, "
                          "require_digit, require_special, reject_common or reject_username)");
    }
    if (!setting.is_boolean()) return wrong_type(path, "true or false", setting);
    policy.passwords.*(rule->second) = setting.get<bool>();
  }
  return Ok{};
}

Result<Ok> read_connection_budget(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("connection_budget", "an object", value);
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "connection_budget." + key;
    if (key != "app_instances" && key != "max_percent") {
      return policy_error(path, "unknown key (expected app_instances or max_percent)");
    }
    auto count = read_count(path, setting);
    if (!count) return count.error();
    if (key == "app_instances") {
      if (count.value() < 1) return policy_error(path, "must be at least 1");
      policy.connection_budget.app_instances = count.value();
    } else {
      if (count.value() < 1 || count.value() > 100) return policy_error(path, "must be 1 to 100");
      policy.connection_budget.max_percent = count.value();
    }
  }
  return Ok{};
}

// A list of "user@database" accounts, as a set.
Result<std::set<std::string>> read_accounts(const std::string& path, const json& value) {
  auto accounts = read_strings(path, value);
  if (!accounts) return accounts.error();
  for (std::size_t i = 0; i < accounts.value().size(); ++i) {
    const std::string& account = accounts.value()[i];
    const auto at = account.rfind('@');
    if (at == std::string::npos || at == 0 || at + 1 == account.size()) {
      return policy_error(path + "[" + std::to_string(i) + "]",
                          "expected user@database, got " + json_quoted(account));
    }
  }
  return std::set<std::string>(accounts.value().begin(), accounts.value().end());
}

Result<Ok> read_administrators(const json& value, Policy& policy) {
  auto accounts = read_accounts("administrators", value);
  if (!accounts) return accounts.error();
  policy.administrators = std::move(accounts.value());
  return Ok{};
}

Result<Ok> read_monitoring_accounts(const json& value, Policy& policy) {
  auto accounts = read_accounts("monitoring_accounts", value);
  if (!accounts) return accounts.error();
  policy.monitoring_accounts = std::move(accounts.value());
  return Ok{};
}

Result<Ok> read_identity(const json& value, Policy& policy) {
  static const std::array<std::pair<std::string_view, bool IdentityRules::*>, 3> kSwitches = {{
      {"cluster_x509", &IdentityRules::cluster_x509},
      {"x509_clients", &IdentityRules::x509_clients},
      {"organisation_authentication", &IdentityRules::organisation_authentication},
  }};
  if (!value.is_object()) return wrong_type("identity", "an object", value);
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "identity." + key;
    const auto* rule = entry_named(kSwitches, key);
    if (rule == nullptr) {
      return policy_error(
          path, "unknown key (expected cluster_x509, x509_clients or organisation_authentication)");
    }
    if (!setting.is_boolean()) return wrong_type(path, "true or false", setting);
    policy.identity.*(rule->second) = setting.get<bool>();
  }
  return Ok{};
}

Result<Ok> read_connection(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("connection", "an object", value);
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "connection." + key;
    if (key != "explicit_options") {
      return policy_error(path, "unknown key (expected explicit_options)");
    }
    if (!setting.is_boolean()) return wrong_type(path, "true or false", setting);
    policy.connection.explicit_options = setting.get<bool>();
  }
  return Ok{};
}

Result<Ok> read_tls_certificate_warn_days(const json& value, Policy& policy) {
  auto days = read_count("tls_certificate_warn_days", value);
  if (!days) return days.error();
  policy.tls_certificate_warn_days = days.value();
  return Ok{};
}

// A non-empty list of names from `known`, as a set; `kind` names one in errors ("destination").
template <std::size_t N>
Result<std::set<std::string>> read_known_names(const std::string& path, const json& value,
                                               const std::array<std::string_view, N>& known,
                                               std::string_view kind) {
  auto listed = read_strings(path, value);
  if (!listed) return listed.error();
  if (listed.value().empty()) return policy_error(path, "must list at least one");
  for (std::size_t i = 0; i < listed.value().size(); ++i) {
    if (std::find(known.begin(), known.end(), listed.value()[i]) == known.end()) {
      std::string expected(known.front());
      for (std::size_t k = 1; k < N; ++k) {
        expected += (k + 1 == N ? " or " : ", ") + std::string(known[k]);
      }
      return policy_error(path + "[" + std::to_string(i) + "]",
                          "unknown " + std::string(kind) + " " + json_quoted(listed.value()[i]) +
                              " (expected " + expected + ")");
    }
  }
  return std::set<std::string>(listed.value().begin(), listed.value().end());
}

// The auditLog.destination values mongod accepts (AuditManager::_setDestinationFromConfig, MongoDB
// Enterprise: file, syslog, console).
constexpr std::array<std::string_view, 3> kAuditDestinations = {"file", "syslog", "console"};

Result<Ok> read_audit_destinations(const json& value, Policy& policy) {
  auto destinations =
      read_known_names("audit_destinations", value, kAuditDestinations, "destination");
  if (!destinations) return destinations.error();
  policy.audit_destinations = std::move(destinations.value());
  return Ok{};
}

// HARD-015's list: "syslog", "console" or an absolute path without "..", a directory ending in '/'.
Result<Ok> read_collected_logs(const json& value, Policy& policy) {
  if (!value.is_array()) return wrong_type("collected_logs", "an array", value);
  std::set<std::string> collected;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string path = "collected_logs[" + std::to_string(i) + "]";
    if (!value[i].is_string()) return wrong_type(path, "a string", value[i]);
    const std::string entry = value[i].get<std::string>();
    const bool absolute = entry.starts_with('/') && entry.find("..") == std::string::npos;
    if (entry != "syslog" && entry != "console" && !absolute) {
      return policy_error(path,
                          "must be syslog, console or an absolute path, not " + json_quoted(entry));
    }
    collected.insert(entry);
  }
  policy.collected_logs = std::move(collected);
  return Ok{};
}

// security.encryptionCipherMode's values (manual, "security.encryptionCipherMode").
constexpr std::array<std::string_view, 2> kEncryptionCipherModes = {"AES256-CBC", "AES256-GCM"};

Result<Ok> read_encryption_cipher_modes(const json& value, Policy& policy) {
  auto modes =
      read_known_names("encryption_cipher_modes", value, kEncryptionCipherModes, "cipher mode");
  if (!modes) return modes.error();
  policy.encryption_cipher_modes = std::move(modes.value());
  return Ok{};
}

Result<Ok> read_data_model(const json& value, Policy& policy) {
  using Rules = DataModelRules;
  static constexpr std::array<std::pair<std::string_view, std::int64_t Rules::*>, 8> kCounts = {{
      {"max_name_bytes", &Rules::max_name_bytes},
      {"average_document_bytes", &Rules::average_document_bytes},
      {"max_document_bytes", &Rules::max_document_bytes},
      {"document_limit_percent", &Rules::document_limit_percent},
      {"max_depth", &Rules::max_depth},
      {"max_array_length", &Rules::max_array_length},
      {"max_collections_per_instance", &Rules::max_collections_per_instance},
      {"max_collections_per_database", &Rules::max_collections_per_database},
  }};
  if (!value.is_object()) return wrong_type("data_model", "an object", value);
  Rules& rules = policy.data_model;
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "data_model." + key;
    if (const auto* count = entry_named(kCounts, key)) {
      auto number = read_count(path, setting);
      if (!number) return number.error();
      rules.*(count->second) = number.value();
    } else if (key == "database_prefix" || key == "collection_prefix") {
      if (!setting.is_string()) return wrong_type(path, "a string", setting);
      (key == "database_prefix" ? rules.database_prefix : rules.collection_prefix) =
          setting.get<std::string>();
    } else if (key == "time_suffixed_families") {
      if (!setting.is_boolean()) return wrong_type(path, "true or false", setting);
      rules.time_suffixed_families = setting.get<bool>();
    } else if (key == "core_collections") {
      auto names = read_strings(path, setting);
      if (!names) return names.error();
      rules.core_collections = std::set<std::string>(names.value().begin(), names.value().end());
    } else {
      return policy_error(path,
                          "unknown key (expected database_prefix, collection_prefix, "
                          "time_suffixed_families, core_collections or a limit such as max_depth)");
    }
  }
  if (rules.document_limit_percent > 100)
    return policy_error("data_model.document_limit_percent", "must be 0 to 100");
  return Ok{};
}

Result<Ok> read_config_findings(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("config_findings", "an object", value);
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "config_findings." + key;
    if (key != "per_file" && key != "per_scan")
      return policy_error(path, "unknown key (expected per_file or per_scan)");
    auto count = read_count(path, setting);
    if (!count) return count.error();
    if (count.value() == 0) return policy_error(path, "must be at least 1");
    (key == "per_file" ? policy.config_findings.per_file : policy.config_findings.per_scan) =
        count.value();
  }
  return Ok{};
}

// The range the Atlas Administration API accepts for maxServiceAccountSecretValidityInHours
// (OrganizationSettings): a lower maximum could never be met.
constexpr std::int64_t kAtlasSecretValidityMinHours = 8;
constexpr std::int64_t kAtlasSecretValidityMaxHours = 8760;

Result<Ok> read_atlas(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("atlas", "an object", value);
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "atlas." + key;
    if (key != "backup_min_retention_days" && key != "max_service_account_secret_validity_hours") {
      return policy_error(path,
                          "unknown key (expected backup_min_retention_days or "
                          "max_service_account_secret_validity_hours)");
    }
    auto count = read_count(path, setting);
    if (!count) return count.error();
    if (key == "backup_min_retention_days") {
      policy.atlas.backup_min_retention_days = count.value();
      continue;
    }
    if (count.value() < kAtlasSecretValidityMinHours ||
        count.value() > kAtlasSecretValidityMaxHours) {
      return policy_error(path, "must be 8 to 8760 (the hours the Atlas API accepts)");
    }
    policy.atlas.max_service_account_secret_validity_hours = count.value();
  }
  return Ok{};
}

Result<Ok> read_tencentcloud(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("tencentcloud", "an object", value);
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "tencentcloud." + key;
    if (key != "backup_min_retention_days")
      return policy_error(path, "unknown key (expected backup_min_retention_days)");
    auto count = read_count(path, setting);
    if (!count) return count.error();
    policy.tencentcloud.backup_min_retention_days = count.value();
  }
  return Ok{};
}

Result<Ok> read_audit_authorization_success(const json& value, Policy& policy) {
  if (!value.is_boolean()) return wrong_type("audit_authorization_success", "true or false", value);
  policy.audit_authorization_success = value.get<bool>();
  return Ok{};
}

Result<Ok> read_stig_literal(const json& value, Policy& policy) {
  if (!value.is_boolean()) return wrong_type("stig_literal", "true or false", value);
  policy.stig_literal = value.get<bool>();
  return Ok{};
}

// Issuer DNs, or "sha256:" and 64 hex digits.
Result<Ok> read_tls_approved_issuers(const json& value, Policy& policy) {
  if (!value.is_array()) return wrong_type("tls_approved_issuers", "a list", value);
  std::vector<std::string> issuers;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string path = "tls_approved_issuers[" + std::to_string(i) + "]";
    if (!value[i].is_string() || value[i].get<std::string>().empty())
      return wrong_type(path, "a subject DN or sha256:HEX", value[i]);
    const std::string issuer = value[i].get<std::string>();
    if (issuer.starts_with("sha256:")) {
      const std::string_view hex = std::string_view(issuer).substr(7);
      const bool well_formed =
          hex.size() == 64 && std::all_of(hex.begin(), hex.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
          });
      if (!well_formed) return policy_error(path, "sha256: must be followed by 64 hex digits");
    }
    issuers.push_back(issuer);
  }
  policy.tls_approved_issuers = std::move(issuers);
  return Ok{};
}

Result<Ok> read_allow_incomplete(const json& value, Policy& policy) {
  if (!value.is_boolean()) return wrong_type("allow_incomplete", "true or false", value);
  policy.allow_incomplete = value.get<bool>();
  return Ok{};
}

Result<Ok> read_severity_overrides(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("severity_overrides", "an object", value);
  for (const auto& [id, severity_text] : value.items()) {
    const std::string path = "severity_overrides." + id;
    if (find_check(id) == nullptr) return policy_error(path, "unknown check id");
    if (!severity_text.is_string()) return wrong_type(path, "a severity string", severity_text);
    const auto severity = parse_severity(severity_text.get<std::string>());
    if (!severity) {
      return policy_error(path, "unknown severity " + severity_text.dump() +
                                    " (expected info, low, medium, high or critical)");
    }
    policy.severity_overrides[id] = *severity;
  }
  return Ok{};
}

// "27017" or "27017-27020".
std::optional<std::pair<std::uint16_t, std::uint16_t>> port_range(const std::string& text) {
  const auto dash = text.find('-');
  auto number = [](const std::string& part) -> std::optional<std::uint16_t> {
    if (part.empty() || part.size() > 5 ||
        !std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    const long value = std::stol(part);
    if (value < 1 || value > 65535) return std::nullopt;
    return static_cast<std::uint16_t>(value);
  };
  const auto first = number(text.substr(0, dash));
  const auto last = dash == std::string::npos ? first : number(text.substr(dash + 1));
  if (!first || !last || *last < *first) return std::nullopt;
  return std::pair{*first, *last};
}

Result<Ok> read_exposure(const json& value, Policy& policy) {
  if (!value.is_object()) return wrong_type("exposure", "an object", value);
  for (const auto& [key, setting] : value.items()) {
    const std::string path = "exposure." + key;
    if (key == "ports" || key == "allowed_sources") {
      auto texts = read_strings(path, setting);
      if (!texts) return texts.error();
      if (key == "allowed_sources") {
        policy.exposure.allowed_sources = texts.value();
        continue;
      }
      policy.exposure.ports.clear();
      for (std::size_t i = 0; i < texts.value().size(); ++i) {
        const auto range = port_range(texts.value()[i]);
        if (!range) {
          return policy_error(
              path + "[" + std::to_string(i) + "]",
              "expected a port or first-last (1 to 65535), got " + json_quoted(texts.value()[i]));
        }
        policy.exposure.ports.push_back(*range);
      }
    } else if (key == "widest_public_prefix_v4" || key == "widest_public_prefix_v6") {
      auto prefix = read_count(path, setting);
      if (!prefix) return prefix.error();
      const bool v4 = key == "widest_public_prefix_v4";
      if (prefix.value() > (v4 ? 32 : 128))
        return policy_error(path, v4 ? "must be 0 to 32" : "must be 0 to 128");
      (v4 ? policy.exposure.widest_public_prefix_v4 : policy.exposure.widest_public_prefix_v6) =
          static_cast<int>(prefix.value());
    } else {
      return policy_error(path,
                          "unknown key (expected ports, widest_public_prefix_v4, "
                          "widest_public_prefix_v6 or allowed_sources)");
    }
  }
  return Ok{};
}

Result<Ok> read_disabled_checks(const json& value, Policy& policy) {
  auto ids = read_check_ids("disabled_checks", value);
  if (!ids) return ids.error();
  policy.disabled_checks = std::move(ids.value());
  return Ok{};
}

Result<Ok> read_gating_contexts(const json& value, Policy& policy) {
  if (!value.is_array()) return wrong_type("gating_contexts", "an array of strings", value);
  std::set<FileContext> contexts;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string path = "gating_contexts[" + std::to_string(i) + "]";
    if (!value[i].is_string()) return wrong_type(path, "a string", value[i]);
    const auto context = file_context_named(value[i].get<std::string>());
    if (!context) {
      return policy_error(path, "unknown context " + value[i].dump() +
                                    " (expected production, example, test or documentation)");
    }
    contexts.insert(*context);
  }
  policy.gating_contexts = std::move(contexts);
  return Ok{};
}

using SectionReader = Result<Ok> (*)(const json&, Policy&);

constexpr std::array<std::pair<std::string_view, SectionReader>, 26> kSections = {{
    {"workload", read_workload},
    {"read_preferences", read_read_preferences},
    {"majority_write_workloads", read_majority_write_workloads},
    {"pool_ranges", read_pool_ranges},
    {"passwords", read_passwords},
    {"connection", read_connection},
    {"connection_budget", read_connection_budget},
    {"administrators", read_administrators},
    {"monitoring_accounts", read_monitoring_accounts},
    {"tls_certificate_warn_days", read_tls_certificate_warn_days},
    {"audit_destinations", read_audit_destinations},
    {"collected_logs", read_collected_logs},
    {"audit_authorization_success", read_audit_authorization_success},
    {"stig_literal", read_stig_literal},
    {"tls_approved_issuers", read_tls_approved_issuers},
    {"encryption_cipher_modes", read_encryption_cipher_modes},
    {"identity", read_identity},
    {"data_model", read_data_model},
    {"config_findings", read_config_findings},
    {"exposure", read_exposure},
    {"atlas", read_atlas},
    {"tencentcloud", read_tencentcloud},
    {"gating_contexts", read_gating_contexts},
    {"allow_incomplete", read_allow_incomplete},
    {"severity_overrides", read_severity_overrides},
    {"disabled_checks", read_disabled_checks},
}};

Result<Policy> read_policy(const json& document) {
  if (!document.is_object()) return wrong_type("(document)", "an object", document);
  Policy policy;
  for (const auto& [key, value] : document.items()) {
    const auto* section = entry_named(kSections, key);
    if (section == nullptr) {
      return policy_error(
          key,
          "unknown key (expected workload, read_preferences, "
          "majority_write_workloads, pool_ranges, passwords, connection_budget, "
          "administrators, monitoring_accounts, tls_certificate_warn_days, audit_destinations, "
          "collected_logs, "
          "audit_authorization_success, stig_literal, tls_approved_issuers, "
          "encryption_cipher_modes, identity, "
          "data_model, config_findings, exposure, atlas, tencentcloud, allow_incomplete, "
          "severity_overrides or "
          "disabled_checks)");
    }
    auto read = section->second(value, policy);
    if (!read) return read.error();
  }
  if (!policy.read_preferences.contains(policy.workload)) {
    return policy_error("workload",
                        json_quoted(policy.workload) + " has no entry in read_preferences");
  }
  return policy;
}

}  // namespace

Result<Policy> parse_policy(std::string_view json_text) {
  json document;
  try {
    document = json::parse(json_text);
  } catch (const json::exception& e) {
    // parse_error and out_of_range (a number beyond double, 1e400) alike: what() reads
    // "[json.exception.parse_error.101] parse error at line 1, column 5: ...".
    const std::string what = e.what();
    const auto prefix_end = what.find("] ");
    return policy_error("(document)",
                        "not valid JSON: " +
                            (prefix_end == std::string::npos ? what : what.substr(prefix_end + 2)));
  }
  return read_policy(document);
}

}  // namespace mongoscan
