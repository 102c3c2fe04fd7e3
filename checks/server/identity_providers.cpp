#include "checks/server/identity_providers.h"

#include <algorithm>
#include <string>
#include <variant>

#include "checks/server/command_evidence.h"
#include "checks/server/edition.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {
// Named as well: unity batches compile this file with the other checks' anonymous helpers.
namespace providers {

using nlohmann::json;

bool is_set(const ServerSetting& setting) {
  return setting.set && !setting.value.is_null() &&
         !(setting.value.is_string() && setting.value.get<std::string>().empty());
}

// $external users by the provider their name suggests: a distinguished name (X.509, or LDAP
// without userToDNMapping), a Kerberos principal (user@REALM), or another name (LDAP, OIDC).
json external_users(const bson::Document& users_info) {
  int distinguished = 0;
  int principals = 0;
  int others = 0;
  for (const bson::Value& value : users_info.get_array("users").value_or(bson::Array{})) {
    const auto* user = value.get_if<bson::Document>();
    if (user == nullptr || user->get_string("db") != "$external") continue;
    const std::string name = user->get_string("user").value_or("");
    if (name.find('=') != std::string::npos) {
      ++distinguished;
    } else if (name.find('@') != std::string::npos) {
      ++principals;
    } else {
      ++others;
    }
  }
  return {{"distinguished_names", distinguished},
          {"kerberos_principals", principals},
          {"other_names", others}};
}

// LDAP as security.ldap sets it (MongoDB Enterprise, manual "Configuration File Options"). The
// bind password is a secret: only whether it is set is recorded.
json ldap_evidence(const ServerSettings& settings) {
  const ServerSetting servers = settings["security.ldap.servers"];
  return {
      {"servers", servers.evidence()},
      {"transportSecurity", settings["security.ldap.transportSecurity"].evidence()},
      {"bind.method", settings["security.ldap.bind.method"].evidence()},
      {"bind.queryUser", is_set(settings["security.ldap.bind.queryUser"]) ? "set" : "not set"},
      {"bind.queryPassword",
       is_set(settings["security.ldap.bind.queryPassword"]) ? "set" : "not set"},
      {"userToDNMapping", is_set(settings["security.ldap.userToDNMapping"]) ? "set" : "not set"},
      {"authz.queryTemplate",
       is_set(settings["security.ldap.authz.queryTemplate"]) ? "set" : "not set"}};
}

struct Providers {
  std::vector<std::string> found;     // "LDAP (ldap.example.com, TLS)", "Kerberos (GSSAPI)"...
  std::vector<std::string> problems;  // fail
  std::vector<std::string> notes;     // said in the message, no effect on the status
};

void judge_ldap(const ServerSettings& settings, const std::vector<std::string>& mechanisms,
                Providers& providers) {
  const ServerSetting servers = settings["security.ldap.servers"];
  if (!is_set(servers)) {
    // PLAIN without security.ldap.servers authenticates $external users through saslauthd
    // (manual, "Authenticate Using SASL and LDAP with ActiveDirectory" and "... with OpenLDAP":
    // authenticationMechanisms PLAIN, setParameter saslauthdPath, saslauthd's ldap mechanism).
    if (contains(mechanisms, "PLAIN")) {
      const ServerSetting path = settings["setParameter.saslauthdPath"];
      providers.found.push_back(
          "LDAP through saslauthd (PLAIN, socket " +
          (is_set(path) ? value_text(path.value) : std::string("at saslauthd's default path")) +
          ")");
      providers.notes.push_back(
          "the directory saslauthd consults, and whether it reaches it over TLS, are not "
          "observable remotely");
    }
    return;
  }
  if (!contains(mechanisms, "PLAIN")) {
    providers.notes.push_back(
        "security.ldap.servers is set but PLAIN is not enabled: LDAP serves authorization only");
    return;
  }
  const ServerSetting transport = settings["security.ldap.transportSecurity"];
  const std::string server_list = value_text(servers.value);
  // Percona Server reads the value case-insensitively (validateLDAPTransportSecurity).
  if (!transport.value.is_string() || to_lower_ascii(transport.value.get<std::string>()) != "tls") {
    providers.problems.push_back("security.ldap.transportSecurity is " + transport.value.dump() +
                                 ": LDAP binds, passwords included, cross the network unencrypted");
  }
  if (!is_set(settings["security.ldap.userToDNMapping"])) {
    providers.notes.push_back(
        "no security.ldap.userToDNMapping: users must log in with their full LDAP DN");
  }
  providers.found.push_back("LDAP (" + server_list + ")");
}

Verdict judge_providers(const NodeFacts& facts, const Policy& policy) {
  auto config = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  const ServerSettings& settings = std::get<ServerSettings>(config);
  const std::string build = server_edition(facts);
  json evidence = {
      {"policy.identity.organisation_authentication", policy.identity.organisation_authentication},
      {"edition", build},
      {"security.ldap", ldap_evidence(settings)}};
  const bson::Document* parameters = successful_reply(facts, "getParameter");
  std::string mechanisms_source;
  const std::vector<std::string> mechanisms =
      authentication_mechanisms(parameters, settings, mechanisms_source);
  evidence["authenticationMechanisms"] = {{"value", mechanisms}, {"source", mechanisms_source}};
  auto users = command_reply(facts, "usersInfo", "viewUser");
  if (const auto* users_info = std::get_if<const bson::Document*>(&users))
    evidence["external_users"] = external_users(**users_info);
  if (!policy.identity.organisation_authentication) {
    return {Status::skipped,
            "the policy does not require organisation-level authentication "
            "(identity.organisation_authentication is false); the mechanisms and LDAP settings "
            "are recorded",
            evidence};
  }
  // A requirement this build cannot meet fails: skipping it would pass the gate.
  if (build == "Community") {
    return {Status::fail,
            "the policy requires organisation-level authentication, which MongoDB Community "
            "cannot provide: LDAP, Kerberos and OIDC authentication need MongoDB Enterprise (or "
            "Percona Server)",
            evidence};
  }
  Providers providers;
  judge_ldap(settings, mechanisms, providers);
  // GSSAPI and PLAIN are never enabled by default (SASLGlobalParams: MONGODB-X509, SCRAM-SHA-1,
  // SCRAM-SHA-256; src/mongo/db/auth/sasl_options.cpp): enabled, they were chosen.
  if (contains(mechanisms, "GSSAPI")) {
    providers.found.push_back("Kerberos (GSSAPI)");
    providers.notes.push_back("the Kerberos keytab is not observable remotely");
  }
  if (contains(mechanisms, "MONGODB-OIDC")) {
    if (parameters != nullptr) {
      const auto identity_providers = parameters->get_array("oidcIdentityProviders");
      const std::size_t count = identity_providers ? identity_providers->size() : 0;
      evidence["oidcIdentityProviders"] = count;
      if (count == 0) {
        providers.problems.push_back("MONGODB-OIDC is enabled but oidcIdentityProviders is empty");
      } else {
        providers.found.push_back("OIDC (" + std::to_string(count) + " identity provider(s))");
      }
    } else if (is_set(settings["setParameter.oidcIdentityProviders"])) {
      evidence["oidcIdentityProviders"] = "configured";
      providers.found.push_back("OIDC (setParameter oidcIdentityProviders)");
    } else {
      providers.problems.push_back("MONGODB-OIDC is enabled but no oidcIdentityProviders is set");
    }
  }
  evidence["providers"] = providers.found;
  const std::string notes = providers.notes.empty() ? "" : " (" + join(providers.notes, "; ") + ")";
  if (!providers.problems.empty())
    return {Status::fail, join(providers.problems, "; ") + notes, evidence};
  if (providers.found.empty()) {
    return {Status::fail,
            "no organisation-level provider: authenticationMechanisms [" + join(mechanisms) +
                "] has neither PLAIN with security.ldap.servers, GSSAPI nor MONGODB-OIDC" + notes,
            evidence};
  }
  return {Status::pass, "people authenticate through " + join(providers.found) + notes, evidence};
}

// AUTHN-009: STIG V-252177 applies where saslauthd authenticates users: PLAIN enabled without
// security.ldap.servers, so mongod hands PLAIN credentials to saslauthd through the socket
// saslauthdPath names (manual, "Authenticate Using SASL and LDAP with OpenLDAP"). The rule's
// check is saslauthd's -t option (its credential cache timeout) in the host's boot script, which
// no command shows: where the rule applies the node warns naming that step, elsewhere it does not
// apply.
Verdict judge_saslauthd(const NodeFacts& facts) {
  auto config = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  const ServerSettings& settings = std::get<ServerSettings>(config);
  std::string mechanisms_source;
  const std::vector<std::string> mechanisms = authentication_mechanisms(
      successful_reply(facts, "getParameter"), settings, mechanisms_source);
  const ServerSetting servers = settings["security.ldap.servers"];
  const ServerSetting path = settings["setParameter.saslauthdPath"];
  const json evidence = {
      {"authenticationMechanisms", {{"value", mechanisms}, {"source", mechanisms_source}}},
      {"security.ldap.servers", servers.evidence()},
      {"setParameter.saslauthdPath", path.evidence()}};
  if (!contains(mechanisms, "PLAIN")) {
    return {Status::skipped,
            "not applicable: PLAIN is not in authenticationMechanisms, so saslauthd "
            "authenticates no one here",
            evidence};
  }
  if (is_set(servers)) {
    return {Status::skipped,
            "not applicable: mongod binds to LDAP itself (security.ldap.servers), not through "
            "saslauthd",
            evidence};
  }
  return {Status::warn,
          "saslauthd authenticates $external users here (PLAIN, socket " +
              (is_set(path) ? value_text(path.value) : std::string("at saslauthd's default path")) +
              "): its credential cache must expire (saslauthd -t), which only its start-up "
              "options on the host show",
          evidence};
}

}  // namespace providers
}  // namespace

const std::vector<CheckSpec>& identity_provider_specs() {
  static const std::vector<CheckSpec> specs = {
      {"AUTHN-008",
       "Organisation-level authentication (LDAP, Kerberos or OIDC) where the policy requires it",
       Layer::authentication,
       Severity::medium,
       {{Framework::stig, "V-252149",
         "MongoDB must integrate with an organization-level authentication/access mechanism "
         "providing account management and automation for all users, groups, roles, and any other "
         "principals."},
        {Framework::stig, "V-252158",
         "If passwords are used for authentication, MongoDB must implement LDAP or Kerberos for "
         "authentication to enforce the DoD standards for password complexity and lifetime."},
        {Framework::checklist, "access-control",
         "Enable Access Control and Enforce Authentication"},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "On MongoDB Enterprise enable LDAP (PLAIN with security.ldap.servers and transportSecurity "
       "tls), Kerberos (GSSAPI) or OIDC (MONGODB-OIDC with oidcIdentityProviders) in "
       "authenticationMechanisms, and create the $external users or LDAP role mappings.",
       "Where the policy's `identity.organisation_authentication` is true (default false: "
       "skipped, with the mechanisms and LDAP settings recorded): an organisation-level "
       "provider is enabled (`authenticationMechanisms` from `getParameter`, else the "
       "configured `setParameter`, else the default) — LDAP (`PLAIN` with "
       "`security.ldap.servers`, `transportSecurity` tls; no `userToDNMapping` is noted; or "
       "`PLAIN` without it: LDAP through saslauthd, whose directory is not observable), "
       "Kerberos (`GSSAPI`) or OIDC (`MONGODB-OIDC` with `oidcIdentityProviders`); "
       "`$external` users counted, never authenticated with; a MongoDB Community build fails "
       "(it cannot meet the requirement)."},
      {"AUTHN-009",
       "Where saslauthd authenticates users, its credential cache expires (checked on the host)",
       Layer::authentication,
       Severity::low,
       {{Framework::stig, "V-252177",
         "MongoDB must prohibit the use of cached authenticators after an organization-defined "
         "time period."}},
       "Start saslauthd with -t and the organisation's timeout in seconds (for example in "
       "/etc/sysconfig/saslauthd or the unit's ExecStart), or authenticate through mongod's own "
       "LDAP client (security.ldap.servers) instead of saslauthd.",
       "Where saslauthd authenticates users (`PLAIN` in `authenticationMechanisms` without "
       "`security.ldap.servers`): STIG V-252177's credential-cache timeout (`saslauthd -t`) "
       "lives in the host's start-up options, which no command shows, so the node warns "
       "naming that step; elsewhere not applicable (skipped) — low."},
  };
  return specs;
}

std::vector<Finding> check_identity_providers(const NodeFacts& facts, const Policy& policy) {
  const Subject subject = Subject::node(facts.address());
  return {make_finding(identity_provider_specs()[0], policy, subject,
                       providers::judge_providers(facts, policy)),
          make_finding(identity_provider_specs()[1], policy, subject,
                       providers::judge_saslauthd(facts))};
}

}  // namespace mongoscan
