#include "checks/application/application.h"

#include "checks/application/common_passwords.h"
#include "checks/inline_allow.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr std::string_view kServerSideAdvice = "; read it from the environment or a secret store";
// A bundle served as it is: whoever loads the site can read the password, and no browser code can
// keep one from its user.
constexpr std::string_view kShippedBundleAdvice =
    " inside a JavaScript bundle that is served as it is once deployed, to anyone who loads the "
    "site; keep database access on a server and rotate the password";

constexpr std::string_view kUriCheck = "APP-001";
constexpr std::string_view kKeyCheck = "APP-002";

// Passwords that products and tutorials ship as defaults.
bool is_default_password(std::string_view password) {
  const std::string lower = to_lower_ascii(password);
  for (std::string_view word :
       {"changeme", "change_me", "changeit", "password", "passw0rd", "p@ssw0rd", "admin", "root",
        "secret", "test", "mongo", "mongodb", "default", "guest", "letmein", "example", "pass"}) {
    if (lower == word) return true;
  }
  return false;
}

bool password_is_user(const CredentialHit& hit) {
  return !hit.user.empty() && equals_ignore_case(hit.password.reveal(), hit.user);
}

std::string where_held(const CredentialHit& hit) {
  switch (hit.kind) {
    case CredentialHit::Kind::uri_password:
      return "a connection string" + (hit.host.empty() ? "" : " to " + hit.host);
    case CredentialHit::Kind::credential_key:
      return "the key " + hit.key;
    case CredentialHit::Kind::driver_argument:
      return "a call to " + hit.key;
    case CredentialHit::Kind::cli_argument:
      return "the command-line option " + hit.key;
  }
  return "";
}

Finding credential_finding(const CheckSpec& spec, const CredentialHit& hit, const Policy& policy) {
  const std::string weak = weak_default_reason(hit);
  const std::string shown = redact_secret(hit.password);
  json evidence = {
      {"kind", to_string(hit.kind)}, {"redacted_value", shown}, {"weak", !weak.empty()}};
  if (!hit.key.empty()) evidence["key"] = hit.key;
  // A user whose password is its own name is not named: the name would give the password away.
  const std::string user = password_is_user(hit) ? "" : hit.user;
  if (!user.empty()) evidence["user"] = user;
  if (!hit.host.empty()) evidence["host"] = hit.host;
  if (!weak.empty()) evidence["weak_reason"] = weak;
  if (hit.in_shipped_bundle) evidence["shipped_bundle"] = true;
  const std::string message =
      (weak.empty() ? "hardcoded password " : "hardcoded weak default password (" + weak + ") ") +
      shown + " in " + where_held(hit) + (user.empty() ? "" : " for user " + user) +
      std::string(hit.in_shipped_bundle ? kShippedBundleAdvice : kServerSideAdvice);
  Finding finding = make_finding(
      spec, policy, Subject::file(hit.location.path, hit.location.line, hit.location.column),
      {Status::fail, message, evidence});
  if (!weak.empty()) {
    finding.severity = Severity::low;
  } else if (hit.in_shipped_bundle && !policy.severity_overrides.contains(spec.id)) {
    finding.severity = Severity::critical;
  }
  finding.fingerprint = hit.fingerprint;
  if (hit.allowed_inline) apply_inline_allow(hit.allow_comment, hit.password.reveal(), finding);
  return finding;
}

// One finding for the credentials of one kind a file holds past the limits: they were found,
// so they fail like the ones listed, but are counted instead of listed one by one.
Finding unlisted_finding(const CheckSpec& spec, const UnlistedCredentials& unlisted,
                         const Policy& policy) {
  const json evidence = {{"kind", to_string(unlisted.kind)},
                         {"unlisted_count", unlisted.count},
                         {"per_file_limit", policy.config_findings.per_file},
                         {"per_scan_limit", policy.config_findings.per_scan}};
  return make_finding(
      spec, policy, Subject{Subject::Kind::file, unlisted.path, std::nullopt, std::nullopt},
      {Status::fail,
       std::to_string(unlisted.count) + " more hardcoded password" +
           (unlisted.count == 1 ? "" : "s") + " (" + std::string(to_string(unlisted.kind)) +
           ") in this file, not listed one by one: past the limit of findings "
           "per file or per scan",
       evidence});
}

}  // namespace

const std::vector<CheckSpec>& application_specs() {
  static const std::vector<CheckSpec> specs = {
      {std::string(kUriCheck),
       "No connection string with an embedded password in application files",
       Layer::credentials,
       Severity::high,
       {{Framework::devspec, "A3.7", "Application: credential storage"}},
       "Remove the password from the connection string and let the driver take it from the "
       "environment or a secret manager (Vault, AWS Secrets Manager, Kubernetes Secrets); then "
       "rotate it, since it is in the history.",
       "No application file holds a MongoDB connection string with an embedded password "
       "(`--config-path`)."},
      {std::string(kKeyCheck),
       "No hardcoded password under credential keys, in driver calls or on command lines",
       Layer::credentials,
       Severity::high,
       {{Framework::devspec, "A3.7", "Application: credential storage"}},
       "Replace the value with a reference (${MONGO_PASSWORD}, a secretKeyRef, a KMS lookup) and "
       "rotate the password; a value the team accepts can carry a `mongoscan:allow` comment or "
       "go into the baseline.",
       "No hardcoded password under a credential key (`password`, `pwd`, `secret`, "
       "`credential`, `spring.data.mongodb.password`, `MONGO_INITDB_ROOT_PASSWORD`, "
       "`db_pass`…), in a driver call (`MongoCredential.create…`, `setPassword(\"…\")`) or "
       "on a command line (`mongosh -p '…'`, `--password=…`)."},
  };
  return specs;
}

std::string weak_default_reason(const CredentialHit& hit) {
  const std::string& password = hit.password.reveal();
  if (is_default_password(password)) return "a default password";
  if (!hit.user.empty() && equals_ignore_case(password, hit.user))
    return "the same as the user name";
  if (is_common_password(password)) return "a common password";
  return {};
}

std::vector<Finding> check_config_facts(const ConfigFacts& facts, const Policy& policy) {
  std::vector<Finding> findings;
  const CheckSpec& uri_spec = application_specs()[0];
  const CheckSpec& key_spec = application_specs()[1];
  bool uri_found = false;
  bool key_found = false;
  for (const CredentialHit& hit : facts.credentials) {
    const bool in_uri = hit.kind == CredentialHit::Kind::uri_password;
    (in_uri ? uri_found : key_found) = true;
    findings.push_back(credential_finding(in_uri ? uri_spec : key_spec, hit, policy));
  }
  for (const UnlistedCredentials& unlisted : facts.unlisted_credentials) {
    const bool in_uri = unlisted.kind == CredentialHit::Kind::uri_password;
    (in_uri ? uri_found : key_found) = true;
    findings.push_back(unlisted_finding(in_uri ? uri_spec : key_spec, unlisted, policy));
  }
  const json evidence = {{"files_scanned", facts.files_scanned},
                         {"bytes_scanned", facts.bytes_scanned},
                         {"skipped_files", facts.skipped.size()}};
  for (const std::string& root : facts.roots) {
    const Subject subject{Subject::Kind::file, root, std::nullopt, std::nullopt};
    if (facts.files_scanned == 0) {
      // No evidence: neither check may pass.
      const std::string reason =
          "no file was scanned (" + std::to_string(facts.skipped.size()) + " skipped)";
      for (const CheckSpec* spec : {&uri_spec, &key_spec})
        findings.push_back(
            make_finding(*spec, policy, subject, {Status::skipped, reason, evidence}));
      continue;
    }
    if (!uri_found) {
      findings.push_back(
          make_finding(uri_spec, policy, subject,
                       {Status::pass, "no connection string with a password", evidence}));
    }
    if (!key_found) {
      findings.push_back(make_finding(key_spec, policy, subject,
                                      {Status::pass, "no hardcoded password", evidence}));
    }
  }
  return findings;
}

}  // namespace mongoscan
