#include "checks/server/transport.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "checks/server/command_evidence.h"
#include "checks/server/edition.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;
using Clock = std::chrono::system_clock;

// Smallest acceptable public keys: 112-bit security (NIST SP 800-57 Part 1, table 2).
constexpr int kMinRsaBits = 2048;
constexpr int kMinEcBits = 256;

enum SpecIndex { kRequired = 0, kProtocols = 1, kCertificate = 2, kValidation = 3, kFips = 4 };

const CheckSpec& spec(SpecIndex index) { return transport_specs()[index]; }

bool requires_tls(const ServerSetting& mode) {
  return mode.value == "requireTLS" || mode.value == "requireSSL";
}

// Why a probe phase left no facts: the phase's own error if it recorded one, else the last.
std::string probe_failure(const NodeFacts& facts, std::string_view phase) {
  for (const Error& error : facts.errors) {
    if (error.phase == phase) return error.phase + ": " + error.message;
  }
  if (facts.errors.empty()) return "the probe did not reach it";
  return facts.errors.back().phase + ": " + facts.errors.back().message;
}

// Whether the node answered plaintext: the scan's own session when it ran without TLS, else the
// plaintext probe of a TLS node. Unset when neither says.
std::optional<bool> plaintext_answered(const NodeFacts& facts) {
  if (!facts.tls) return facts.hello ? std::optional<bool>(true) : std::nullopt;
  return facts.plaintext_accepted;
}

// TLS-002 and TLS-003 on a node whose session was not TLS: nothing was negotiated to judge.
Verdict without_tls(const NodeFacts& facts, std::string_view what) {
  const json evidence = {{"session_tls", false}};
  if (!facts.hello) {
    return {Status::error, "the node could not be probed (" + probe_failure(facts, "connect") + ")",
            evidence};
  }
  return {Status::skipped,
          "the scan's session with this node ran without TLS, so " + std::string(what) +
              " could not be judged (TLS-001 judges plaintext; scan with tls=true to probe TLS)",
          evidence};
}

Verdict judge_required(const NodeFacts& facts) {
  const std::optional<bool> plaintext = plaintext_answered(facts);
  json evidence = {{"session_tls", facts.tls},
                   {"plaintext_accepted", plaintext ? json(*plaintext) : json()}};
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  std::optional<ServerSetting> mode;
  if (const auto* cmd_line_opts = std::get_if<const bson::Document*>(&reply)) {
    mode = tls_setting(ServerSettings(**cmd_line_opts, server_version(facts)), "mode");
    evidence["mode"] = mode->evidence();
  }
  if (plaintext == true) {
    return {Status::fail,
            facts.tls ? "the node answers plaintext connections beside TLS"
                      : "the node serves plaintext: the scan's session ran without TLS",
            evidence};
  }
  const bool mode_required = mode && requires_tls(*mode);
  if (mode && !mode_required) {
    return {Status::fail,
            "the TLS mode is " + value_text(mode->value) + (mode->set ? "" : " (the default)") +
                ", not requireTLS: plaintext connections are allowed",
            evidence};
  }
  if (!plaintext) {
    return {
        Status::error,
        "whether the node accepts plaintext is unknown (" + probe_failure(facts, "plaintext") + ")",
        evidence};
  }
  if (!mode) {
    Verdict missing = std::get<Verdict>(std::move(reply));
    missing.message = "plaintext is refused, but the TLS mode is unknown: " + missing.message;
    missing.evidence.update(evidence);
    return missing;
  }
  return {Status::pass, "plaintext is refused and the TLS mode is " + value_text(mode->value),
          evidence};
}

// The weak class of an OpenSSL or IANA cipher name, or "" for none.
std::string weak_cipher_class(std::string_view cipher) {
  const auto has = [&](std::string_view part) { return cipher.find(part) != cipher.npos; };
  if (has("NULL")) return "NULL";
  if (cipher.starts_with("ADH-") || cipher.starts_with("AECDH-") || has("_anon_")) return "aNULL";
  if (has("EXP")) return "EXPORT";
  if (has("RC4")) return "RC4";
  if (has("DES-CBC3") || has("3DES")) return "3DES";
  if (has("DES")) return "DES";
  return "";
}

bool is_weak_protocol(std::string_view protocol) {
  return protocol == "TLSv1" || protocol == "TLSv1.1" || protocol.starts_with("SSL");
}

bool is_protocol_offer(std::string_view offer) { return offer.starts_with("TLSv"); }

json handshake_json(const WeakTlsHandshake& handshake) {
  json result = {{"offer", handshake.offer}, {"outcome", to_string(handshake.outcome)}};
  if (!handshake.protocol.empty()) result["protocol"] = handshake.protocol;
  if (!handshake.cipher.empty()) result["cipher"] = handshake.cipher;
  if (!handshake.detail.empty()) result["detail"] = handshake.detail;
  return result;
}

Verdict judge_protocols(const NodeFacts& facts) {
  if (!facts.tls || !facts.tls_facts) return without_tls(facts, "TLS versions and ciphers");
  const TlsFacts& session = *facts.tls_facts;
  json evidence = {{"session", {{"protocol", session.protocol}, {"cipher", session.cipher}}}};
  std::vector<std::string> accepted;
  if (is_weak_protocol(session.protocol)) {
    accepted.push_back("the scan's own session ran " + session.protocol);
  }
  if (const std::string weak = weak_cipher_class(session.cipher); !weak.empty()) {
    accepted.push_back("the scan's own session negotiated " + session.cipher + " (" + weak + ")");
  }
  std::vector<std::string> failed;
  std::vector<std::string> not_testable;
  std::vector<std::string> refused;
  json handshakes = json::array();
  for (const WeakTlsHandshake& handshake : facts.weak_tls_handshakes) {
    handshakes.push_back(handshake_json(handshake));
    switch (handshake.outcome) {
      case WeakTlsHandshake::Outcome::accepted:
        accepted.push_back(handshake.offer + " (negotiated " + handshake.protocol + " " +
                           handshake.cipher + ")");
        break;
      case WeakTlsHandshake::Outcome::refused:
        refused.push_back(handshake.offer);
        break;
      case WeakTlsHandshake::Outcome::not_testable:
        not_testable.push_back(handshake.offer);
        break;
      case WeakTlsHandshake::Outcome::error:
        failed.push_back(handshake.offer + ": " + handshake.detail);
        break;
    }
  }
  evidence["handshakes"] = handshakes;
  evidence["not_testable"] = not_testable;
  if (!accepted.empty()) {
    return {Status::fail, "the node accepts " + join(accepted, ", "), evidence};
  }
  if (facts.weak_tls_handshakes.empty()) {
    return {Status::error,
            "the weak-offer handshakes were not made (" + probe_failure(facts, "tls") + ")",
            evidence};
  }
  if (!failed.empty()) {
    return {Status::error, "weak-offer handshakes failed: " + join(failed, "; "), evidence};
  }
  const auto untestable_version =
      std::find_if(not_testable.begin(), not_testable.end(),
                   [](const auto& offer) { return is_protocol_offer(offer); });
  const bool cipher_tested = std::any_of(
      refused.begin(), refused.end(), [](const auto& offer) { return !is_protocol_offer(offer); });
  if (untestable_version != not_testable.end() || !cipher_tested) {
    return {Status::skipped,
            "not testable with this scanner's OpenSSL: " + join(not_testable, ", ") +
                "; refused: " + join(refused, ", "),
            evidence};
  }
  std::string message = "the node refused every weak offer: " + join(refused, ", ");
  if (!not_testable.empty()) {
    message += " (not testable with this scanner's OpenSSL: " + join(not_testable, ", ") + ")";
  }
  return {Status::pass, message, evidence};
}

// "2030-01-31T12:00:00Z" as a time point; unset when the text is not in that form.
std::optional<Clock::time_point> parse_utc(const std::string& text) {
  std::tm parts{};
  char zone = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c", &parts.tm_year, &parts.tm_mon,
                  &parts.tm_mday, &parts.tm_hour, &parts.tm_min, &parts.tm_sec, &zone) != 7 ||
      zone != 'Z') {
    return std::nullopt;
  }
  parts.tm_year -= 1900;
  parts.tm_mon -= 1;
  return Clock::from_time_t(timegm(&parts));
}

// The smallest acceptable size for a key type; 0 when size does not apply (Ed25519, Ed448).
int minimum_key_bits(std::string_view key_type) {
  if (key_type == "RSA" || key_type == "RSA-PSS" || key_type == "DSA") return kMinRsaBits;
  if (key_type == "EC") return kMinEcBits;
  return 0;
}

bool is_weak_signature(std::string_view algorithm) {
  const std::string lower = to_lower_ascii(algorithm);
  return lower.find("sha1") != lower.npos || lower.find("md5") != lower.npos ||
         lower.find("md2") != lower.npos;
}

// Key sizes and signatures of every certificate the server sent (a self-signed CA's signature
// on itself proves nothing and is left out).
void judge_keys_and_signatures(const std::vector<CertificateFacts>& chain,
                               std::vector<std::string>& problems) {
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const CertificateFacts& certificate = chain[i];
    const std::string which =
        i == 0 ? "the certificate" : "chain certificate " + certificate.subject;
    const int minimum = minimum_key_bits(certificate.key_type);
    if (certificate.key_bits < minimum) {
      problems.push_back(which + " has a " + std::to_string(certificate.key_bits) + "-bit " +
                         certificate.key_type + " key (below " + std::to_string(minimum) + ")");
    }
    if (!(i > 0 && certificate.self_signed) && is_weak_signature(certificate.signature_algorithm)) {
      problems.push_back(which + " is signed with " + certificate.signature_algorithm);
    }
  }
}

Verdict judge_certificate(const NodeFacts& facts, const Policy& policy, Clock::time_point now) {
  if (!facts.tls || !facts.tls_facts) return without_tls(facts, "the server certificate");
  const TlsFacts& tls = *facts.tls_facts;
  if (tls.chain.empty()) {
    return {Status::fail, "the server sent no certificate", {{"chain", json::array()}}};
  }
  const CertificateFacts& leaf = tls.chain.front();
  json evidence = {{"certificate", to_json(leaf)},
                   {"chain_length", tls.chain.size()},
                   {"chain_verified", tls.chain_verified},
                   {"verified_name", tls.verified_name},
                   {"name_matches", tls.name_matches ? json(*tls.name_matches) : json()},
                   {"warn_days", policy.tls_certificate_warn_days}};
  if (!tls.chain_verify_error.empty()) evidence["chain_verify_error"] = tls.chain_verify_error;
  std::vector<std::string> problems;
  std::vector<std::string> unknown;
  if (leaf.self_signed) {
    problems.push_back("the certificate is self-signed");
  } else if (!tls.chain_verified) {
    problems.push_back("the chain does not verify against the trusted CAs (" +
                       tls.chain_verify_error + "; give --tls-ca-file for a private CA)");
  }
  if (!tls.name_matches) {
    unknown.push_back("whether the certificate names " + tls.verified_name);
  } else if (!*tls.name_matches) {
    problems.push_back("the certificate does not name " + tls.verified_name);
  }
  const auto not_before = parse_utc(leaf.not_before);
  const auto not_after = parse_utc(leaf.not_after);
  std::optional<std::int64_t> days_left;
  if (!not_before || !not_after) {
    unknown.push_back("the validity period");
  } else if (now >= *not_after) {
    problems.push_back("the certificate expired on " + leaf.not_after);
  } else if (now < *not_before) {
    problems.push_back("the certificate is not valid before " + leaf.not_before);
  } else {
    days_left = std::chrono::duration_cast<std::chrono::hours>(*not_after - now).count() / 24;
    evidence["days_left"] = *days_left;
  }
  judge_keys_and_signatures(tls.chain, problems);
  evidence["problems"] = problems;
  if (!problems.empty()) return {Status::fail, join(problems, "; "), evidence};
  if (!unknown.empty()) {
    return {Status::error, "unknown from the handshake: " + join(unknown, ", "), evidence};
  }
  if (*days_left < policy.tls_certificate_warn_days) {
    return {Status::warn,
            "the certificate expires in " + std::to_string(*days_left) + " days (" +
                leaf.not_after + "), within the policy's " +
                std::to_string(policy.tls_certificate_warn_days) + " days",
            evidence};
  }
  return {Status::pass,
          "the certificate verifies, names " + tls.verified_name + ", is valid until " +
              leaf.not_after + " with a " + std::to_string(leaf.key_bits) + "-bit " +
              leaf.key_type + " key and a " + leaf.signature_algorithm + " signature",
          evidence};
}

Verdict judge_validation_settings(const ServerSettings& settings) {
  const ServerSetting certificates = tls_setting(settings, "allowInvalidCertificates");
  const ServerSetting hostnames = tls_setting(settings, "allowInvalidHostnames");
  const ServerSetting ca_file = tls_setting(settings, "CAFile");
  const ServerSetting system_ca = settings["setParameter.tlsUseSystemCA"];
  const json evidence = {{"allowInvalidCertificates", certificates.evidence()},
                         {"allowInvalidHostnames", hostnames.evidence()},
                         {"CAFile", ca_file.evidence()},
                         {"tlsUseSystemCA", system_ca.evidence()}};
  std::vector<std::string> problems;
  if (is_on(certificates.value)) {
    problems.push_back(
        "allowInvalidCertificates is on: certificates that do not verify are "
        "accepted from clients and members");
  }
  if (is_on(hostnames.value)) {
    problems.push_back("allowInvalidHostnames is on: certificate host names are not checked");
  }
  const bool has_ca = (ca_file.value.is_string() && !ca_file.value.get<std::string>().empty()) ||
                      is_on(system_ca.value);
  if (!has_ca) {
    problems.push_back(
        "no CAFile (nor tlsUseSystemCA): the node cannot verify the certificates "
        "clients and members present");
  }
  if (!problems.empty()) return {Status::fail, join(problems, "; "), evidence};
  return {Status::pass,
          "certificates are verified against " +
              (ca_file.value.is_string() ? ca_file.value.get<std::string>()
                                         : std::string("the system CA store")) +
              ", host names checked",
          evidence};
}

Verdict judge_validation(const NodeFacts& facts) {
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  if (auto* missing = std::get_if<Verdict>(&reply)) return std::move(*missing);
  return judge_validation_settings(
      ServerSettings(*std::get<const bson::Document*>(reply), server_version(facts)));
}

// TLS-001 from a config file: only its mode can be judged, as no connection was made.
Verdict judge_mode_setting(const ServerSettings& settings) {
  const ServerSetting mode = tls_setting(settings, "mode");
  const json evidence = {{"mode", mode.evidence()}};
  if (!requires_tls(mode)) {
    return {Status::fail,
            "the TLS mode is " + value_text(mode.value) + (mode.set ? "" : " (the default)") +
                ", not requireTLS: plaintext connections are allowed",
            evidence};
  }
  return {Status::pass, "the TLS mode is " + value_text(mode.value), evidence};
}

// TLS-005. A node runs with net.tls.FIPSMode only if FIPS mode activated: setupFIPS()
// (src/mongo/util/net/ssl_manager_openssl.cpp) logs "FIPS 140-2 mode activated" (id 23172) or
// stops the server (LOGV2_FATAL_NOTRACE 23173 "Can't activate FIPS mode", 23174 "this version of
// mongodb was not compiled with FIPS support"). The setting of a running node therefore says what
// the startup log line would, and the scanner reads no global log for it: getLog "global" keeps
// only the last lines in memory, so the line is gone from a node that has logged for a while. The
// manual lists FIPS mode as an Enterprise feature: MongoDB Community is skipped (not a
// configuration anyone can fix: FIPS needs another build); a build of unknown edition warns.
Verdict judge_fips_setting(const ServerSettings& settings, const std::string& build) {
  const ServerSetting fips = tls_setting(settings, "FIPSMode");
  const json evidence = {{"FIPSMode", fips.evidence()}, {"edition", build}};
  if (is_on(fips.value)) {
    return {Status::pass,
            "net.tls.FIPSMode is on: the server starts only once FIPS 140 mode is active",
            evidence};
  }
  if (build == "Community") {
    return {Status::skipped,
            "FIPS mode is not available on MongoDB Community (an Enterprise feature)", evidence};
  }
  const std::string off =
      std::string("net.tls.FIPSMode is off") + (fips.set ? "" : " (the default)");
  if (build != "Enterprise") {
    return {Status::warn,
            off + "; FIPS mode needs MongoDB Enterprise, and this build's edition is " + build,
            evidence};
  }
  return {Status::fail, off + ": cryptography does not run in a FIPS 140 validated mode", evidence};
}

Verdict judge_fips(const NodeFacts& facts) {
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  return judge_fips_setting(
      ServerSettings(*std::get<const bson::Document*>(reply), server_version(facts)),
      server_edition(facts));
}

}  // namespace

const std::vector<CheckSpec>& transport_specs() {
  static const std::vector<CheckSpec> specs = {
      {"TLS-001",
       "TLS required: plaintext refused, net.tls.mode requireTLS",
       Layer::transport,
       Severity::high,
       {{Framework::devspec, "A3.6", "Transport: SSL/TLS"},
        {Framework::cis, "4.3",
         "Ensure Encryption of Data in Transit TLS or SSL (Transport Encryption)"},
        {Framework::stig, "V-252164",
         "MongoDB must maintain the authenticity of communications sessions by guarding against "
         "man-in-the-middle attacks that guess at Session ID values."},
        {Framework::stig, "V-252179",
         "MongoDB must maintain the confidentiality and integrity of information during "
         "preparation for transmission."},
        {Framework::stig, "V-252180",
         "MongoDB must maintain the confidentiality and integrity of information during "
         "reception."},
        {Framework::stig, "V-252139",
         "If passwords are used for authentication, MongoDB must transmit only encrypted "
         "representations of passwords."},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "Set net.tls.mode: requireTLS (with net.tls.certificateKeyFile) on every mongod and mongos; "
       "allowTLS and preferTLS still serve plaintext.",
       "The node refuses plaintext and runs `net.tls.mode` (or `net.ssl.mode`) requireTLS."},
      {"TLS-002",
       "TLS 1.0 and 1.1 refused; no weak cipher negotiated",
       Layer::transport,
       Severity::medium,
       {{Framework::devspec, "A3.6", "Transport: SSL/TLS"},
        {Framework::cis, "4.1", "Ensure legacy TLS protocols are disabled"},
        {Framework::cis, "4.2", "Ensure Weak Protocols are Disabled"},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "Set net.tls.disabledProtocols: TLS1_0,TLS1_1 and the opensslCipherConfig parameter to a "
       "list without NULL, anonymous, EXPORT, RC4 and 3DES suites (e.g. "
       "HIGH:!aNULL:!eNULL:!EXPORT:!RC4:!3DES:!MD5), then restart.",
       "Forced TLS 1.0 and TLS 1.1 handshakes are refused and no weak cipher class is "
       "accepted."},
      {"TLS-003",
       "Server certificate: trusted chain, in date, matching name, strong key and signature",
       Layer::transport,
       Severity::high,
       {{Framework::devspec, "A3.6", "Transport: SSL/TLS"},
        {Framework::cis, "4.3",
         "Ensure Encryption of Data in Transit TLS or SSL (Transport Encryption)"},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"},
        {Framework::cis, "2.3", "Ensure authentication is enabled in the sharded cluster"}},
       "Serve a certificate issued by a trusted CA that names every host clients use, with an RSA "
       "key of at least 2048 bits (or EC of 256) and a SHA-256 or stronger signature, and renew "
       "it before it expires.",
       "The certificate chain verifies, is in date (warns within the policy's "
       "`tls_certificate_warn_days`, default 30), matches the name, is not self-signed, RSA "
       "≥ 2048 / EC ≥ 256, no SHA-1 signature."},
      {"TLS-004",
       "Certificates verified: CA configured, invalid certificates and host names refused",
       Layer::transport,
       Severity::high,
       {{Framework::devspec, "A3.6", "Transport: SSL/TLS"},
        {Framework::cis, "4.3",
         "Ensure Encryption of Data in Transit TLS or SSL (Transport Encryption)"},
        {Framework::cis, "2.3", "Ensure authentication is enabled in the sharded cluster"},
        {Framework::stig, "V-252139",
         "If passwords are used for authentication, MongoDB must transmit only encrypted "
         "representations of passwords."},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "Set net.tls.CAFile to the CA that signs client and member certificates and remove "
       "net.tls.allowInvalidCertificates and net.tls.allowInvalidHostnames.",
       "`allowInvalidCertificates` and `allowInvalidHostnames` off; a `CAFile` (or the "
       "system CA) configured."},
      {"TLS-005",
       "FIPS mode on (MongoDB Enterprise)",
       Layer::transport,
       Severity::low,
       {{Framework::cis, "4.4", "Ensure Federal Information Processing Standard (FIPS) is enabled"},
        {Framework::stig, "V-252146",
         "MongoDB must use NIST FIPS 140-2 or 140-3 validated cryptographic modules for "
         "cryptographic operations."}},
       "On MongoDB Enterprise, enable FIPS mode in the operating system and set "
       "net.tls.FIPSMode: true, then restart and look for \"FIPS 140-2 mode activated\" in the "
       "log.",
       "`net.tls.FIPSMode` on (a running node with it has activated FIPS mode: mongod stops "
       "at startup otherwise, so the startup log's \"FIPS 140-2 mode activated\" line is not "
       "read); MongoDB Community: skipped (an Enterprise feature); a build of unknown "
       "edition warns."},
  };
  return specs;
}

std::vector<Finding> check_transport(const NodeFacts& facts, const Policy& policy,
                                     Clock::time_point now) {
  const Subject subject = Subject::node(facts.address());
  return {make_finding(spec(kRequired), policy, subject, judge_required(facts)),
          make_finding(spec(kProtocols), policy, subject, judge_protocols(facts)),
          make_finding(spec(kCertificate), policy, subject, judge_certificate(facts, policy, now)),
          make_finding(spec(kValidation), policy, subject, judge_validation(facts)),
          make_finding(spec(kFips), policy, subject, judge_fips(facts))};
}

std::vector<Finding> check_transport(const NodeFacts& facts, const Policy& policy) {
  return check_transport(facts, policy, Clock::now());
}

std::vector<Finding> check_transport(const ServerConfigFile& file, const Policy& policy) {
  const ServerSettings settings(file);
  return {
      make_finding(spec(kRequired), policy, settings.file_subject({"net.tls.mode", "net.ssl.mode"}),
                   judge_mode_setting(settings)),
      make_finding(spec(kValidation), policy,
                   settings.file_subject(
                       {"net.tls.allowInvalidCertificates", "net.ssl.allowInvalidCertificates",
                        "net.tls.allowInvalidHostnames", "net.ssl.allowInvalidHostnames",
                        "net.tls.CAFile", "net.ssl.CAFile", "net.tls.mode", "net.ssl.mode"}),
                   judge_validation_settings(settings)),
      make_finding(spec(kFips), policy,
                   settings.file_subject({"net.tls.FIPSMode", "net.ssl.FIPSMode"}),
                   judge_fips_setting(settings, "unknown"))};
}

}  // namespace mongoscan
