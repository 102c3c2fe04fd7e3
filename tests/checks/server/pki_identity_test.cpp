#include "checks/server/pki_identity.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace pki_identity_test {
namespace {

using check_test::answered;
using check_test::cmd_line_opts;
using check_test::finding_for;
using check_test::reachable_node;
using check_test::refused;

// A requireTLS node verifying peers against a CA; `tls` fields replace or add to it.
bson::Document tls_section(bson::Document extra = {}) {
  bson::Document tls{{"mode", "requireTLS"},
                     {"certificateKeyFile", "/etc/ssl/server.pem"},
                     {"CAFile", "/etc/ssl/ca.pem"}};
  for (const auto& [key, value] : extra) tls.append(key, value);
  return tls;
}

NodeFacts node_with(bson::Document net, bson::Document security = {{"authorization", "enabled"}},
                    std::string set_name = "", std::string version = "7.0.12") {
  NodeFacts facts = reachable_node(version, set_name);
  bson::Document parsed{{"net", std::move(net)}, {"security", std::move(security)}};
  facts.commands["getCmdLineOpts"] = cmd_line_opts(std::move(parsed));
  return facts;
}

bson::Document parameters(bson::Document extra = {}) {
  bson::Document reply{
      {"authenticationMechanisms", bson::Array{"MONGODB-X509", "SCRAM-SHA-1", "SCRAM-SHA-256"}},
      {"clusterAuthMode", "undefined"},
      {"ocspEnabled", true},
      {"opensslCipherConfig", "HIGH:!EXPORT:!aNULL@STRENGTH"},
      {"opensslCipherSuiteConfig", ""}};
  for (const auto& [key, value] : extra) reply.append(key, value);
  reply.append("ok", 1.0);
  return reply;
}

bson::Document users(bson::Array list) { return {{"users", std::move(list)}, {"ok", 1.0}}; }

bson::Document user(std::string name, std::string db) {
  return {{"user", std::move(name)}, {"db", std::move(db)}};
}

Policy x509_clients() {
  Policy policy;
  policy.identity.x509_clients = true;
  return policy;
}

Finding judge(const NodeFacts& facts, std::string_view id, const Policy& policy = Policy{}) {
  const auto findings = check_pki_identity(facts, policy);
  EXPECT_EQ(findings.size(), pki_identity_specs().size());
  return finding_for(findings, id);
}

// ---- TLS-006 ----

NodeFacts x509_node(bson::Document tls_extra = {}) {
  NodeFacts facts = node_with(bson::Document{{"tls", tls_section(std::move(tls_extra))}});
  facts.commands["getParameter"] = answered(parameters());
  facts.commands["usersInfo"] = answered(
      users(bson::Array{user("CN=app,OU=Apps,O=Example", "$external"), user("admin", "admin")}));
  return facts;
}

TEST(ClientCertificates, WithoutThePolicyTheCheckIsSkippedAndTheSettingsRecorded) {
  const Finding finding =
      judge(x509_node({{"allowConnectionsWithoutCertificates", true}}), "TLS-006");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_NE(finding.message.find("identity.x509_clients"), std::string::npos);
  EXPECT_EQ(finding.evidence["allowConnectionsWithoutCertificates"]["value"], true);
  EXPECT_EQ(finding.evidence["x509_users"].size(), 1u);
}

TEST(ClientCertificates, RequiredAndMappedPasses) {
  const Finding finding = judge(x509_node(), "TLS-006", x509_clients());
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["allowConnectionsWithoutCertificates"]["set"], false);
  EXPECT_NE(finding.message.find("1 $external user"), std::string::npos);
}

TEST(ClientCertificates, ConnectionsWithoutCertificatesFail) {
  const Finding finding =
      judge(x509_node({{"allowConnectionsWithoutCertificates", true}}), "TLS-006", x509_clients());
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("allowConnectionsWithoutCertificates"), std::string::npos);
}

// allowTLS and preferTLS accept plaintext clients, which present no certificate.
TEST(ClientCertificates, OnlyRequireTlsMakesEveryClientPresentOne) {
  for (const char* mode : {"preferTLS", "allowTLS", "preferSSL"}) {
    NodeFacts facts = x509_node();
    facts.commands["getCmdLineOpts"] = cmd_line_opts(bson::Document{
        {"net", bson::Document{{"tls", bson::Document{{"mode", mode},
                                                      {"certificateKeyFile", "/etc/ssl/s.pem"},
                                                      {"CAFile", "/etc/ssl/ca.pem"}}}}},
        {"security", bson::Document{{"authorization", "enabled"}}}});
    const Finding finding = judge(facts, "TLS-006", x509_clients());
    EXPECT_EQ(finding.status, Status::fail) << mode;
    EXPECT_NE(finding.message.find("without TLS, and so without a certificate"), std::string::npos)
        << finding.message;
    EXPECT_EQ(finding.message.find("must present"), std::string::npos) << finding.message;
  }
}

TEST(ClientCertificates, NoCertificateSubjectMappedToAUserFails) {
  NodeFacts facts = x509_node();
  facts.commands["usersInfo"] =
      answered(users(bson::Array{user("admin", "admin"), user("alice@EXAMPLE.COM", "$external")}));
  const Finding finding = judge(facts, "TLS-006", x509_clients());
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("no $external user"), std::string::npos);
}

TEST(ClientCertificates, NoCaAndNoX509MechanismFail) {
  NodeFacts facts = node_with(bson::Document{
      {"tls", bson::Document{{"mode", "requireTLS"}, {"certificateKeyFile", "/etc/s.pem"}}}});
  facts.commands["getParameter"] = answered(
      bson::Document{{"authenticationMechanisms", bson::Array{"SCRAM-SHA-256"}}, {"ok", 1.0}});
  facts.commands["usersInfo"] = answered(users(bson::Array{user("CN=a", "$external")}));
  const Finding finding = judge(facts, "TLS-006", x509_clients());
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("no CAFile"), std::string::npos);
  EXPECT_NE(finding.message.find("MONGODB-X509"), std::string::npos);
}

TEST(ClientCertificates, UsersNotReadableIsNotAPass) {
  NodeFacts facts = x509_node();
  facts.commands["usersInfo"] = refused();
  const Finding finding = judge(facts, "TLS-006", x509_clients());
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_NE(finding.message.find("$external users were not read"), std::string::npos);
}

// ---- TLS-007 ----

// mongod runs OCSP only as a client (parseAndValidatePeerCertificate,
// src/mongo/util/net/ssl_manager_openssl.cpp): ocspEnabled refuses no certificate presented to it.
TEST(Revocation, OcspOnWithoutACrlFailsWhereCertificatesAreIdentities) {
  NodeFacts facts = x509_node();
  facts.commands["getParameter"] =
      answered(parameters({{"tlsOCSPVerifyTimeoutSecs", std::int32_t{4}}}));
  const Finding finding = judge(facts, "TLS-007");
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_EQ(finding.evidence["ocspEnabled"]["value"], true);
  EXPECT_NE(finding.evidence["ocspEnabled"]["scope"].get<std::string>().find(
                "never checks a certificate presented to it"),
            std::string::npos);
  EXPECT_EQ(finding.evidence["certificates_as_identities"], nlohmann::json{"clients' x509 users"});
  EXPECT_NE(finding.message.find("no CRLFile"), std::string::npos);
  // The message never says OCSP checks peers.
  EXPECT_EQ(finding.message.find("OCSP checks"), std::string::npos);
}

TEST(Revocation, ACrlFilePasses) {
  NodeFacts facts = x509_node({{"CRLFile", "/etc/ssl/crl.pem"}});
  facts.commands["getParameter"] = answered(bson::Document{{"ocspEnabled", false}, {"ok", 1.0}});
  const Finding finding = judge(facts, "TLS-007");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_NE(finding.message.find("/etc/ssl/crl.pem"), std::string::npos);
}

TEST(Revocation, X509MembersAreIdentitiesToo) {
  NodeFacts facts =
      node_with(bson::Document{{"tls", tls_section()}},
                {{"authorization", "enabled"}, {"clusterAuthMode", "sendX509"}}, "rs0");
  facts.commands["getParameter"] = answered(
      bson::Document{{"authenticationMechanisms", bson::Array{"SCRAM-SHA-256"}}, {"ok", 1.0}});
  const Finding finding = judge(facts, "TLS-007");
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_EQ(finding.evidence["certificates_as_identities"],
            nlohmann::json{"members (clusterAuthMode sendX509)"});
}

TEST(Revocation, NoCertificateAsAnIdentityIsNotApplicable) {
  NodeFacts facts = node_with(bson::Document{{"tls", tls_section()}},
                              {{"authorization", "enabled"}, {"keyFile", "/k"}}, "rs0");
  facts.commands["getParameter"] = answered(
      bson::Document{{"authenticationMechanisms", bson::Array{"SCRAM-SHA-256"}}, {"ok", 1.0}});
  const Finding finding = judge(facts, "TLS-007");
  EXPECT_EQ(finding.status, Status::skipped) << finding.message;
  EXPECT_NE(finding.message.find("authenticates no one"), std::string::npos);
}

TEST(Revocation, WithoutGetParameterTheDefaultMechanismsHoldX509) {
  NodeFacts facts = x509_node();
  facts.commands["getParameter"] = refused();
  const Finding finding = judge(facts, "TLS-007");
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_EQ(finding.evidence["authenticationMechanisms"]["source"], "default since MongoDB 4.0");
}

TEST(Revocation, WithoutTlsOrCaItIsNotApplicable) {
  NodeFacts plain = node_with(bson::Document{{"port", 27017}});
  EXPECT_EQ(judge(plain, "TLS-007").status, Status::skipped);
  NodeFacts no_ca = node_with(bson::Document{{"tls", bson::Document{{"mode", "requireTLS"}}}});
  const Finding finding = judge(no_ca, "TLS-007");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_NE(finding.message.find("TLS-004"), std::string::npos);
}

// ---- TLS-008 ----

TEST(CipherConfig, TheServerDefaultAdmitsNoWeakSuite) {
  EXPECT_TRUE(weak_classes_admitted("HIGH:!EXPORT:!aNULL@STRENGTH").empty());
  const Finding finding = judge(x509_node(), "TLS-008");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["opensslCipherConfig"]["source"], "getParameter opensslCipherConfig");
}

TEST(CipherConfig, StringsReadAsOpenSslReadsThem) {
  EXPECT_EQ(weak_classes_admitted("HIGH"), (std::vector<std::string>{"aNULL"}));
  EXPECT_EQ(weak_classes_admitted("ALL:!aNULL:!EXPORT:!LOW:!RC4:!3DES:!MD5"),
            std::vector<std::string>{});
  EXPECT_EQ(weak_classes_admitted("ALL:!HIGH"),
            (std::vector<std::string>{"3DES", "DES", "EXPORT", "LOW", "MD5", "RC4", "aNULL"}));
  EXPECT_EQ(weak_classes_admitted("ECDHE-RSA-AES128-GCM-SHA256:DES-CBC3-SHA"),
            (std::vector<std::string>{"3DES"}));
  EXPECT_EQ(weak_classes_admitted("kRSA+RC4:HIGH:!aNULL"), (std::vector<std::string>{"RC4"}));
  EXPECT_EQ(weak_classes_admitted("DEFAULT:eNULL"), (std::vector<std::string>{"NULL"}));
  EXPECT_TRUE(weak_classes_admitted("HIGH:MEDIUM:!MEDIUM:!aNULL").empty());
}

TEST(CipherConfig, AWeakLiveCipherStringFails) {
  NodeFacts facts = x509_node();
  facts.commands["getParameter"] =
      answered(bson::Document{{"opensslCipherConfig", "HIGH:RC4-SHA"}, {"ok", 1.0}});
  const Finding finding = judge(facts, "TLS-008");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["weak_classes"], (nlohmann::json{"RC4", "aNULL"}));
}

TEST(CipherConfig, HighHeldTripleDesBeforeOpenSsl110) {
  NodeFacts facts = x509_node();
  facts.commands["buildInfo"] = answered(
      bson::Document{{"version", "4.4.29"},
                     {"openssl", bson::Document{{"running", "OpenSSL 1.0.2k-fips  26 Jan 2017"}}},
                     {"ok", 1.0}});
  const Finding finding = judge(facts, "TLS-008");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["weak_classes"], (nlohmann::json{"3DES"}));
}

TEST(CipherConfig, WithoutTlsItIsNotApplicable) {
  EXPECT_EQ(judge(node_with(bson::Document{{"port", 27017}}), "TLS-008").status, Status::skipped);
}

TEST(CipherConfig, AConfigFileIsJudgedAtItsSetting) {
  const ServerConfigFile file{
      "mongod.conf",
      {{"net.tls.mode", "requireTLS", 3}, {"setParameter.opensslCipherConfig", "ALL:!aNULL", 9}}};
  const Finding finding = finding_for(check_pki_identity(file, Policy{}), "TLS-008");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.subject.line, 9);
}

// ---- AUTHN-007 ----

NodeFacts member(bson::Document security, bson::Document parameter_reply = parameters()) {
  NodeFacts facts = node_with(bson::Document{{"tls", tls_section()}}, std::move(security), "rs0");
  facts.commands["getParameter"] = answered(std::move(parameter_reply));
  return facts;
}

TEST(MemberX509, X509MembersPass) {
  const Finding finding =
      judge(member({{"authorization", "enabled"}, {"clusterAuthMode", "x509"}}), "AUTHN-007");
  EXPECT_EQ(finding.status, Status::pass);
}

TEST(MemberX509, AKeyFileFailsUnlessThePolicyAcceptsIt) {
  const NodeFacts facts = member({{"keyFile", "/etc/mongo/key"}});
  const Finding finding = judge(facts, "AUTHN-007");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::medium);
  EXPECT_EQ(finding.evidence["security.keyFile"], "set");
  EXPECT_EQ(finding.message.find("/etc/mongo/key"), std::string::npos);
  Policy lenient;
  lenient.identity.cluster_x509 = false;
  const Finding accepted = judge(facts, "AUTHN-007", lenient);
  EXPECT_EQ(accepted.status, Status::pass);
  EXPECT_NE(accepted.message.find("identity.cluster_x509"), std::string::npos);
}

TEST(MemberX509, TheLiveParameterWinsOverTheConfiguredMode) {
  const Finding finding = judge(member({{"clusterAuthMode", "sendX509"}, {"keyFile", "/k"}},
                                       bson::Document{{"clusterAuthMode", "x509"}, {"ok", 1.0}}),
                                "AUTHN-007");
  EXPECT_EQ(finding.status, Status::pass);
  const Finding transition =
      judge(member({{"clusterAuthMode", "sendX509"}, {"keyFile", "/k"}}), "AUTHN-007");
  EXPECT_EQ(transition.status, Status::warn);
  EXPECT_NE(transition.message.find("transition"), std::string::npos);
}

// sendKeyFile and sendX509 accept a keyFile or a certificate: under a policy that accepts key
// files they are at least as strong as keyFile; under an x509 policy sendX509 is a transition
// (warn) and sendKeyFile still sends the keyFile (fail).
TEST(MemberX509, TransitionModesAreJudgedAgainstThePolicy) {
  Policy key_files;
  key_files.identity.cluster_x509 = false;
  for (const char* mode : {"sendKeyFile", "sendX509"}) {
    const NodeFacts facts = member({{"clusterAuthMode", mode}, {"keyFile", "/k"}},
                                   bson::Document{{"clusterAuthMode", mode}, {"ok", 1.0}});
    const Finding accepted = judge(facts, "AUTHN-007", key_files);
    EXPECT_EQ(accepted.status, Status::pass) << mode << ": " << accepted.message;
    EXPECT_NE(accepted.message.find("at least as strong"), std::string::npos);
  }
  const NodeFacts send_key_file =
      member({{"clusterAuthMode", "sendKeyFile"}, {"keyFile", "/k"}},
             bson::Document{{"clusterAuthMode", "sendKeyFile"}, {"ok", 1.0}});
  EXPECT_EQ(judge(send_key_file, "AUTHN-007").status, Status::fail);
}

TEST(MemberX509, AStandaloneIsNotApplicable) {
  EXPECT_EQ(judge(x509_node(), "AUTHN-007").status, Status::skipped);
}

TEST(MemberX509, AConfigFileIsJudged) {
  const ServerConfigFile file{
      "mongod.conf",
      {{"replication.replSetName", "rs0", 2}, {"security.keyFile", "/etc/mongo/key", 5}}};
  const Finding finding = finding_for(check_pki_identity(file, Policy{}), "AUTHN-007");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.subject.line, 5);
}

// ---- TLS-009 (issue 39 item 3) ----

// A TLS node whose handshake showed a leaf issued by an intermediate CA, which the root signed.
NodeFacts issued_node() {
  NodeFacts facts = node_with(bson::Document{{"tls", tls_section()}});
  facts.tls = true;
  TlsFacts handshake;
  CertificateFacts leaf;
  leaf.subject = "CN=db1.example.mil";
  leaf.issuer = "CN=DOD ID CA-59,OU=PKI,OU=DoD,O=U.S. Government,C=US";
  leaf.sha256 = std::string(64, 'a');
  CertificateFacts intermediate;
  intermediate.subject = leaf.issuer;
  intermediate.issuer = "CN=DoD Root CA 3,OU=PKI,OU=DoD,O=U.S. Government,C=US";
  intermediate.sha256 = std::string(64, 'b');
  handshake.chain = {leaf, intermediate};
  handshake.chain_verified = true;
  facts.tls_facts = handshake;
  return facts;
}

Policy approving(std::vector<std::string> issuers) {
  Policy policy;
  policy.tls_approved_issuers = std::move(issuers);
  return policy;
}

TEST(ApprovedIssuers, WithoutAListTheIssuersAreRecorded) {
  const Finding finding = judge(issued_node(), "TLS-009");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_EQ(finding.evidence["chain"][0]["issuer"],
            "CN=DOD ID CA-59,OU=PKI,OU=DoD,O=U.S. Government,C=US");
  EXPECT_EQ(finding.evidence["CAFile"]["value"], "/etc/ssl/ca.pem");
}

TEST(ApprovedIssuers, TheRootsDnTheIntermediatesHashOrTheLeafsIssuerApproves) {
  const NodeFacts facts = issued_node();
  for (const std::string& issuer :
       {std::string("CN=DoD Root CA 3,OU=PKI,OU=DoD,O=U.S. Government,C=US"),
        "sha256:" + std::string(64, 'B'),
        std::string("CN=DOD ID CA-59,OU=PKI,OU=DoD,O=U.S. Government,C=US")}) {
    const Finding finding = judge(facts, "TLS-009", approving({"CN=Other", issuer}));
    EXPECT_EQ(finding.status, Status::pass) << issuer << ": " << finding.message;
    EXPECT_EQ(finding.evidence["approved_by"], issuer);
  }
}

TEST(ApprovedIssuers, AnApprovedNameOnAChainThatDidNotVerifyOnlyWarns) {
  NodeFacts facts = issued_node();
  facts.tls_facts->chain_verified = false;
  const Finding by_name =
      judge(facts, "TLS-009", approving({"CN=DoD Root CA 3,OU=PKI,OU=DoD,O=U.S. Government,C=US"}));
  EXPECT_EQ(by_name.status, Status::warn);
  EXPECT_NE(by_name.message.find("did not verify"), std::string::npos) << by_name.message;
  EXPECT_EQ(judge(facts, "TLS-009", approving({"sha256:" + std::string(64, 'b')})).status,
            Status::pass)
      << "a hash pins the CA certificate itself";
}

TEST(ApprovedIssuers, AnUnapprovedChainOrTheLeafsOwnHashFails) {
  const NodeFacts facts = issued_node();
  const Finding other = judge(facts, "TLS-009", approving({"CN=Let's Encrypt R3,O=Let's Encrypt"}));
  EXPECT_EQ(other.status, Status::fail);
  EXPECT_NE(other.message.find("issued by CN=DOD ID CA-59"), std::string::npos) << other.message;
  // The leaf is no CA: its own hash approves nothing.
  EXPECT_EQ(judge(facts, "TLS-009", approving({"sha256:" + std::string(64, 'a')})).status,
            Status::fail);
  NodeFacts plain = issued_node();
  plain.tls = false;
  plain.tls_facts.reset();
  EXPECT_EQ(judge(plain, "TLS-009", approving({"CN=Other"})).status, Status::skipped);
}

}  // namespace
}  // namespace pki_identity_test
}  // namespace mongoscan
