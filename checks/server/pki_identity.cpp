#include "checks/server/pki_identity.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "checks/server/command_evidence.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {
// Named as well: unity batches compile this file with the other checks' anonymous helpers.
namespace pki {

using nlohmann::json;

enum SpecIndex {
  kClientCertificates = 0,
  kRevocation = 1,
  kCipherConfig = 2,
  kMemberX509 = 3,
  kApprovedIssuers = 4
};

const CheckSpec& spec(SpecIndex index) { return pki_identity_specs()[index]; }

bool tls_disabled(const ServerSetting& mode) {
  return !mode.value.is_string() || mode.value == "disabled";
}

bool has_text(const json& value) { return value.is_string() && !value.get<std::string>().empty(); }

// Whether the node verifies the certificates its peers present: a CAFile, or the system store.
bool verifies_peers(const ServerSettings& settings) {
  return has_text(tls_setting(settings, "CAFile").value) ||
         is_on(settings["setParameter.tlsUseSystemCA"].value);
}

// ---- TLS-006: client certificates ----

// $external users whose name is a distinguished name ("CN=app,OU=Ops,O=Example"): the users an
// X.509 client certificate's subject maps to (MONGODB-X509 authenticates the subject DN as a
// $external user; Kerberos principals are user@REALM, LDAP names are what clients type). The
// probe's usersInfo {forAllDBs: true} holds them: the server leaves that form's query on
// system.users "unconstrained, we want to return every user" (src/mongo/db/commands/
// user_management_commands.cpp), $external's users included. An LDAP user stored under its DN
// (no userToDNMapping) is counted too: names alone cannot tell the two apart.
std::vector<std::string> x509_users(const bson::Document& users_info) {
  std::vector<std::string> users;
  for (const bson::Value& value : users_info.get_array("users").value_or(bson::Array{})) {
    const auto* user = value.get_if<bson::Document>();
    if (user == nullptr || user->get_string("db") != "$external") continue;
    const std::string name = user->get_string("user").value_or("");
    // std::find rather than find(): GCC 12 warns of a memchr bound it imagines (stringop-overread)
    // when this is inlined into a unity batch.
    if (std::find(name.begin(), name.end(), '=') != name.end()) users.push_back(name);
  }
  return users;
}

Verdict judge_client_certificates(const NodeFacts& facts, const Policy& policy) {
  auto config = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  const ServerSettings& settings = std::get<ServerSettings>(config);
  const ServerSetting mode = tls_setting(settings, "mode");
  const ServerSetting without = tls_setting(settings, "allowConnectionsWithoutCertificates");
  const ServerSetting ca_file = tls_setting(settings, "CAFile");
  json evidence = {{"policy.identity.x509_clients", policy.identity.x509_clients},
                   {"mode", mode.evidence()},
                   {"allowConnectionsWithoutCertificates", without.evidence()},
                   {"CAFile", ca_file.evidence()}};
  const bson::Document* parameters = successful_reply(facts, "getParameter");
  std::optional<std::vector<std::string>> mechanisms;
  if (parameters != nullptr) {
    mechanisms = string_elements(parameters->get_array("authenticationMechanisms"));
    evidence["authenticationMechanisms"] = *mechanisms;
  }
  auto users = command_reply(facts, "usersInfo", "viewUser");
  std::optional<std::vector<std::string>> mapped;
  if (const auto* users_info = std::get_if<const bson::Document*>(&users)) {
    mapped = x509_users(**users_info);
    evidence["x509_users"] = *mapped;
  }
  if (!policy.identity.x509_clients) {
    return {Status::skipped,
            "the policy does not make x509 client authentication a requirement "
            "(identity.x509_clients is false); the settings are recorded",
            evidence};
  }
  std::vector<std::string> problems;
  if (tls_disabled(mode)) {
    problems.push_back("TLS is disabled (" + value_text(mode.value) +
                       "): no client can present a certificate");
  } else if (mode.value != "requireTLS" && mode.value != "requireSSL") {
    // allowTLS and preferTLS accept plaintext connections, which present no certificate.
    problems.push_back("the TLS mode is " + value_text(mode.value) +
                       ": clients may connect without TLS, and so without a certificate");
  }
  if (!verifies_peers(settings)) {
    problems.push_back("no CAFile (nor tlsUseSystemCA): client certificates are not requested");
  }
  if (is_on(without.value)) {
    problems.push_back(
        "allowConnectionsWithoutCertificates is on: clients connect without a certificate");
  }
  if (mechanisms && !contains(*mechanisms, "MONGODB-X509")) {
    problems.push_back("MONGODB-X509 is not in authenticationMechanisms");
  }
  if (mapped && mapped->empty()) {
    problems.push_back(
        "no $external user is named by a certificate subject: no certificate maps to an account");
  }
  if (!problems.empty()) return {Status::fail, join(problems, "; "), evidence};
  const std::string judged = "clients must present a certificate verified against " +
                             (has_text(ca_file.value) ? ca_file.value.get<std::string>()
                                                      : std::string("the system CA store"));
  if (auto* instead = std::get_if<Verdict>(&users)) {
    return incomplete(*instead, judged + "; the $external users were not read", evidence);
  }
  if (!mechanisms) {
    auto missing = command_reply(facts, "getParameter", "getParameter");
    return incomplete(std::get<Verdict>(std::move(missing)),
                      judged + "; authenticationMechanisms was not read", evidence);
  }
  return {Status::pass,
          judged + ", and " + std::to_string(mapped->size()) +
              " $external user(s) map certificate subjects to accounts",
          evidence};
}

// clusterAuthMode as the node runs it: the live parameter when reported (setParameter changes it
// at runtime, keyFile -> sendKeyFile -> sendX509 -> x509; "undefined" when none was given), else
// security.clusterAuthMode, else keyFile when a keyFile is set (as the server decides it), else
// "" for none.
std::string member_mode(const ServerSettings& settings, const bson::Document* parameters,
                        json& evidence) {
  const ServerSetting configured = settings["security.clusterAuthMode"];
  const bool key_file = !settings["security.keyFile"].value.is_null();
  evidence["security.clusterAuthMode"] = configured.evidence();
  evidence["security.keyFile"] = key_file ? "set" : "not set";
  if (parameters != nullptr) {
    if (const auto live = parameters->get_string("clusterAuthMode")) {
      evidence["clusterAuthMode_parameter"] = *live;
      if (*live != "undefined") return *live;
    }
  }
  if (configured.value.is_string()) return configured.value.get<std::string>();
  return key_file ? "keyFile" : "";
}

// ---- TLS-007: revocation ----

// mongod checks the revocation of the certificates presented to it against net.tls.CRLFile only.
// OCSP runs when mongod is the client ("we only run OCSP verification when we are a client, never
// as a server": parseAndValidatePeerCertificate, src/mongo/util/net/ssl_manager_openssl.cpp);
// ocspEnabled (default true from 4.4, src/mongo/util/net/ssl_parameters.idl) staples the status of
// the server's own certificate for its clients, and checks other servers' certificates when this
// node connects out. Neither refuses a revoked certificate a client or member presents.
constexpr std::string_view kOcspScope =
    "staples the status of this server's own certificate, and checks the certificates of servers "
    "it connects to; it never checks a certificate presented to it";

// clusterAuthMode values that accept a member's x509 certificate: sendKeyFile and sendX509
// accept both a keyFile and a certificate, x509 only a certificate (manual,
// security.clusterAuthMode).
bool accepts_x509_members(std::string_view mode) {
  return mode == "x509" || mode == "sendX509" || mode == "sendKeyFile";
}

// Whether a certificate of the chain the server presented comes from an approved issuer: its
// issuer DN is one, or (beyond the leaf) it is an approved CA by its subject DN or SHA-256.
std::optional<std::string> approved_by(const std::vector<CertificateFacts>& chain,
                                       const std::vector<std::string>& approved) {
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const CertificateFacts& certificate = chain[i];
    for (const std::string& issuer : approved) {
      if (issuer.starts_with("sha256:")) {
        if (i > 0 && to_lower_ascii(std::string_view(issuer).substr(7)) == certificate.sha256)
          return issuer;
      } else if (certificate.issuer == issuer || (i > 0 && certificate.subject == issuer)) {
        return issuer;
      }
    }
  }
  return std::nullopt;
}

// TLS-009: the server's certificate chains to an issuer the policy approves (STIG V-252178:
// only end entity certificates issued by DoD PKI or DoD-approved CAs). Without a list it is
// skipped, the chain's issuers recorded. The CAs the node trusts for its peers (net.tls.CAFile)
// are recorded where visible: a read-only scan sees the path, not the file.
Verdict judge_approved_issuers(const NodeFacts& facts, const Policy& policy) {
  if (!facts.tls || !facts.tls_facts) {
    return {Status::skipped, "the session did not run over TLS (TLS-001 judges the mode)",
            json::object()};
  }
  const std::vector<CertificateFacts>& chain = facts.tls_facts->chain;
  json presented = json::array();
  for (const CertificateFacts& certificate : chain)
    presented.push_back({{"subject", certificate.subject},
                         {"issuer", certificate.issuer},
                         {"sha256", certificate.sha256}});
  json evidence = {{"chain", presented}, {"approved_issuers", policy.tls_approved_issuers}};
  auto config = node_settings(facts);
  if (const auto* settings = std::get_if<ServerSettings>(&config))
    evidence["CAFile"] = tls_setting(*settings, "CAFile").evidence();
  if (chain.empty()) {
    return {Status::error, "the server presented no certificate in the handshake", evidence};
  }
  if (policy.tls_approved_issuers.empty()) {
    return {Status::skipped,
            "the policy names no approved issuer (tls_approved_issuers): the server's certificate "
            "is issued by " +
                chain.front().issuer + ", recorded",
            evidence};
  }
  if (const auto issuer = approved_by(chain, policy.tls_approved_issuers)) {
    evidence["approved_by"] = *issuer;
    evidence["chain_verified"] = facts.tls_facts->chain_verified;
    // A name is only a name until the chain verifies: anyone can issue a certificate that names
    // an approved CA as its issuer. A hash pins the CA certificate itself.
    if (!issuer->starts_with("sha256:") && !facts.tls_facts->chain_verified) {
      return {Status::warn,
              "the server's certificate names an approved issuer (" + *issuer +
                  "), but its chain did not verify against the scan's CA store, so the name "
                  "proves nothing: scan with that CA (--tls-ca-file) or approve it by its sha256",
              evidence};
    }
    return {Status::pass, "the server's certificate chains to an approved issuer: " + *issuer,
            evidence};
  }
  return {Status::fail,
          "the server's certificate is issued by " + chain.front().issuer +
              ", and no certificate it presented chains to an issuer the policy approves",
          evidence};
}

Verdict judge_revocation(const NodeFacts& facts) {
  auto config = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  const ServerSettings& settings = std::get<ServerSettings>(config);
  const ServerSetting mode = tls_setting(settings, "mode");
  const ServerSetting crl_file = tls_setting(settings, "CRLFile");
  json evidence = {{"mode", mode.evidence()}, {"CRLFile", crl_file.evidence()}};
  if (tls_disabled(mode)) {
    return {Status::skipped,
            "TLS is disabled: the node verifies no certificate (TLS-001 judges the mode)",
            evidence};
  }
  if (!verifies_peers(settings)) {
    return {Status::skipped,
            "no CAFile (nor tlsUseSystemCA): the node verifies no peer certificate, so there is "
            "no revocation to check (TLS-004 judges the CA)",
            evidence};
  }
  const bson::Document* parameters = successful_reply(facts, "getParameter");
  if (parameters != nullptr) {
    if (const auto ocsp = parameters->get_bool("ocspEnabled")) {
      evidence["ocspEnabled"] = {{"value", *ocsp}, {"scope", kOcspScope}};
    }
  }
  std::string mechanisms_source;
  const std::vector<std::string> mechanisms =
      authentication_mechanisms(parameters, settings, mechanisms_source);
  evidence["authenticationMechanisms"] = {{"value", mechanisms}, {"source", mechanisms_source}};
  const std::string members = member_mode(settings, parameters, evidence);
  std::vector<std::string> identities;
  if (contains(mechanisms, "MONGODB-X509")) identities.push_back("clients' x509 users");
  if (accepts_x509_members(members))
    identities.push_back("members (clusterAuthMode " + members + ")");
  evidence["certificates_as_identities"] = identities;
  if (identities.empty()) {
    return {Status::skipped,
            "no certificate presented to the node is an identity: MONGODB-X509 is not among "
            "authenticationMechanisms and members do not authenticate with x509, so a revoked "
            "certificate authenticates no one",
            evidence};
  }
  if (has_text(crl_file.value)) {
    return {Status::pass,
            "certificates presented as identities (" + join(identities) +
                ") are checked against the revocation list " + crl_file.value.get<std::string>(),
            evidence};
  }
  return {Status::fail,
          "no CRLFile: a revoked certificate still authenticates as one of the " +
              join(identities) +
              "; mongod checks certificates presented to it against a CRL only (OCSP " +
              std::string(kOcspScope) + ")",
          evidence};
}

// ---- TLS-008: configured cipher lists ----

// An OpenSSL cipher alias and the weak classes it pulls in (ciphers(1), "Cipher strings"). HIGH
// held 3DES before OpenSSL 1.1.0, which moved it to MEDIUM; anonymous suites (ADH, AECDH) are in
// HIGH and MEDIUM; ALL holds everything but eNULL. DEFAULT leaves them out on 1.1.0 and later and
// is read as holding none.
struct CipherAlias {
  std::string_view name;
  std::vector<std::string_view> classes;
  bool broad = false;  // also holds strong suites: excluding it removes none of its weak classes
};

const std::vector<CipherAlias>& cipher_aliases() {
  static const std::vector<CipherAlias> aliases = {
      {"ALL", {"3DES", "DES", "EXPORT", "LOW", "MD5", "RC4", "aNULL"}, true},
      {"COMPLEMENTOFALL", {"NULL"}},
      {"HIGH", {"aNULL"}, true},
      {"MEDIUM", {"3DES", "MD5", "RC4", "aNULL"}, true},
      {"LOW", {"DES", "LOW"}, true},
      {"EXP", {"EXPORT"}},
      {"EXPORT", {"EXPORT"}},
      {"EXPORT40", {"EXPORT"}},
      {"EXPORT56", {"EXPORT"}},
      {"eNULL", {"NULL"}},
      {"NULL", {"NULL"}},
      {"aNULL", {"aNULL"}},
      {"ADH", {"aNULL"}},
      {"AECDH", {"aNULL"}},
      {"RC4", {"RC4"}},
      {"DES", {"DES"}},
      {"3DES", {"3DES"}},
      {"MD5", {"MD5"}},
  };
  return aliases;
}

// The weak class of one cipher suite's OpenSSL name, or "" for none.
std::string_view suite_class(std::string_view suite) {
  const auto has = [&](std::string_view part) { return suite.find(part) != suite.npos; };
  if (has("NULL")) return "NULL";
  if (suite.starts_with("ADH-") || suite.starts_with("AECDH-")) return "aNULL";
  if (suite.starts_with("EXP")) return "EXPORT";
  if (has("RC4")) return "RC4";
  if (has("DES-CBC3")) return "3DES";
  if (has("DES")) return "DES";
  if (suite.ends_with("-MD5")) return "MD5";
  return "";
}

// The weak classes one token of a cipher string names: an alias, a suite, or for a token joined
// with + (an intersection such as kRSA+RC4) the weak classes its parts name directly. `broad`:
// aliases of several classes (ALL, HIGH, MEDIUM) count; an exclusion counts only what it names
// exactly, so that "ALL:!HIGH" still admits ALL's anonymous and RC4 suites (!LOW and !MEDIUM,
// whose classes are theirs alone, are handled where exclusions are read).
std::set<std::string> token_classes(std::string_view token, bool openssl_before_1_1, bool broad) {
  std::set<std::string> classes;
  const auto add_alias = [&](std::string_view name, bool broad) {
    for (const CipherAlias& alias : cipher_aliases()) {
      if (alias.name != name) continue;
      if (!broad && alias.broad) return true;
      for (std::string_view weak : alias.classes) classes.emplace(weak);
      if (name == "HIGH" && openssl_before_1_1) classes.emplace("3DES");
      return true;
    }
    return false;
  };
  if (token.find('+') == std::string_view::npos) {
    if (!add_alias(token, broad) && !suite_class(token).empty())
      classes.emplace(suite_class(token));
    return classes;
  }
  std::size_t start = 0;
  while (start <= token.size()) {
    const std::size_t plus = std::min(token.find('+', start), token.size());
    const std::string_view part = token.substr(start, plus - start);
    if (!add_alias(part, false) && !suite_class(part).empty()) classes.emplace(suite_class(part));
    start = plus + 1;
  }
  return classes;
}

std::vector<std::string> weak_classes(std::string_view cipher_string, bool openssl_before_1_1) {
  std::set<std::string> admitted;
  std::set<std::string> removed;
  std::size_t start = 0;
  while (start <= cipher_string.size()) {
    const std::size_t end =
        std::min(cipher_string.find_first_of(":, ", start), cipher_string.size());
    std::string_view token = cipher_string.substr(start, end - start);
    start = end + 1;
    if (const auto at = token.find('@'); at != std::string_view::npos) token = token.substr(0, at);
    if (token.empty() || token.front() == '+') continue;  // +X only moves suites
    const bool exclusion = token.front() == '!' || token.front() == '-';
    if (exclusion) token.remove_prefix(1);
    const std::set<std::string> classes = token_classes(token, openssl_before_1_1, !exclusion);
    if (exclusion) {
      removed.insert(classes.begin(), classes.end());
      if (token == "LOW") removed.insert({"DES", "LOW"});
      if (token == "MEDIUM") removed.insert({"3DES", "MD5", "RC4"});
    } else {
      admitted.insert(classes.begin(), classes.end());
    }
  }
  std::vector<std::string> weak;
  std::set_difference(admitted.begin(), admitted.end(), removed.begin(), removed.end(),
                      std::back_inserter(weak));
  return weak;
}

// "OpenSSL 1.0.2k-fips  26 Jan 2017" -> true; 1.1.0 and later, or unknown -> false.
bool openssl_before_1_1(const NodeFacts& facts) {
  const bson::Document* build_info = successful_reply(facts, "buildInfo");
  if (build_info == nullptr) return false;
  const auto openssl = build_info->get_document("openssl");
  const std::string running = openssl ? openssl->get_string("running").value_or("") : "";
  if (!running.starts_with("OpenSSL ")) return false;
  return compare_versions(running.substr(8), "1.1.0") < 0;
}

// The TLS 1.2-and-below cipher string: the live parameter when reported, else as configured
// (setParameter.opensslCipherConfig, or the hidden net.tls.tlsCipherConfig), else the default.
struct CipherConfig {
  std::string value;
  json evidence;
};

CipherConfig cipher_config(const ServerSettings& settings, const bson::Document* parameters) {
  if (parameters != nullptr) {
    if (const auto live = parameters->get_string("opensslCipherConfig")) {
      return {*live, {{"value", *live}, {"source", "getParameter opensslCipherConfig"}}};
    }
  }
  for (const char* path :
       {"setParameter.opensslCipherConfig", "net.tls.tlsCipherConfig", "net.ssl.sslCipherConfig"}) {
    const ServerSetting configured = settings[path];
    if (configured.set && configured.value.is_string())
      return {configured.value.get<std::string>(), configured.evidence()};
  }
  // The version's default, kSSLCipherConfigDefault (server_defaults.h).
  const ServerSetting fallback = settings["setParameter.opensslCipherConfig"];
  return {value_text(fallback.value), fallback.evidence()};
}

Verdict judge_cipher_settings(const ServerSettings& settings, const bson::Document* parameters,
                              bool legacy_openssl) {
  const ServerSetting mode = tls_setting(settings, "mode");
  const CipherConfig config = cipher_config(settings, parameters);
  json evidence = {{"mode", mode.evidence()}, {"opensslCipherConfig", config.evidence}};
  if (parameters != nullptr) {
    // TLS 1.3 suites (opensslCipherSuiteConfig): every one OpenSSL defines is an AEAD suite, so
    // it is recorded, not judged.
    if (const auto suites = parameters->get_string("opensslCipherSuiteConfig"))
      evidence["opensslCipherSuiteConfig"] = *suites;
  }
  if (legacy_openssl) evidence["openssl_before_1_1_0"] = true;
  if (tls_disabled(mode)) {
    return {Status::skipped, "TLS is disabled: no cipher is negotiated (TLS-001 judges the mode)",
            evidence};
  }
  const std::vector<std::string> weak = weak_classes(config.value, legacy_openssl);
  evidence["weak_classes"] = weak;
  if (!weak.empty()) {
    return {Status::fail,
            "opensslCipherConfig \"" + config.value + "\" admits " + join(weak) +
                " suites (as the string reads; TLS-002 tests what the node negotiates)",
            evidence};
  }
  return {Status::pass,
          "opensslCipherConfig \"" + config.value +
              "\" admits no NULL, anonymous, EXPORT, RC4, DES, 3DES or MD5 suite",
          evidence};
}

Verdict judge_ciphers(const NodeFacts& facts) {
  auto config = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  return judge_cipher_settings(std::get<ServerSettings>(config),
                               successful_reply(facts, "getParameter"), openssl_before_1_1(facts));
}

// ---- AUTHN-007: member authentication ----

Verdict judge_member_settings(const ServerSettings& settings, const bson::Document* parameters,
                              bool member, const Policy& policy) {
  json evidence = {{"cluster_member", member},
                   {"policy.identity.cluster_x509", policy.identity.cluster_x509}};
  const std::string mode = member_mode(settings, parameters, evidence);
  if (!member) {
    return {Status::skipped,
            "not a replica-set member, shard, config server or mongos: no member authenticates "
            "to it",
            evidence};
  }
  if (mode == "x509") {
    return {Status::pass, "members authenticate with x509 certificates (clusterAuthMode x509)",
            evidence};
  }
  if (mode.empty()) {
    return {Status::fail, "members do not authenticate to each other: no keyFile, no x509",
            evidence};
  }
  if (mode == "keyFile" && !policy.identity.cluster_x509) {
    return {Status::pass,
            "members authenticate with a shared keyFile, which the policy accepts "
            "(identity.cluster_x509 is false)",
            evidence};
  }
  if (mode == "keyFile") {
    return {Status::fail,
            "members authenticate with a shared keyFile: one secret copied to every member, "
            "not a certificate per member",
            evidence};
  }
  // The transition modes (manual, security.clusterAuthMode): sendKeyFile sends the keyFile and
  // accepts a keyFile or a certificate; sendX509 sends a certificate and accepts either.
  if ((mode == "sendKeyFile" || mode == "sendX509") && !policy.identity.cluster_x509) {
    return {Status::pass,
            "clusterAuthMode " + mode +
                ": members authenticate with the keyFile or an x509 certificate, at least as "
                "strong as the keyFile the policy accepts (identity.cluster_x509 is false)",
            evidence};
  }
  if (mode == "sendX509") {
    return {Status::warn,
            "clusterAuthMode sendX509 is a transition to x509: members present certificates but "
            "the shared keyFile is still accepted; finish with clusterAuthMode x509",
            evidence};
  }
  return {Status::fail,
          "clusterAuthMode " + mode + ": members still authenticate with the shared keyFile",
          evidence};
}

Verdict judge_member(const NodeFacts& facts, const Policy& policy) {
  auto config = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  const ServerSettings& settings = std::get<ServerSettings>(config);
  return judge_member_settings(settings, successful_reply(facts, "getParameter"),
                               is_cluster_member(facts, settings), policy);
}

// STIG V-252178, which TLS-006, TLS-007 and TLS-009 each judge a part of.
ControlReference stig_approved_cas() {
  return {Framework::stig, "V-252178",
          "MongoDB must only accept end entity certificates issued by DoD PKI or DoD-approved PKI "
          "Certification Authorities (CAs) for the establishment of all encrypted sessions."};
}

}  // namespace pki
}  // namespace

std::vector<std::string> weak_classes_admitted(std::string_view cipher_string) {
  return pki::weak_classes(cipher_string, false);
}

const std::vector<CheckSpec>& pki_identity_specs() {
  static const std::vector<CheckSpec> specs = {
      {"TLS-006",
       "x509 clients: certificates required and mapped to $external users (when the policy says)",
       Layer::transport,
       Severity::medium,
       {{Framework::stig, "V-252161",
         "MongoDB must map the PKI-authenticated identity to an associated user account."},
        pki::stig_approved_cas(),
        {Framework::stig, "V-252139",
         "If passwords are used for authentication, MongoDB must transmit only encrypted "
         "representations of passwords."},
        {Framework::checklist, "access-control",
         "Enable Access Control and Enforce Authentication"},
        {Framework::cis, "2.3", "Ensure authentication is enabled in the sharded cluster"}},
       "Set net.tls.CAFile, remove net.tls.allowConnectionsWithoutCertificates, keep MONGODB-X509 "
       "in authenticationMechanisms and create a $external user named by each client "
       "certificate's subject DN.",
       "Where the policy's `identity.x509_clients` is true (default false: skipped, with the "
       "settings recorded): TLS required (`requireTLS`: under `allowTLS` or `preferTLS` "
       "clients may connect in plaintext, without a certificate), a `CAFile`, "
       "`allowConnectionsWithoutCertificates` off, `MONGODB-X509` enabled and at least one "
       "`$external` user named by a certificate subject DN (`usersInfo {forAllDBs: true}` "
       "lists `$external` users)."},
      {"TLS-007",
       "Revoked certificates refused where certificates are identities: a CRL file",
       Layer::transport,
       Severity::medium,
       {pki::stig_approved_cas(),
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "Set net.tls.CRLFile to the CA's current revocation list and keep it current: mongod "
       "checks client and member certificates against a CRL only (ocspEnabled staples the "
       "server's own certificate status; it does not check certificates presented to it).",
       "Where certificates presented to the node are identities (`MONGODB-X509` among the "
       "authentication mechanisms, or members accepted by x509: `clusterAuthMode` "
       "`sendKeyFile`, `sendX509` or `x509`), `net.tls.CRLFile` is set: mongod checks such "
       "certificates against a CRL only (OCSP runs only when mongod is the client; "
       "`ocspEnabled` staples its own certificate's status, recorded as such); not "
       "applicable without TLS, without a CA, or where no certificate is an identity."},
      {"TLS-008",
       "Configured cipher list (opensslCipherConfig) admits no weak suite",
       Layer::transport,
       Severity::medium,
       {{Framework::cis, "4.2", "Ensure Weak Protocols are Disabled"},
        {Framework::stig, "V-252179",
         "MongoDB must maintain the confidentiality and integrity of information during "
         "preparation for transmission."},
        {Framework::stig, "V-252180",
         "MongoDB must maintain the confidentiality and integrity of information during "
         "reception."},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "Set setParameter opensslCipherConfig to a list that excludes weak suites, e.g. "
       "HIGH:!aNULL:!eNULL:!EXPORT:!RC4:!3DES:!MD5, then restart.",
       "The configured TLS 1.2 cipher string (`opensslCipherConfig`, live from "
       "`getParameter`, else as configured, else the server default "
       "`HIGH:!EXPORT:!aNULL@STRENGTH`) admits no NULL, anonymous, EXPORT, RC4, DES, 3DES, "
       "LOW or MD5 class as OpenSSL reads it (HIGH held 3DES before OpenSSL 1.1.0, read from "
       "buildInfo); `opensslCipherSuiteConfig` (TLS 1.3, all AEAD) recorded; complements "
       "TLS-002's handshakes."},
      {"AUTHN-007",
       "Cluster members authenticate with x509 certificates, not a shared keyFile",
       Layer::authentication,
       Severity::medium,
       {{Framework::cis, "2.3", "Ensure authentication is enabled in the sharded cluster"},
        {Framework::stig, "V-252161",
         "MongoDB must map the PKI-authenticated identity to an associated user account."},
        {Framework::checklist, "access-control",
         "Enable Access Control and Enforce Authentication"}},
       "Give every member a certificate (net.tls.clusterFile or certificateKeyFile) and move "
       "security.clusterAuthMode from keyFile through sendKeyFile and sendX509 to x509.",
       "Replica-set members, shards, config servers and mongos authenticate to each other "
       "with x509 certificates (`clusterAuthMode` x509, the live parameter first): a shared "
       "keyFile fails (medium) unless the policy's `identity.cluster_x509` is false; the "
       "transition modes pass under that policy (a keyFile or a certificate is accepted), "
       "and under the default x509 policy `sendX509` warns and `sendKeyFile` fails; a "
       "standalone is not applicable."},
      {"TLS-009",
       "The server's certificate chains to an approved certificate authority (when the policy "
       "names them)",
       Layer::transport,
       Severity::medium,
       {pki::stig_approved_cas(),
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "Issue the server's certificate (net.tls.certificateKeyFile) from an approved CA, and set "
       "net.tls.CAFile to the approved CAs only; list them in the policy's tls_approved_issuers.",
       "Where the policy names approved issuers (`tls_approved_issuers`: subject DNs as RFC "
       "2253 writes them, or `sha256:` and a CA certificate's SHA-256): the certificate the "
       "server presents chains to one of them — its issuer, or a CA certificate it sends, by "
       "DN or hash (STIG V-252178: DoD PKI or DoD-approved CAs); a DN match on a chain that "
       "did not verify against the scan's CA store (`--tls-ca-file`, `tlsCAFile`) only "
       "warns, since anyone can name an approved CA as issuer, while a hash pins the CA "
       "itself; without a list it is skipped with the chain's issuers and hashes recorded, "
       "and the node's `net.tls.CAFile` path where visible — medium."},
  };
  return specs;
}

std::vector<Finding> check_pki_identity(const NodeFacts& facts, const Policy& policy) {
  const Subject subject = Subject::node(facts.address());
  return {
      make_finding(pki::spec(pki::kClientCertificates), policy, subject,
                   pki::judge_client_certificates(facts, policy)),
      make_finding(pki::spec(pki::kRevocation), policy, subject, pki::judge_revocation(facts)),
      make_finding(pki::spec(pki::kCipherConfig), policy, subject, pki::judge_ciphers(facts)),
      make_finding(pki::spec(pki::kMemberX509), policy, subject, pki::judge_member(facts, policy)),
      make_finding(pki::spec(pki::kApprovedIssuers), policy, subject,
                   pki::judge_approved_issuers(facts, policy))};
}

std::vector<Finding> check_pki_identity(const ServerConfigFile& file, const Policy& policy) {
  const ServerSettings settings(file);
  return {make_finding(
              pki::spec(pki::kCipherConfig), policy,
              settings.file_subject({"setParameter.opensslCipherConfig", "net.tls.tlsCipherConfig",
                                     "net.tls.mode", "net.ssl.mode"}),
              pki::judge_cipher_settings(settings, nullptr, false)),
          make_finding(
              pki::spec(pki::kMemberX509), policy,
              settings.file_subject({"security.clusterAuthMode", "security.keyFile"}),
              pki::judge_member_settings(settings, nullptr, is_cluster_member(settings), policy))};
}

}  // namespace mongoscan
