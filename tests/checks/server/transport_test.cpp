#include "checks/server/transport.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace transport_test {
namespace {

using nlohmann::json;
using Clock = std::chrono::system_clock;

// 2026-01-01T00:00:00Z.
const Clock::time_point kNow = Clock::from_time_t(1767225600);

CertificateFacts good_leaf() {
  CertificateFacts leaf;
  leaf.subject = "CN=db1.example.test,O=Example";
  leaf.issuer = "CN=Example CA,O=Example";
  leaf.subject_alt_names = {"DNS:db1.example.test"};
  leaf.not_before = "2025-06-01T00:00:00Z";
  leaf.not_after = "2027-06-01T00:00:00Z";
  leaf.key_type = "RSA";
  leaf.key_bits = 2048;
  leaf.signature_algorithm = "sha256WithRSAEncryption";
  return leaf;
}

WeakTlsHandshake handshake(std::string offer, WeakTlsHandshake::Outcome outcome) {
  WeakTlsHandshake result;
  result.offer = std::move(offer);
  result.outcome = outcome;
  return result;
}

bson::Document cmd_line_opts(bson::Document net) {
  return {{"argv", bson::Array{"mongod"}},
          {"parsed", bson::Document{{"net", std::move(net)}}},
          {"ok", 1.0}};
}

bson::Document hardened_net() {
  return {{"tls", bson::Document{{"mode", "requireTLS"}, {"CAFile", "/etc/ssl/ca.pem"}}}};
}

void set_command(NodeFacts& facts, const std::string& name, CommandOutcome::State state,
                 bson::Document reply = {}) {
  CommandOutcome outcome;
  outcome.state = state;
  outcome.reply = std::move(reply);
  outcome.message = state == CommandOutcome::State::failed ? "no such command" : "";
  facts.commands[name] = std::move(outcome);
}

// A hardened TLS node as the probe reports it: every TLS check passes.
NodeFacts tls_node() {
  NodeFacts facts;
  facts.host = "db1.example.test";
  facts.port = 27017;
  facts.reachable = true;
  facts.tls = true;
  TlsFacts tls;
  tls.protocol = "TLSv1.3";
  tls.cipher = "TLS_AES_256_GCM_SHA384";
  tls.chain = {good_leaf()};
  tls.verified = true;
  tls.verified_name = "db1.example.test";
  tls.chain_verified = true;
  tls.name_matches = true;
  facts.tls_facts = tls;
  facts.plaintext_accepted = false;
  facts.hello = bson::Document{{"isWritablePrimary", true}, {"ok", 1.0}};
  using Outcome = WeakTlsHandshake::Outcome;
  facts.weak_tls_handshakes = {
      handshake("TLSv1", Outcome::refused),       handshake("TLSv1.1", Outcome::refused),
      handshake("NULL", Outcome::refused),        handshake("aNULL", Outcome::refused),
      handshake("EXPORT", Outcome::not_testable), handshake("RC4", Outcome::not_testable),
      handshake("3DES", Outcome::not_testable)};
  set_command(facts, "buildInfo", CommandOutcome::State::ok, {{"version", "7.0.9"}, {"ok", 1.0}});
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok, cmd_line_opts(hardened_net()));
  return facts;
}

// The scan's session ran in plaintext: no TLS facts at all.
NodeFacts plaintext_node() {
  NodeFacts facts = tls_node();
  facts.tls = false;
  facts.tls_facts.reset();
  facts.plaintext_accepted.reset();
  facts.weak_tls_handshakes.clear();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok, cmd_line_opts({}));
  return facts;
}

NodeFacts unreachable_node() {
  NodeFacts facts;
  facts.host = "db9.example.test";
  facts.port = 27017;
  facts.errors.push_back(Error{ErrorCode::refused, "connect", "Connection refused"});
  return facts;
}

Finding judged(const NodeFacts& facts, const std::string& id, const Policy& policy = {}) {
  const auto findings = check_transport(facts, policy, kNow);
  const auto it = std::find_if(findings.begin(), findings.end(),
                               [&](const Finding& finding) { return finding.check_id == id; });
  EXPECT_NE(it, findings.end()) << id;
  return *it;
}

bool mentions(const Finding& finding, const std::string& text) {
  return finding.message.find(text) != std::string::npos;
}

TEST(TransportSpecs, FiveChecksWithReferencesAndRemediation) {
  const auto& specs = transport_specs();
  ASSERT_EQ(specs.size(), 5u);
  EXPECT_EQ(specs[4].id, "TLS-005");
  EXPECT_EQ(specs[4].references.size(), 2u) << "CIS 4.4 and STIG V-252146";
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(specs[i].id, "TLS-00" + std::to_string(i + 1));
    EXPECT_EQ(specs[i].layer, Layer::transport);
    EXPECT_FALSE(specs[i].remediation.empty());
    const auto& references = specs[i].references;
    const auto cites = [&](Framework framework, std::string_view id) {
      return std::any_of(references.begin(), references.end(), [&](const ControlReference& r) {
        return r.framework == framework && r.id == id;
      });
    };
    EXPECT_TRUE(cites(Framework::devspec, "A3.6")) << specs[i].id;
    EXPECT_TRUE(cites(Framework::checklist, "encrypt-communication")) << specs[i].id;
    EXPECT_TRUE(cites(Framework::cis, i == 1 ? "4.1" : "4.3")) << specs[i].id;
  }
}

TEST(CheckTransport, OneFindingPerCheckAboutTheNode) {
  const auto findings = check_transport(tls_node(), Policy{}, kNow);
  ASSERT_EQ(findings.size(), 5u);
  EXPECT_EQ(findings[4].check_id, "TLS-005");
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(findings[i].check_id, "TLS-00" + std::to_string(i + 1));
    EXPECT_EQ(findings[i].subject.name, "db1.example.test:27017");
    EXPECT_EQ(findings[i].status, Status::pass) << findings[i].message;
  }
  Policy policy;
  policy.severity_overrides["TLS-002"] = Severity::low;
  EXPECT_EQ(check_transport(tls_node(), policy, kNow)[1].severity, Severity::low);
}

// TLS-001

TEST(TlsRequired, PassWhenPlaintextIsRefusedAndTheModeIsRequireTls) {
  const Finding finding = judged(tls_node(), "TLS-001");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["plaintext_accepted"], false);
  EXPECT_EQ(finding.evidence["mode"]["value"], "requireTLS");
  EXPECT_EQ(finding.evidence["mode"]["set"], true);
  EXPECT_EQ(finding.evidence["mode"]["source"], "getCmdLineOpts parsed.net.tls.mode");
}

TEST(TlsRequired, TheLegacySslModeCounts) {
  NodeFacts facts = tls_node();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok,
              cmd_line_opts({{"ssl", bson::Document{{"mode", "requireSSL"}}}}));
  const Finding finding = judged(facts, "TLS-001");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["mode"]["source"], "getCmdLineOpts parsed.net.ssl.mode");
}

TEST(TlsRequired, FailWhenATlsNodeAlsoAnswersPlaintext) {
  NodeFacts facts = tls_node();
  facts.plaintext_accepted = true;
  const Finding finding = judged(facts, "TLS-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "plaintext connections beside TLS")) << finding.message;
}

TEST(TlsRequired, FailWhenTheSessionRanWithoutTlsSayingTheModeIsTheDefault) {
  const Finding finding = judged(plaintext_node(), "TLS-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["session_tls"], false);
  EXPECT_EQ(finding.evidence["plaintext_accepted"], true);
  EXPECT_EQ(finding.evidence["mode"]["value"], "disabled");
  EXPECT_EQ(finding.evidence["mode"]["set"], false);
}

TEST(TlsRequired, FailWhenTheModeAllowsPlaintextAlthoughThisProbeWasRefused) {
  NodeFacts facts = tls_node();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok,
              cmd_line_opts({{"tls", bson::Document{{"mode", "preferTLS"}}}}));
  const Finding finding = judged(facts, "TLS-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "preferTLS, not requireTLS")) << finding.message;
}

TEST(TlsRequired, ErrorWhenThePlaintextProbeFailed) {
  NodeFacts facts = tls_node();
  facts.plaintext_accepted.reset();
  facts.errors.push_back(Error{ErrorCode::timeout, "plaintext", "deadline passed"});
  const Finding finding = judged(facts, "TLS-001");
  EXPECT_EQ(finding.status, Status::error);
  EXPECT_TRUE(mentions(finding, "plaintext: deadline passed")) << finding.message;
}

TEST(TlsRequired, SkippedNamingTheActionWhenGetCmdLineOptsIsNotPermitted) {
  NodeFacts facts = tls_node();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::not_permitted);
  const Finding finding = judged(facts, "TLS-001");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_TRUE(mentions(finding, "needs the getCmdLineOpts action")) << finding.message;
  EXPECT_EQ(finding.evidence["plaintext_accepted"], false);
}

TEST(TlsRequired, ErrorWhenGetCmdLineOptsFailedOrTheNodeWasUnreachable) {
  NodeFacts facts = tls_node();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::failed);
  EXPECT_EQ(judged(facts, "TLS-001").status, Status::error);
  EXPECT_EQ(judged(unreachable_node(), "TLS-001").status, Status::error);
}

// TLS-002

TEST(TlsProtocols, PassWhenEveryWeakOfferIsRefusedNamingTheUntestableOnes) {
  const Finding finding = judged(tls_node(), "TLS-002");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_TRUE(mentions(finding, "not testable with this scanner's OpenSSL: EXPORT, RC4, 3DES"))
      << finding.message;
  EXPECT_EQ(finding.evidence["not_testable"], (json{"EXPORT", "RC4", "3DES"}));
  EXPECT_EQ(finding.evidence["handshakes"][0], (json{{"offer", "TLSv1"}, {"outcome", "refused"}}));
}

TEST(TlsProtocols, FailWhenAnOldProtocolIsAccepted) {
  NodeFacts facts = tls_node();
  facts.weak_tls_handshakes[0].outcome = WeakTlsHandshake::Outcome::accepted;
  facts.weak_tls_handshakes[0].protocol = "TLSv1";
  facts.weak_tls_handshakes[0].cipher = "ECDHE-RSA-AES256-SHA";
  const Finding finding = judged(facts, "TLS-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "TLSv1 (negotiated TLSv1 ECDHE-RSA-AES256-SHA)"))
      << finding.message;
}

TEST(TlsProtocols, FailWhenAWeakCipherClassIsAccepted) {
  NodeFacts facts = tls_node();
  facts.weak_tls_handshakes[2].outcome = WeakTlsHandshake::Outcome::accepted;
  facts.weak_tls_handshakes[2].protocol = "TLSv1.2";
  facts.weak_tls_handshakes[2].cipher = "ECDHE-RSA-NULL-SHA";
  const Finding finding = judged(facts, "TLS-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "NULL (negotiated TLSv1.2 ECDHE-RSA-NULL-SHA)")) << finding.message;
}

TEST(TlsProtocols, FailWhenTheScansOwnSessionIsWeak) {
  NodeFacts facts = tls_node();
  facts.tls_facts->cipher = "ADH-AES256-GCM-SHA384";
  EXPECT_EQ(judged(facts, "TLS-002").status, Status::fail);
  facts = tls_node();
  facts.tls_facts->protocol = "TLSv1.1";
  EXPECT_EQ(judged(facts, "TLS-002").status, Status::fail);
}

TEST(TlsProtocols, ErrorWhenAHandshakeFailedOrNoneWasMade) {
  NodeFacts facts = tls_node();
  facts.weak_tls_handshakes[1].outcome = WeakTlsHandshake::Outcome::error;
  facts.weak_tls_handshakes[1].detail = "handshake: deadline passed";
  const Finding failed = judged(facts, "TLS-002");
  EXPECT_EQ(failed.status, Status::error);
  EXPECT_TRUE(mentions(failed, "TLSv1.1: handshake: deadline passed")) << failed.message;
  facts.weak_tls_handshakes.clear();
  EXPECT_EQ(judged(facts, "TLS-002").status, Status::error);
}

TEST(TlsProtocols, SkippedWhenThisOpenSslCannotOfferAProtocolOrAnyCipherClass) {
  NodeFacts facts = tls_node();
  facts.weak_tls_handshakes[0].outcome = WeakTlsHandshake::Outcome::not_testable;
  EXPECT_EQ(judged(facts, "TLS-002").status, Status::skipped);
  facts = tls_node();
  facts.weak_tls_handshakes[2].outcome = WeakTlsHandshake::Outcome::not_testable;
  facts.weak_tls_handshakes[3].outcome = WeakTlsHandshake::Outcome::not_testable;
  const Finding finding = judged(facts, "TLS-002");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_TRUE(mentions(finding, "NULL, aNULL, EXPORT")) << finding.message;
}

TEST(TlsProtocols, SkippedWithoutTlsAndErrorWhenUnreachable) {
  const Finding plaintext = judged(plaintext_node(), "TLS-002");
  EXPECT_EQ(plaintext.status, Status::skipped);
  EXPECT_TRUE(mentions(plaintext, "without TLS")) << plaintext.message;
  const Finding unreachable = judged(unreachable_node(), "TLS-002");
  EXPECT_EQ(unreachable.status, Status::error);
  EXPECT_TRUE(mentions(unreachable, "connect: Connection refused")) << unreachable.message;
}

// TLS-003

TEST(TlsCertificate, PassForATrustedInDateMatchingStrongCertificate) {
  const Finding finding = judged(tls_node(), "TLS-003");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["days_left"], 516);
  EXPECT_EQ(finding.evidence["warn_days"], 30);
  EXPECT_EQ(finding.evidence["certificate"]["key_bits"], 2048);
}

TEST(TlsCertificate, WarnWhenExpiringWithinThePolicysDays) {
  NodeFacts facts = tls_node();
  facts.tls_facts->chain[0].not_after = "2026-01-11T00:00:00Z";
  const Finding finding = judged(facts, "TLS-003");
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_TRUE(mentions(finding, "expires in 10 days")) << finding.message;
  Policy policy;
  policy.tls_certificate_warn_days = 5;
  EXPECT_EQ(judged(facts, "TLS-003", policy).status, Status::pass);
}

TEST(TlsCertificate, FailWhenExpiredOrNotYetValid) {
  NodeFacts facts = tls_node();
  facts.tls_facts->chain[0].not_after = "2025-12-31T23:59:59Z";
  const Finding expired = judged(facts, "TLS-003");
  EXPECT_EQ(expired.status, Status::fail);
  EXPECT_TRUE(mentions(expired, "expired on 2025-12-31T23:59:59Z")) << expired.message;
  facts = tls_node();
  facts.tls_facts->chain[0].not_before = "2026-02-01T00:00:00Z";
  EXPECT_TRUE(mentions(judged(facts, "TLS-003"), "not valid before"));
}

TEST(TlsCertificate, FailWhenSelfSignedOrTheChainDoesNotVerify) {
  NodeFacts facts = tls_node();
  facts.tls_facts->chain[0].self_signed = true;
  facts.tls_facts->chain_verified = false;
  facts.tls_facts->chain_verify_error = "self-signed certificate";
  const Finding self_signed = judged(facts, "TLS-003");
  EXPECT_EQ(self_signed.status, Status::fail);
  EXPECT_TRUE(mentions(self_signed, "self-signed")) << self_signed.message;
  facts = tls_node();
  facts.tls_facts->chain_verified = false;
  facts.tls_facts->chain_verify_error = "unable to get local issuer certificate";
  const Finding unverified = judged(facts, "TLS-003");
  EXPECT_EQ(unverified.status, Status::fail);
  EXPECT_TRUE(mentions(unverified, "unable to get local issuer certificate")) << unverified.message;
  EXPECT_EQ(unverified.evidence["chain_verify_error"], "unable to get local issuer certificate");
}

TEST(TlsCertificate, FailWhenTheNameDoesNotMatch) {
  NodeFacts facts = tls_node();
  facts.tls_facts->name_matches = false;
  const Finding finding = judged(facts, "TLS-003");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "does not name db1.example.test")) << finding.message;
}

TEST(TlsCertificate, FailOnSmallKeys) {
  NodeFacts facts = tls_node();
  facts.tls_facts->chain[0].key_bits = 1024;
  const Finding rsa = judged(facts, "TLS-003");
  EXPECT_EQ(rsa.status, Status::fail);
  EXPECT_TRUE(mentions(rsa, "1024-bit RSA key (below 2048)")) << rsa.message;
  facts.tls_facts->chain[0].key_type = "EC";
  facts.tls_facts->chain[0].key_bits = 224;
  EXPECT_TRUE(mentions(judged(facts, "TLS-003"), "224-bit EC key (below 256)"));
  facts.tls_facts->chain[0].key_bits = 256;
  EXPECT_EQ(judged(facts, "TLS-003").status, Status::pass);
  facts.tls_facts->chain[0].key_type = "ED25519";
  EXPECT_EQ(judged(facts, "TLS-003").status, Status::pass);
}

TEST(TlsCertificate, FailOnSha1SignaturesButNotOnASelfSignedRootsOwn) {
  NodeFacts facts = tls_node();
  CertificateFacts root = good_leaf();
  root.subject = root.issuer;
  root.self_signed = true;
  root.signature_algorithm = "sha1WithRSAEncryption";
  facts.tls_facts->chain.push_back(root);
  EXPECT_EQ(judged(facts, "TLS-003").status, Status::pass);
  facts.tls_facts->chain[0].signature_algorithm = "ecdsa-with-SHA1";
  const Finding finding = judged(facts, "TLS-003");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "signed with ecdsa-with-SHA1")) << finding.message;
  facts.tls_facts->chain[0].signature_algorithm = "sha256WithRSAEncryption";
  facts.tls_facts->chain[1].self_signed = false;  // an intermediate, not the root
  EXPECT_TRUE(mentions(judged(facts, "TLS-003"), "chain certificate CN=Example CA,O=Example"));
}

TEST(TlsCertificate, EveryProblemIsListed) {
  NodeFacts facts = tls_node();
  facts.tls_facts->name_matches = false;
  facts.tls_facts->chain[0].not_after = "2021-01-01T00:00:00Z";
  const Finding finding = judged(facts, "TLS-003");
  EXPECT_EQ(finding.evidence["problems"].size(), 2u) << finding.evidence;
}

TEST(TlsCertificate, FailWhenNoCertificateWasSent) {
  NodeFacts facts = tls_node();
  facts.tls_facts->chain.clear();
  EXPECT_EQ(judged(facts, "TLS-003").status, Status::fail);
}

TEST(TlsCertificate, ErrorWhenAFactIsMissing) {
  NodeFacts facts = tls_node();
  facts.tls_facts->name_matches.reset();
  EXPECT_EQ(judged(facts, "TLS-003").status, Status::error);
  facts = tls_node();
  facts.tls_facts->chain[0].not_after = "";
  const Finding finding = judged(facts, "TLS-003");
  EXPECT_EQ(finding.status, Status::error);
  EXPECT_TRUE(mentions(finding, "the validity period")) << finding.message;
}

TEST(TlsCertificate, SkippedWithoutTlsAndErrorWhenUnreachable) {
  EXPECT_EQ(judged(plaintext_node(), "TLS-003").status, Status::skipped);
  EXPECT_EQ(judged(unreachable_node(), "TLS-003").status, Status::error);
}

// TLS-004

TEST(TlsValidation, PassWithACaFileAndNoAllowInvalidSettings) {
  const Finding finding = judged(tls_node(), "TLS-004");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["CAFile"]["value"], "/etc/ssl/ca.pem");
  EXPECT_EQ(finding.evidence["allowInvalidCertificates"]["value"], false);
  EXPECT_EQ(finding.evidence["allowInvalidCertificates"]["set"], false);
}

TEST(TlsValidation, PassWithTheSystemCaInsteadOfACaFile) {
  NodeFacts facts = tls_node();
  const bson::Document tls{{"mode", "requireTLS"}};
  const bson::Document opts{
      {"parsed", bson::Document{{"net", bson::Document{{"tls", tls}}},
                                {"setParameter", bson::Document{{"tlsUseSystemCA", "true"}}}}},
      {"ok", 1.0}};
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok, opts);
  EXPECT_EQ(judged(facts, "TLS-004").status, Status::pass);
}

TEST(TlsValidation, FailOnAllowInvalidCertificatesOrHostnames) {
  NodeFacts facts = tls_node();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok,
              cmd_line_opts({{"tls", bson::Document{{"mode", "requireTLS"},
                                                    {"CAFile", "/etc/ssl/ca.pem"},
                                                    {"allowInvalidCertificates", true}}}}));
  const Finding certificates = judged(facts, "TLS-004");
  EXPECT_EQ(certificates.status, Status::fail);
  EXPECT_TRUE(mentions(certificates, "allowInvalidCertificates is on")) << certificates.message;
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok,
              cmd_line_opts({{"ssl", bson::Document{{"mode", "requireSSL"},
                                                    {"CAFile", "/etc/ssl/ca.pem"},
                                                    {"allowInvalidHostnames", true}}}}));
  const Finding hostnames = judged(facts, "TLS-004");
  EXPECT_EQ(hostnames.status, Status::fail);
  EXPECT_TRUE(mentions(hostnames, "allowInvalidHostnames is on")) << hostnames.message;
  EXPECT_EQ(hostnames.evidence["allowInvalidHostnames"]["source"],
            "getCmdLineOpts parsed.net.ssl.allowInvalidHostnames");
}

TEST(TlsValidation, FailWithoutACaFile) {
  NodeFacts facts = tls_node();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok,
              cmd_line_opts({{"tls", bson::Document{{"mode", "requireTLS"}}}}));
  const Finding finding = judged(facts, "TLS-004");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "no CAFile")) << finding.message;
  EXPECT_EQ(finding.evidence["CAFile"]["set"], false);
}

TEST(TlsValidation, SkippedOrErrorWithoutGetCmdLineOpts) {
  NodeFacts facts = tls_node();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::not_permitted);
  const Finding skipped = judged(facts, "TLS-004");
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_EQ(skipped.evidence["needs"], "getCmdLineOpts");
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::failed);
  EXPECT_EQ(judged(facts, "TLS-004").status, Status::error);
  EXPECT_EQ(judged(unreachable_node(), "TLS-004").status, Status::error);
}

// A server config file: TLS-001 (its mode) and TLS-004 judged from its settings, at the line.
TEST(ConfigFileTransport, RequireTlsPassesOtherModesFailAtTheirLine) {
  for (const auto& [key, mode] :
       {std::pair{"net.tls.mode", "requireTLS"}, std::pair{"net.ssl.mode", "requireSSL"}}) {
    const ServerConfigFile file{"mongod.conf",
                                {{key, mode, 7}, {"net.tls.CAFile", "/etc/ca.pem", 8}}};
    const auto findings = check_transport(file, Policy{});
    EXPECT_EQ(check_test::finding_for(findings, "TLS-001").status, Status::pass) << mode;
    EXPECT_EQ(check_test::finding_for(findings, "TLS-004").status, Status::pass) << mode;
  }
  const ServerConfigFile prefer{"mongod.conf",
                                {{"net.bindIp", "10.0.0.5", 2}, {"net.tls.mode", "preferTLS", 7}}};
  const Finding preferred = check_test::finding_for(check_transport(prefer, Policy{}), "TLS-001");
  EXPECT_EQ(preferred.status, Status::fail);
  EXPECT_EQ(preferred.subject.line, 7);
  const ServerConfigFile unset{"mongod.conf", {{"net.bindIp", "10.0.0.5", 2}}};
  const Finding plaintext = check_test::finding_for(check_transport(unset, Policy{}), "TLS-001");
  EXPECT_EQ(plaintext.status, Status::fail);
  EXPECT_TRUE(mentions(plaintext, "the default"));
}

TEST(ConfigFileTransport, InvalidCertificatesAllowedFailsAtItsLine) {
  const ServerConfigFile file{"mongod.conf",
                              {{"net.tls.mode", "requireTLS", 3},
                               {"net.tls.CAFile", "/etc/ca.pem", 4},
                               {"net.tls.allowInvalidCertificates", "true", 5}}};
  const Finding finding = check_test::finding_for(check_transport(file, Policy{}), "TLS-004");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.subject.line, 5);
  EXPECT_TRUE(mentions(finding, "allowInvalidCertificates"));
}

// TLS-005

NodeFacts fips_node(bson::Document net, bson::Array modules) {
  NodeFacts facts = tls_node();
  set_command(facts, "getCmdLineOpts", CommandOutcome::State::ok, cmd_line_opts(std::move(net)));
  set_command(facts, "buildInfo", CommandOutcome::State::ok,
              bson::Document{{"version", "8.0.4"}, {"modules", std::move(modules)}, {"ok", 1.0}});
  return facts;
}

bson::Document fips_net(bool on) {
  return {{"tls", bson::Document{{"mode", "requireTLS"}, {"FIPSMode", on}}}};
}

TEST(FipsMode, OnPassesOffFailsOnEnterprise) {
  const Finding on = judged(fips_node(fips_net(true), {bson::Value("enterprise")}), "TLS-005");
  EXPECT_EQ(on.status, Status::pass) << on.message;
  EXPECT_EQ(on.evidence["FIPSMode"]["source"], "getCmdLineOpts parsed.net.tls.FIPSMode");
  const Finding off = judged(fips_node(hardened_net(), {bson::Value("enterprise")}), "TLS-005");
  EXPECT_EQ(off.status, Status::fail);
  EXPECT_TRUE(mentions(off, "(the default)"));
  EXPECT_EQ(off.evidence["edition"], "Enterprise");
}

// FIPS mode is an Enterprise feature: on Community nothing can be configured, so it is skipped;
// a build whose edition is not known (no buildInfo, Percona) warns rather than fails.
TEST(FipsMode, CommunityIsSkippedAndUnknownEditionsWarn) {
  const Finding community = judged(fips_node(hardened_net(), {}), "TLS-005");
  EXPECT_EQ(community.status, Status::skipped);
  EXPECT_TRUE(mentions(community, "Community"));
  NodeFacts unknown = fips_node(hardened_net(), {});
  set_command(unknown, "buildInfo", CommandOutcome::State::not_permitted);
  EXPECT_EQ(judged(unknown, "TLS-005").status, Status::warn);
  NodeFacts legacy =
      fips_node({{"ssl", bson::Document{{"mode", "requireSSL"}, {"FIPSMode", true}}}}, {});
  EXPECT_EQ(judged(legacy, "TLS-005").status, Status::pass) << "net.ssl.FIPSMode before 4.2";
  NodeFacts refused = fips_node(hardened_net(), {bson::Value("enterprise")});
  set_command(refused, "getCmdLineOpts", CommandOutcome::State::not_permitted);
  EXPECT_EQ(judged(refused, "TLS-005").status, Status::skipped);
}

TEST(ConfigFileTransport, FipsModeFromTheFile) {
  const ServerConfigFile on{"mongod.conf",
                            {{"net.tls.mode", "requireTLS", 3}, {"net.tls.FIPSMode", "true", 4}}};
  const Finding finding = check_test::finding_for(check_transport(on, Policy{}), "TLS-005");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.subject.line, 4);
  const ServerConfigFile off{"mongod.conf", {{"net.tls.mode", "requireTLS", 3}}};
  EXPECT_EQ(check_test::finding_for(check_transport(off, Policy{}), "TLS-005").status,
            Status::warn);
}

}  // namespace
}  // namespace transport_test
}  // namespace mongoscan
