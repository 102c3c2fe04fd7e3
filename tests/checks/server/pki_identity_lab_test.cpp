// TLS-006, TLS-007, TLS-008, TLS-009 and AUTHN-007 on full scans of lab profiles (fixtures/lab),
// each with a pass, a fail and a not-applicable outcome; profiles are edited with ProfileVariant,
// policies written to a file for --policy.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/lab_scan.h"
#include "tests/support/profile_variant.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace pki_identity_lab_test {
namespace {

using nlohmann::json;
using testing_support::finding;
using testing_support::LabDeployment;
using testing_support::ProfileVariant;
using testing_support::scan;
using testing_support::Scan;
using testing_support::start_lab;
using testing_support::TempTree;

// x509's root account over TLS, presenting the lab's client certificate (the profile requires
// one from every client).
std::string x509_admin_uri(const LabDeployment& lab) {
  return "mongodb://admin:X509%21Admin-Passw0rd@" + lab.nodes()[0] +
         "/?authSource=admin&tls=true&tlsCAFile=" + lab.cert_dir() +
         "/ca.pem&tlsCertificateKeyFile=" + lab.cert_dir() + "/client.pem";
}

// A scan under a policy file holding `identity`.
Scan scan_with_identity(const LabDeployment& lab, const std::string& uri, const json& identity) {
  TempTree tree;
  tree.write("policy.json", json{{"identity", identity}}.dump());
  return scan(lab, uri, {"--policy", tree.path("policy.json")});
}

const json kX509Clients = {{"x509_clients", true}};

TEST(PkiIdentityLab, X509ClientsRequiredAndMappedPass) {
  auto lab = start_lab("x509");
  const Scan result = scan_with_identity(*lab, x509_admin_uri(*lab), kX509Clients);
  const json tls006 = finding(result, "TLS-006");
  EXPECT_EQ(tls006["status"], "pass") << tls006.dump();
  EXPECT_EQ(tls006["evidence"]["x509_users"], json{"CN=scanner,OU=Ops,O=mongoscan-lab"});
  // Without the policy's requirement the same node is not judged, and says why.
  const json unjudged = finding(scan(*lab, x509_admin_uri(*lab)), "TLS-006");
  EXPECT_EQ(unjudged["status"], "skipped") << unjudged.dump();
  EXPECT_NE(unjudged["message"].get<std::string>().find("identity.x509_clients"),
            std::string::npos);
}

// Issue 39 item 3: TLS-009 against the certificate the lab's node presents (issued by the lab's
// CA): approved by the CA's DN or by the hash of no certificate it sends, refused by another CA.
TEST(PkiIdentityLab, TheServersIssuerIsApprovedOrNot) {
  auto lab = start_lab("x509");
  const json recorded = finding(scan(*lab, x509_admin_uri(*lab)), "TLS-009");
  EXPECT_EQ(recorded["status"], "skipped") << recorded.dump();
  const std::string issuer = recorded["evidence"]["chain"][0]["issuer"];
  EXPECT_EQ(recorded["evidence"]["chain"][0]["sha256"].get<std::string>().size(), 64u);
  for (const auto& [approved, status] : std::vector<std::pair<std::string, std::string>>{
           {issuer, "pass"}, {"CN=DoD Root CA 3,O=U.S. Government", "fail"}}) {
    TempTree tree;
    tree.write("policy.json", json{{"tls_approved_issuers", {approved}}}.dump());
    const json judged = finding(
        scan(*lab, x509_admin_uri(*lab), {"--policy", tree.path("policy.json")}), "TLS-009");
    EXPECT_EQ(judged["status"], status) << approved << ": " << judged.dump();
  }
}

TEST(PkiIdentityLab, ClientsWithoutCertificatesFail) {
  // net.tls.allowConnectionsWithoutCertificates makes the server ask for a certificate without
  // requiring one: the lab's TLS layer does the same with client_certificates "optional".
  ProfileVariant variant("x509", [](json& profile) {
    profile["tls"]["client_certificates"] = "optional";
    profile["cmdLineOpts"]["parsed"]["net"]["tls"]["allowConnectionsWithoutCertificates"] = true;
  });
  auto lab = start_lab(variant.path());
  const json tls006 =
      finding(scan_with_identity(*lab, x509_admin_uri(*lab), kX509Clients), "TLS-006");
  EXPECT_EQ(tls006["status"], "fail") << tls006.dump();
  EXPECT_NE(tls006["message"].get<std::string>().find("allowConnectionsWithoutCertificates"),
            std::string::npos);
}

// mongod checks certificates presented to it against a CRL only: OCSP runs when it is the client
// (parseAndValidatePeerCertificate, src/mongo/util/net/ssl_manager_openssl.cpp).
TEST(PkiIdentityLab, RevocationNeedsACrlWhereCertificatesAreIdentities) {
  auto lab = start_lab("x509");
  const json failed = finding(scan(*lab, x509_admin_uri(*lab)), "TLS-007");
  EXPECT_EQ(failed["status"], "fail") << failed.dump();
  EXPECT_EQ(failed["evidence"]["certificates_as_identities"],
            (json{"clients' x509 users", "members (clusterAuthMode x509)"}));
  EXPECT_EQ(failed["message"].get<std::string>().find("OCSP checks"), std::string::npos);

  ProfileVariant crl("x509", [](json& profile) {
    profile["cmdLineOpts"]["parsed"]["net"]["tls"]["CRLFile"] = "/etc/ssl/mongodb/crl.pem";
  });
  auto crl_lab = start_lab(crl.path());
  const json listed = finding(scan(*crl_lab, x509_admin_uri(*crl_lab)), "TLS-007");
  EXPECT_EQ(listed["status"], "pass") << listed.dump();

  // Certificates verified for TLS only: SCRAM clients, a standalone with no member mode.
  ProfileVariant scram_only("x509", [](json& profile) {
    profile["parameters"]["authenticationMechanisms"] = {"SCRAM-SHA-256"};
    profile["parameters"].erase("clusterAuthMode");
    json& parsed = profile["cmdLineOpts"]["parsed"];
    parsed["setParameter"]["authenticationMechanisms"] = "SCRAM-SHA-256";
    parsed["security"].erase("clusterAuthMode");
  });
  auto scram_lab = start_lab(scram_only.path());
  const json none = finding(scan(*scram_lab, x509_admin_uri(*scram_lab)), "TLS-007");
  EXPECT_EQ(none["status"], "skipped") << none.dump();
  EXPECT_NE(none["message"].get<std::string>().find("authenticates no one"), std::string::npos);
}

TEST(PkiIdentityLab, PreferTlsLetsClientsConnectWithoutACertificate) {
  ProfileVariant variant("x509", [](json& profile) {
    profile["tls"]["mode"] = "preferTLS";
    profile["cmdLineOpts"]["parsed"]["net"]["tls"]["mode"] = "preferTLS";
  });
  auto lab = start_lab(variant.path());
  const json tls006 =
      finding(scan_with_identity(*lab, x509_admin_uri(*lab), kX509Clients), "TLS-006");
  EXPECT_EQ(tls006["status"], "fail") << tls006.dump();
  EXPECT_NE(tls006["message"].get<std::string>().find("without TLS"), std::string::npos);
}

TEST(PkiIdentityLab, WithoutTlsTheCertificateChecksAreNotApplicable) {
  auto lab = start_lab("plain-no-tls");
  const Scan result = scan_with_identity(
      *lab, "mongodb://admin:Plain%21Admin-Passw0rd@" + lab->nodes()[0] + "/?authSource=admin",
      kX509Clients);
  EXPECT_EQ(finding(result, "TLS-007")["status"], "skipped") << finding(result, "TLS-007");
  EXPECT_EQ(finding(result, "TLS-008")["status"], "skipped") << finding(result, "TLS-008");
  // Under a policy that wants x509 clients, a node without TLS fails instead.
  EXPECT_EQ(finding(result, "TLS-006")["status"], "fail") << finding(result, "TLS-006");
  EXPECT_EQ(finding(result, "AUTHN-007")["status"], "skipped") << finding(result, "AUTHN-007");
}

TEST(PkiIdentityLab, TheCipherConfigurationIsJudgedAsTheServerReportsIt) {
  auto lab = start_lab("x509");
  const json passed = finding(scan(*lab, x509_admin_uri(*lab)), "TLS-008");
  EXPECT_EQ(passed["status"], "pass") << passed.dump();
  EXPECT_EQ(passed["evidence"]["opensslCipherConfig"]["value"], "HIGH:!EXPORT:!aNULL@STRENGTH");

  ProfileVariant weak("x509", [](json& profile) {
    profile["parameters"]["opensslCipherConfig"] = "ALL:!eNULL";
    profile["cmdLineOpts"]["parsed"]["setParameter"]["opensslCipherConfig"] = "ALL:!eNULL";
  });
  auto weak_lab = start_lab(weak.path());
  const json failed = finding(scan(*weak_lab, x509_admin_uri(*weak_lab)), "TLS-008");
  EXPECT_EQ(failed["status"], "fail") << failed.dump();
  EXPECT_NE(failed["evidence"]["weak_classes"].dump().find("aNULL"), std::string::npos);
}

std::string replset_uri(const LabDeployment& lab) {
  return "mongodb://scanner:Mon1tor%21Rs-Status%2324@" + lab.nodes()[0] +
         "/?authSource=admin&directConnection=true";
}

TEST(PkiIdentityLab, KeyFileMembersFailUnlessThePolicyAcceptsThem) {
  auto lab = start_lab("replset");
  const json failed = finding(scan(*lab, replset_uri(*lab)), "AUTHN-007");
  EXPECT_EQ(failed["status"], "fail") << failed.dump();
  EXPECT_EQ(failed["evidence"]["clusterAuthMode_parameter"], "keyFile");
  const json accepted =
      finding(scan_with_identity(*lab, replset_uri(*lab), {{"cluster_x509", false}}), "AUTHN-007");
  EXPECT_EQ(accepted["status"], "pass") << accepted.dump();
}

TEST(PkiIdentityLab, X509MembersPass) {
  // x509 membership needs TLS: the set requires it, with the lab's CA (as x509.json does).
  ProfileVariant variant("replset", [](json& profile) {
    profile["tls"] = {{"mode", "requireTLS"}, {"certificate", "valid"}};
    json& parsed = profile["cmdLineOpts"]["parsed"];
    parsed["net"]["tls"] = {{"mode", "requireTLS"},
                            {"certificateKeyFile", "/etc/ssl/mongodb/server.pem"},
                            {"CAFile", "/etc/ssl/mongodb/ca.pem"}};
    parsed["security"]["clusterAuthMode"] = "x509";
    parsed["security"].erase("keyFile");
    // The lab derives the clusterAuthMode parameter from security, as the server does.
    profile["parameters"].erase("clusterAuthMode");
  });
  auto lab = start_lab(variant.path());
  const json passed =
      finding(scan(*lab, replset_uri(*lab) + "&tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem"),
              "AUTHN-007");
  EXPECT_EQ(passed["status"], "pass") << passed.dump();
  EXPECT_EQ(passed["evidence"]["clusterAuthMode_parameter"], "x509");
}

// sendKeyFile and sendX509 against the policy (manual, security.clusterAuthMode).
TEST(PkiIdentityLab, TransitionModesFollowThePolicy) {
  for (const char* mode : {"sendKeyFile", "sendX509"}) {
    // Members that send or accept certificates need TLS, as in X509MembersPass.
    ProfileVariant variant("replset", [mode](json& profile) {
      profile["tls"] = {{"mode", "requireTLS"}, {"certificate", "valid"}};
      json& parsed = profile["cmdLineOpts"]["parsed"];
      parsed["net"]["tls"] = {{"mode", "requireTLS"},
                              {"certificateKeyFile", "/etc/ssl/mongodb/server.pem"},
                              {"CAFile", "/etc/ssl/mongodb/ca.pem"}};
      parsed["security"]["clusterAuthMode"] = mode;
      profile["parameters"]["clusterAuthMode"] = mode;
    });
    auto lab = start_lab(variant.path());
    const std::string uri =
        replset_uri(*lab) + "&tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem";
    const json accepted =
        finding(scan_with_identity(*lab, uri, {{"cluster_x509", false}}), "AUTHN-007");
    EXPECT_EQ(accepted["status"], "pass") << mode << accepted.dump();
    const json strict = finding(scan(*lab, uri), "AUTHN-007");
    EXPECT_EQ(strict["status"], std::string(mode) == "sendX509" ? "warn" : "fail")
        << mode << strict.dump();
  }
}

}  // namespace
}  // namespace pki_identity_lab_test
}  // namespace mongoscan
