#include "checks/policy_json.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace mongoscan {
namespace policy_json_test {
namespace {

Policy parse_ok(const std::string& json_text) {
  auto policy = parse_policy(json_text);
  EXPECT_TRUE(policy.ok()) << (policy.ok() ? "" : policy.error().message);
  return policy.ok() ? policy.value() : Policy{};
}

// The error message, checked to be a one-line usage error of the policy phase.
std::string parse_error(const std::string& json_text) {
  auto policy = parse_policy(json_text);
  EXPECT_FALSE(policy.ok()) << json_text;
  if (policy.ok()) return "";
  EXPECT_EQ(policy.error().code, ErrorCode::usage);
  EXPECT_EQ(policy.error().phase, "policy");
  EXPECT_EQ(policy.error().message.find('\n'), std::string::npos) << policy.error().message;
  return policy.error().message;
}

// The error for `json_text` starts with `prefix`: its JSON path and a colon.
::testing::AssertionResult error_starts_with(const std::string& json_text,
                                             const std::string& prefix) {
  const std::string message = parse_error(json_text);
  if (message.starts_with(prefix)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "the error is: " << message;
}

TEST(ParsePolicy, EmptyObjectKeepsEveryDefault) {
  const Policy parsed = parse_ok("{}");
  const Policy defaults;
  EXPECT_EQ(parsed.workload, defaults.workload);
  EXPECT_EQ(parsed.read_preferences, defaults.read_preferences);
  EXPECT_EQ(parsed.majority_write_workloads, defaults.majority_write_workloads);
  EXPECT_EQ(parsed.pool_ranges.at("maxPoolSize").min, 50);
  EXPECT_EQ(parsed.passwords.min_length, 12);
  EXPECT_EQ(parsed.tls_certificate_warn_days, 30);
  EXPECT_EQ(parsed.atlas.backup_min_retention_days, 7);
  EXPECT_EQ(parsed.atlas.max_service_account_secret_validity_hours, 8);
  EXPECT_TRUE(parsed.severity_overrides.empty());
  EXPECT_TRUE(parsed.disabled_checks.empty());
}

TEST(ParsePolicy, TheExampleFileIsComplete) {
  std::ifstream file(MONGOSCAN_SOURCE_DIR "/fixtures/policy/example-policy.json");
  ASSERT_TRUE(file);
  std::ostringstream text;
  text << file.rdbuf();
  const Policy policy = parse_ok(text.str());
  EXPECT_EQ(policy.workload, "core");
  EXPECT_EQ(policy.read_preferences, Policy{}.read_preferences);
  EXPECT_EQ(policy.pool_ranges.size(), 5u);
  EXPECT_EQ(policy.severity_for("CONN-007", Severity::low), Severity::medium);
  EXPECT_EQ(policy.connection_budget.app_instances, 4);
  EXPECT_EQ(policy.administrators, (std::set<std::string>{"admin@admin"}));
  EXPECT_EQ(policy.tls_certificate_warn_days, 30);
  EXPECT_FALSE(policy.connection.explicit_options);
  EXPECT_EQ(policy.gating_contexts, Policy{}.gating_contexts);
  EXPECT_TRUE(policy.identity.cluster_x509);
  EXPECT_EQ(policy.exposure.allowed_sources, (std::vector<std::string>{"203.0.113.0/24"}));
  EXPECT_EQ(policy.atlas.backup_min_retention_days, 7);
  EXPECT_EQ(policy.atlas.max_service_account_secret_validity_hours, 8);
  EXPECT_EQ(policy.tencentcloud.backup_min_retention_days, 7);
}

TEST(ParsePolicy, AtlasBackupRetentionAndSecretValidity) {
  const Policy policy = parse_ok(
      R"({"atlas": {"backup_min_retention_days": 30,
                    "max_service_account_secret_validity_hours": 720}})");
  EXPECT_EQ(policy.atlas.backup_min_retention_days, 30);
  EXPECT_EQ(policy.atlas.max_service_account_secret_validity_hours, 720);
  EXPECT_EQ(parse_ok(R"({"atlas": {"backup_min_retention_days": 1}})")
                .atlas.max_service_account_secret_validity_hours,
            8);
  EXPECT_EQ(parse_error(R"({"atlas": {"max_service_account_secret_validity_hours": 4}})"),
            "atlas.max_service_account_secret_validity_hours: must be 8 to 8760 (the hours the "
            "Atlas API accepts)");
  EXPECT_EQ(parse_error(R"({"atlas": {"max_service_account_secret_validity_hours": 9000}})"),
            "atlas.max_service_account_secret_validity_hours: must be 8 to 8760 (the hours the "
            "Atlas API accepts)");
  EXPECT_EQ(parse_error(R"({"atlas": {"backup_min_retention_days": -1}})"),
            "atlas.backup_min_retention_days: must not be negative");
  EXPECT_EQ(parse_error(R"({"atlas": {"backup_days": 7}})"),
            "atlas.backup_days: unknown key (expected backup_min_retention_days or "
            "max_service_account_secret_validity_hours)");
  EXPECT_EQ(parse_error(R"({"atlas": 7})"), "atlas: expected an object, got number");
}

TEST(ParsePolicy, TencentCloudBackupRetention) {
  EXPECT_EQ(Policy{}.tencentcloud.backup_min_retention_days, 7);
  EXPECT_EQ(parse_ok(R"({"tencentcloud": {"backup_min_retention_days": 30}})")
                .tencentcloud.backup_min_retention_days,
            30);
  EXPECT_EQ(parse_error(R"({"tencentcloud": {"backup_min_retention_days": -1}})"),
            "tencentcloud.backup_min_retention_days: must not be negative");
  EXPECT_EQ(parse_error(R"({"tencentcloud": {"retention": 7}})"),
            "tencentcloud.retention: unknown key (expected backup_min_retention_days)");
  EXPECT_EQ(parse_error(R"({"tencentcloud": []})"), "tencentcloud: expected an object, got array");
}

TEST(ParsePolicy, ExposurePortsPrefixesAndAllowedSources) {
  EXPECT_EQ(Policy{}.exposure.ports,
            (std::vector<std::pair<std::uint16_t, std::uint16_t>>{{27017, 27020}}));
  const Policy policy = parse_ok(
      R"({"exposure": {"ports": ["27017", "28000-28010"], "widest_public_prefix_v4": 16,
                       "widest_public_prefix_v6": 32, "allowed_sources": ["198.51.100.0/22"]}})");
  EXPECT_EQ(policy.exposure.ports,
            (std::vector<std::pair<std::uint16_t, std::uint16_t>>{{27017, 27017}, {28000, 28010}}));
  EXPECT_EQ(policy.exposure.widest_public_prefix_v4, 16);
  EXPECT_EQ(policy.exposure.widest_public_prefix_v6, 32);
  EXPECT_EQ(policy.exposure.allowed_sources, (std::vector<std::string>{"198.51.100.0/22"}));
  EXPECT_EQ(parse_error(R"({"exposure": {"ports": ["27019-27017"]}})"),
            "exposure.ports[0]: expected a port or first-last (1 to 65535), got \"27019-27017\"");
  for (const char* bad :
       {R"({"exposure": {"ports": ["0"]}})", R"({"exposure": {"ports": ["x"]}})",
        R"({"exposure": {"ports": ["70000"]}})", R"({"exposure": {"widest_public_prefix_v4": 33}})",
        R"({"exposure": {"widest_public_prefix_v6": 129}})", R"({"exposure": {"port": ["27017"]}})",
        R"({"exposure": []})"}) {
    EXPECT_FALSE(parse_policy(bad).ok()) << bad;
  }
}

TEST(ParsePolicy, AdministratorsAndConnectionBudget) {
  EXPECT_FALSE(Policy{}.administrators.has_value()) << "nobody is declared by default";
  const Policy policy = parse_ok(
      R"({"administrators": ["root@admin", "ops@$external"],
          "connection_budget": {"max_percent": 60}})");
  EXPECT_EQ(policy.administrators, (std::set<std::string>{"root@admin", "ops@$external"}));
  EXPECT_EQ(policy.connection_budget.max_percent, 60);
  EXPECT_FALSE(policy.connection_budget.app_instances.has_value());
  for (const char* bad :
       {R"({"administrators": ["root"]})", R"({"administrators": ["@admin"]})",
        R"({"administrators": "root@admin"})", R"({"connection_budget": {"max_percent": 0}})",
        R"({"connection_budget": {"app_instances": 0}})",
        R"({"connection_budget": {"pool": 1}})"}) {
    EXPECT_FALSE(parse_policy(bad).ok()) << bad;
  }
}

TEST(ParsePolicy, ConnectionExplicitOptions) {
  EXPECT_TRUE(
      parse_ok(R"({"connection": {"explicit_options": true}})").connection.explicit_options);
  EXPECT_EQ(parse_error(R"({"connection": {"explicit_options": "yes"}})"),
            "connection.explicit_options: expected true or false, got string");
  EXPECT_EQ(parse_error(R"({"connection": {"explicit": true}})"),
            "connection.explicit: unknown key (expected explicit_options)");
  EXPECT_FALSE(parse_policy(R"({"connection": true})").ok());
}

TEST(ParsePolicy, GatingContexts) {
  EXPECT_EQ(Policy{}.gating_contexts,
            (std::set<FileContext>{FileContext::production, FileContext::example}));
  EXPECT_EQ(parse_ok(R"({"gating_contexts": ["production", "test", "test"]})").gating_contexts,
            (std::set<FileContext>{FileContext::production, FileContext::test}));
  EXPECT_TRUE(parse_ok(R"({"gating_contexts": []})").gating_contexts.empty());
  EXPECT_EQ(parse_error(R"({"gating_contexts": ["production", "tests"]})"),
            "gating_contexts[1]: unknown context \"tests\" (expected production, example, test or "
            "documentation)");
  EXPECT_EQ(parse_error(R"({"gating_contexts": "production"})"),
            "gating_contexts: expected an array of strings, got string");
}

TEST(ParsePolicy, TlsCertificateWarnDays) {
  EXPECT_EQ(parse_ok(R"({"tls_certificate_warn_days": 60})").tls_certificate_warn_days, 60);
  EXPECT_EQ(parse_ok(R"({"tls_certificate_warn_days": 0})").tls_certificate_warn_days, 0);
  EXPECT_EQ(parse_error(R"({"tls_certificate_warn_days": "30"})"),
            "tls_certificate_warn_days: expected an integer, got string");
  EXPECT_EQ(parse_error(R"({"tls_certificate_warn_days": -1})"),
            "tls_certificate_warn_days: must not be negative");
}

TEST(ParsePolicy, AuditDestinations) {
  EXPECT_EQ(Policy{}.collected_logs, (std::set<std::string>{"syslog"}));
  EXPECT_EQ(parse_ok(R"({"collected_logs": ["console", "/var/log/mongodb/"]})").collected_logs,
            (std::set<std::string>{"console", "/var/log/mongodb/"}));
  EXPECT_EQ(parse_error(R"({"collected_logs": ["logs/"]})"),
            "collected_logs[0]: must be syslog, console or an absolute path, not \"logs/\"");
  EXPECT_EQ(Policy{}.audit_destinations, (std::set<std::string>{"file", "syslog"}));
  EXPECT_EQ(parse_ok(R"({"audit_destinations": ["syslog"]})").audit_destinations,
            std::set<std::string>{"syslog"});
  EXPECT_EQ(parse_error(R"({"audit_destinations": ["stdout"]})"),
            "audit_destinations[0]: unknown destination \"stdout\" (expected file, syslog or "
            "console)");
  EXPECT_EQ(parse_error(R"({"audit_destinations": []})"),
            "audit_destinations: must list at least one");
}

TEST(ParsePolicy, EncryptionCipherModes) {
  EXPECT_EQ(Policy{}.encryption_cipher_modes, (std::set<std::string>{"AES256-CBC", "AES256-GCM"}));
  EXPECT_EQ(parse_ok(R"({"encryption_cipher_modes": ["AES256-GCM"]})").encryption_cipher_modes,
            std::set<std::string>{"AES256-GCM"});
  EXPECT_EQ(parse_error(R"({"encryption_cipher_modes": ["AES128-CBC"]})"),
            "encryption_cipher_modes[0]: unknown cipher mode \"AES128-CBC\" (expected "
            "AES256-CBC or AES256-GCM)");
  EXPECT_EQ(parse_error(R"({"encryption_cipher_modes": []})"),
            "encryption_cipher_modes: must list at least one");
}

TEST(ParsePolicy, MonitoringAccounts) {
  EXPECT_TRUE(Policy{}.monitoring_accounts.empty());
  EXPECT_EQ(parse_ok(R"({"monitoring_accounts": ["pmm@admin"]})").monitoring_accounts,
            std::set<std::string>{"pmm@admin"});
  EXPECT_EQ(parse_error(R"({"monitoring_accounts": ["pmm"]})"),
            "monitoring_accounts[0]: expected user@database, got \"pmm\"");
}

TEST(ParsePolicy, AuditAuthorizationSuccess) {
  EXPECT_FALSE(Policy{}.audit_authorization_success);
  EXPECT_TRUE(parse_ok(R"({"audit_authorization_success": true})").audit_authorization_success);
  EXPECT_EQ(parse_error(R"({"audit_authorization_success": "yes"})"),
            "audit_authorization_success: expected true or false, got string");
}

TEST(ParsePolicy, StigLiteral) {
  EXPECT_TRUE(parse_ok(R"({"stig_literal": true})").stig_literal);
  EXPECT_EQ(parse_error(R"({"stig_literal": 1})"),
            "stig_literal: expected true or false, got number");
}

TEST(ParsePolicy, TlsApprovedIssuers) {
  EXPECT_TRUE(Policy{}.tls_approved_issuers.empty());
  const std::string hash(64, 'f');
  EXPECT_EQ(parse_ok(R"({"tls_approved_issuers": ["CN=Root,O=Org", "sha256:)" + hash + R"("]})")
                .tls_approved_issuers,
            (std::vector<std::string>{"CN=Root,O=Org", "sha256:" + hash}));
  EXPECT_EQ(parse_error(R"({"tls_approved_issuers": ["sha256:abc"]})"),
            "tls_approved_issuers[0]: sha256: must be followed by 64 hex digits");
  EXPECT_EQ(parse_error(R"({"tls_approved_issuers": [""]})"),
            "tls_approved_issuers[0]: expected a subject DN or sha256:HEX, got string");
}

TEST(ParsePolicy, IdentityRequirements) {
  const IdentityRules defaults = Policy{}.identity;
  EXPECT_TRUE(defaults.cluster_x509);
  EXPECT_FALSE(defaults.x509_clients);
  EXPECT_FALSE(defaults.organisation_authentication);
  const Policy policy =
      parse_ok(R"({"identity": {"cluster_x509": false, "organisation_authentication": true}})");
  EXPECT_FALSE(policy.identity.cluster_x509);
  EXPECT_FALSE(policy.identity.x509_clients);
  EXPECT_TRUE(policy.identity.organisation_authentication);
  EXPECT_EQ(parse_error(R"({"identity": {"x509_clients": "yes"}})"),
            "identity.x509_clients: expected true or false, got string");
  EXPECT_TRUE(error_starts_with(R"({"identity": {"ldap": true}})", "identity.ldap: unknown key"));
  EXPECT_EQ(parse_error(R"({"identity": true})"), "identity: expected an object, got boolean");
}

TEST(ParsePolicy, ConfigFindingLimitsAndAllowIncomplete) {
  EXPECT_FALSE(Policy{}.allow_incomplete) << "an incomplete scan does not pass by default";
  const Policy policy =
      parse_ok(R"({"config_findings": {"per_file": 5}, "allow_incomplete": true})");
  EXPECT_EQ(policy.config_findings.per_file, 5);
  EXPECT_EQ(policy.config_findings.per_scan, ConfigFindingLimits{}.per_scan);
  EXPECT_TRUE(policy.allow_incomplete);
  EXPECT_EQ(parse_error(R"({"config_findings": {"per_file": 0}})"),
            "config_findings.per_file: must be at least 1");
  EXPECT_EQ(parse_error(R"({"config_findings": {"per_dir": 1}})"),
            "config_findings.per_dir: unknown key (expected per_file or per_scan)");
  EXPECT_EQ(parse_error(R"({"allow_incomplete": "yes"})"),
            "allow_incomplete: expected true or false, got string");
}

TEST(ParsePolicy, KeysGivenOverrideAndOthersKeepDefaults) {
  const Policy policy = parse_ok(R"({
    "workload": "batch",
    "read_preferences": {"batch": ["secondaryPreferred", "NEAREST"]},
    "majority_write_workloads": ["batch"],
    "pool_ranges": {"maxPoolSize": {"max": 300}, "minPoolSize": {"min": 1, "max": 2}},
    "passwords": {"min_length": 16, "require_special": false},
    "severity_overrides": {"CONN-005": "Medium"},
    "disabled_checks": ["CONN-006", "AUTHN-005"]
  })");
  EXPECT_EQ(policy.workload, "batch");
  EXPECT_EQ(policy.read_preferences.at("batch"),
            (std::vector<std::string>{"secondaryPreferred", "nearest"}));
  EXPECT_EQ(policy.read_preferences.at("core"), Policy{}.read_preferences.at("core"));
  EXPECT_EQ(policy.majority_write_workloads, std::set<std::string>{"batch"});
  EXPECT_EQ(policy.pool_ranges.at("maxPoolSize").min, 50);
  EXPECT_EQ(policy.pool_ranges.at("maxPoolSize").max, 300);
  EXPECT_EQ(policy.pool_ranges.at("minPoolSize").max, 2);
  EXPECT_EQ(policy.pool_ranges.at("connectTimeoutMS").min, 10000);
  EXPECT_EQ(policy.passwords.min_length, 16);
  EXPECT_FALSE(policy.passwords.require_special);
  EXPECT_TRUE(policy.passwords.require_upper);
  EXPECT_EQ(policy.severity_for("CONN-005", Severity::high), Severity::medium);
  EXPECT_EQ(policy.disabled_checks, (std::set<std::string>{"AUTHN-005", "CONN-006"}));
}

TEST(ParsePolicy, ErrorsNameTheKey) {
  EXPECT_TRUE(error_starts_with(R"({"colour": 1})", "colour: unknown key"));
  EXPECT_EQ(parse_error(R"({"workload": 5})"), "workload: expected a non-empty string, got number");
  EXPECT_EQ(parse_error(R"({"workload": "batch"})"),
            "workload: \"batch\" has no entry in read_preferences");
  EXPECT_TRUE(error_starts_with(R"({"read_preferences": {"core": ["primary", "tertiary"]}})",
                                "read_preferences.core[1]: unknown read preference \"tertiary\""));
  EXPECT_EQ(parse_error(R"({"read_preferences": {"core": []}})"),
            "read_preferences.core: must list at least one mode");
  EXPECT_EQ(parse_error(R"({"majority_write_workloads": "core"})"),
            "majority_write_workloads: expected an array of strings, got string");
  EXPECT_EQ(parse_error(R"({"pool_ranges": {"maxPoolSize": {"min": 300}}})"),
            "pool_ranges.maxPoolSize: min 300 exceeds max 200");
  EXPECT_EQ(parse_error(R"({"pool_ranges": {"maxPoolSize": {"min": -1}}})"),
            "pool_ranges.maxPoolSize.min: must not be negative");
  EXPECT_EQ(parse_error(R"({"pool_ranges": {"maxPoolSize": {"max": 2.5}}})"),
            "pool_ranges.maxPoolSize.max: expected an integer, got number");
  EXPECT_EQ(parse_error(R"({"pool_ranges": {"maxPoolSize": {"mid": 1}}})"),
            "pool_ranges.maxPoolSize.mid: unknown key (expected min or max)");
  EXPECT_TRUE(error_starts_with(R"({"pool_ranges": {"heartbeatFrequencyMS": {}}})",
                                "pool_ranges.heartbeatFrequencyMS: unknown option"));
  EXPECT_EQ(parse_error(R"({"passwords": {"min_length": "12"}})"),
            "passwords.min_length: expected an integer, got string");
  EXPECT_EQ(parse_error(R"({"passwords": {"require_upper": 1}})"),
            "passwords.require_upper: expected true or false, got number");
  EXPECT_TRUE(error_starts_with(R"({"passwords": {"require_emoji": true}})",
                                "passwords.require_emoji: unknown key"));
  EXPECT_EQ(parse_error(R"({"severity_overrides": {"NET-999": "low"}})"),
            "severity_overrides.NET-999: unknown check id");
  EXPECT_EQ(parse_error(R"({"severity_overrides": {"CONN-005": "urgent"}})"),
            "severity_overrides.CONN-005: unknown severity \"urgent\" (expected info, low, medium, "
            "high or critical)");
  EXPECT_EQ(parse_error(R"({"disabled_checks": ["CONN-006", "conn-007"]})"),
            "disabled_checks[1]: unknown check id \"conn-007\"");
}

TEST(ParsePolicy, NotJsonNamesTheParserPosition) {
  const std::string message = parse_error("{\n  \"workload\": core\n}");
  EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;
  EXPECT_NE(message.find("line 2, column"), std::string::npos) << message;
  EXPECT_EQ(message.find("[json.exception"), std::string::npos) << message;
}

// nlohmann reports a number beyond double as out_of_range.406, not as a parse_error; a policy may
// come from the scanned repository, so it must be an error like any other.
TEST(ParsePolicy, ANumberOutOfRangeIsAnErrorNotAnAbort) {
  const std::string message = parse_error(R"({"workload": 1e400})");
  EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;
  EXPECT_NE(message.find("1e400"), std::string::npos) << message;
}

TEST(ParsePolicy, TheDocumentMustBeAnObject) {
  EXPECT_EQ(parse_error("[]"), "(document): expected an object, got array");
}

}  // namespace
}  // namespace policy_json_test
}  // namespace mongoscan
