// AUTHN-008 on full scans of lab profiles: an Enterprise node with LDAP over TLS passes, LDAP
// without TLS fails, so does a Community build (it cannot meet the requirement), and the check is
// not applicable without the policy's requirement.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/lab_scan.h"
#include "tests/support/profile_variant.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace identity_providers_lab_test {
namespace {

using nlohmann::json;
using testing_support::finding;
using testing_support::LabDeployment;
using testing_support::ProfileVariant;
using testing_support::scan;
using testing_support::start_lab;
using testing_support::TempTree;

json authn008(const LabDeployment& lab, const std::string& uri, bool required) {
  TempTree tree;
  tree.write("policy.json", json{{"identity", {{"organisation_authentication", required}}}}.dump());
  return finding(scan(lab, uri, {"--policy", tree.path("policy.json")}), "AUTHN-008");
}

std::string hardened_uri(const LabDeployment& lab) {
  return "mongodb://scanner:Scan%21Lab-Passw0rd%232024@" + lab.nodes()[0] +
         "/?authSource=admin&tls=true&tlsCAFile=" + lab.cert_dir() + "/ca.pem";
}

TEST(IdentityProvidersLab, LdapOverTlsPasses) {
  // hardened (Enterprise 8.0) with LDAP authentication: PLAIN enabled and security.ldap set, as
  // the manual's "Authenticate Using SASL and LDAP with ActiveDirectory" configures it;
  // transportSecurity left at its default (tls).
  ProfileVariant variant("hardened", [](json& profile) {
    profile["parameters"]["authenticationMechanisms"] = {"PLAIN", "SCRAM-SHA-256"};
    json& parsed = profile["cmdLineOpts"]["parsed"];
    parsed["setParameter"]["authenticationMechanisms"] = "PLAIN,SCRAM-SHA-256";
    parsed["security"]["ldap"] = {
        {"servers", "ldap.example.test"},
        {"bind", {{"method", "simple"}, {"queryUser", "cn=mongo,dc=example,dc=test"}}},
        {"userToDNMapping", "[{match: \"(.+)\", substitution: \"uid={0},dc=example,dc=test\"}]"}};
  });
  auto lab = start_lab(variant.path());
  const json passed = authn008(*lab, hardened_uri(*lab), true);
  EXPECT_EQ(passed["status"], "pass") << passed.dump();
  EXPECT_EQ(passed["evidence"]["security.ldap"]["transportSecurity"]["set"], false);
  const json unjudged = authn008(*lab, hardened_uri(*lab), false);
  EXPECT_EQ(unjudged["status"], "skipped") << unjudged.dump();
}

TEST(IdentityProvidersLab, LdapThroughSaslauthdPasses) {
  // The manual's "Authenticate Using SASL and LDAP with OpenLDAP": PLAIN enabled, no
  // security.ldap, setParameter saslauthdPath naming saslauthd's socket.
  ProfileVariant variant("hardened", [](json& profile) {
    profile["parameters"]["authenticationMechanisms"] = {"PLAIN", "SCRAM-SHA-256"};
    json& parsed = profile["cmdLineOpts"]["parsed"];
    parsed["setParameter"]["authenticationMechanisms"] = "PLAIN,SCRAM-SHA-256";
    parsed["setParameter"]["saslauthdPath"] = "/var/run/saslauthd/mux";
  });
  auto lab = start_lab(variant.path());
  const json passed = authn008(*lab, hardened_uri(*lab), true);
  EXPECT_EQ(passed["status"], "pass") << passed.dump();
  EXPECT_EQ(passed["evidence"]["providers"],
            json{"LDAP through saslauthd (PLAIN, socket /var/run/saslauthd/mux)"});
}

TEST(IdentityProvidersLab, LdapWithoutTlsFails) {
  auto lab = start_lab("plain-no-tls");
  const json failed = authn008(
      *lab, "mongodb://admin:Plain%21Admin-Passw0rd@" + lab->nodes()[0] + "/?authSource=admin",
      true);
  EXPECT_EQ(failed["status"], "fail") << failed.dump();
  EXPECT_EQ(failed["evidence"]["external_users"]["other_names"], 1);
}

TEST(IdentityProvidersLab, OnlyLocalAccountsAndCommunityFail) {
  auto lab = start_lab("hardened");
  EXPECT_EQ(authn008(*lab, hardened_uri(*lab), true)["status"], "fail");
  auto community = start_lab("open");
  const json failed = authn008(*community, "mongodb://" + community->nodes()[0] + "/", true);
  EXPECT_EQ(failed["status"], "fail") << failed.dump();
  EXPECT_NE(failed["message"].get<std::string>().find("Community"), std::string::npos);
}

}  // namespace
}  // namespace identity_providers_lab_test
}  // namespace mongoscan
