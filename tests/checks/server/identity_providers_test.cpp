#include "checks/server/identity_providers.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace identity_providers_test {
namespace {

using check_test::answered;
using check_test::cmd_line_opts;
using check_test::reachable_node;
using check_test::refused;

Policy requiring() {
  Policy policy;
  policy.identity.organisation_authentication = true;
  return policy;
}

// An Enterprise node with `security` and the mechanisms getParameter reports.
NodeFacts enterprise_node(bson::Document security, bson::Array mechanisms,
                          bson::Document extra_parameters = {}) {
  NodeFacts facts = reachable_node();
  facts.commands["buildInfo"] = answered(
      bson::Document{{"version", "7.0.12"}, {"modules", bson::Array{"enterprise"}}, {"ok", 1.0}});
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(bson::Document{{"security", std::move(security)}});
  bson::Document parameters{{"authenticationMechanisms", std::move(mechanisms)}};
  for (const auto& [key, value] : extra_parameters) parameters.append(key, value);
  parameters.append("ok", 1.0);
  facts.commands["getParameter"] = answered(std::move(parameters));
  facts.commands["usersInfo"] = answered(
      bson::Document{{"users", bson::Array{bson::Document{{"user", "alice"}, {"db", "$external"}},
                                           bson::Document{{"user", "admin"}, {"db", "admin"}}}},
                     {"ok", 1.0}});
  return facts;
}

bson::Document ldap(bson::Document extra = {}) {
  bson::Document settings{{"servers", "ldap.example.com"},
                          {"bind", bson::Document{{"queryUser", "cn=mongo,dc=example,dc=com"},
                                                  {"queryPassword", "S3cret-Bind!"}}},
                          {"userToDNMapping", "[{match: \"(.+)\", substitution: \"uid={0}\"}]"}};
  for (const auto& [key, value] : extra) settings.append(key, value);
  return {{"authorization", "enabled"}, {"ldap", std::move(settings)}};
}

Finding judge(const NodeFacts& facts, const Policy& policy = requiring()) {
  const auto findings = check_identity_providers(facts, policy);
  EXPECT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].check_id, "AUTHN-008");
  return findings[0];
}

Finding saslauthd(const NodeFacts& facts) {
  const auto findings = check_identity_providers(facts, Policy{});
  EXPECT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings.at(1).check_id, "AUTHN-009");
  return findings.at(1);
}

TEST(IdentityProviders, WithoutThePolicyTheCheckIsSkippedAndTheFactsRecorded) {
  const Finding finding =
      judge(enterprise_node(ldap(), bson::Array{"PLAIN", "SCRAM-SHA-256"}), Policy{});
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_NE(finding.message.find("identity.organisation_authentication"), std::string::npos);
  EXPECT_EQ(finding.evidence["external_users"]["other_names"], 1);
  EXPECT_EQ(finding.evidence["security.ldap"]["transportSecurity"]["value"], "tls");
  EXPECT_EQ(finding.evidence["authenticationMechanisms"]["value"],
            (nlohmann::json{"PLAIN", "SCRAM-SHA-256"}));
}

TEST(IdentityProviders, LdapOverTlsPassesAndTheBindPasswordNeverShows) {
  const Finding finding = judge(enterprise_node(ldap(), bson::Array{"PLAIN", "SCRAM-SHA-256"}));
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_NE(finding.message.find("LDAP (ldap.example.com)"), std::string::npos);
  EXPECT_EQ(finding.evidence["security.ldap"]["bind.queryPassword"], "set");
  EXPECT_EQ(finding.evidence.dump().find("S3cret-Bind!"), std::string::npos);
  EXPECT_EQ(finding.message.find("S3cret-Bind!"), std::string::npos);
}

TEST(IdentityProviders, LdapWithoutTlsFails) {
  const Finding finding = judge(enterprise_node(ldap({{"transportSecurity", "none"}}),
                                                bson::Array{"PLAIN", "SCRAM-SHA-256"}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("unencrypted"), std::string::npos);
}

TEST(IdentityProviders, TransportSecurityIsReadWithoutRegardToCase) {
  EXPECT_EQ(judge(enterprise_node(ldap({{"transportSecurity", "TLS"}}),
                                  bson::Array{"PLAIN", "SCRAM-SHA-256"}))
                .status,
            Status::pass);
}

TEST(IdentityProviders, LdapServersWithoutPlainAreNotAnAuthenticationProvider) {
  const Finding finding = judge(enterprise_node(ldap(), bson::Array{"SCRAM-SHA-256"}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("authorization only"), std::string::npos);
}

TEST(IdentityProviders, KerberosAndOidcCount) {
  EXPECT_EQ(
      judge(enterprise_node({{"authorization", "enabled"}}, bson::Array{"GSSAPI", "SCRAM-SHA-256"}))
          .status,
      Status::pass);
  const bson::Array providers{bson::Document{{"issuer", "https://idp.example.com"}}};
  const Finding oidc = judge(enterprise_node({{"authorization", "enabled"}},
                                             bson::Array{"MONGODB-OIDC", "SCRAM-SHA-256"},
                                             {{"oidcIdentityProviders", providers}}));
  EXPECT_EQ(oidc.status, Status::pass);
  EXPECT_NE(oidc.message.find("OIDC (1 identity provider(s))"), std::string::npos);
  const Finding empty = judge(enterprise_node({{"authorization", "enabled"}},
                                              bson::Array{"MONGODB-OIDC", "SCRAM-SHA-256"}));
  EXPECT_EQ(empty.status, Status::fail);
}

// PLAIN without security.ldap.servers is LDAP through saslauthd (manual, "Authenticate Using SASL
// and LDAP with OpenLDAP"): an organisation's directory, though not observable from here.
TEST(IdentityProviders, LdapThroughSaslauthdIsOrganisationAuthentication) {
  NodeFacts facts =
      enterprise_node({{"authorization", "enabled"}}, bson::Array{"PLAIN", "SCRAM-SHA-256"});
  facts.commands["getCmdLineOpts"] = cmd_line_opts(bson::Document{
      {"security", bson::Document{{"authorization", "enabled"}}},
      {"setParameter", bson::Document{{"saslauthdPath", "/var/run/saslauthd/mux"},
                                      {"authenticationMechanisms", "PLAIN,SCRAM-SHA-256"}}}});
  const Finding finding = judge(facts);
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_NE(finding.message.find("LDAP through saslauthd (PLAIN, socket /var/run/saslauthd/mux)"),
            std::string::npos)
      << finding.message;
  EXPECT_NE(finding.message.find("not observable"), std::string::npos);
  const Finding default_socket =
      judge(enterprise_node({{"authorization", "enabled"}}, bson::Array{"PLAIN", "SCRAM-SHA-256"}));
  EXPECT_EQ(default_socket.status, Status::pass) << default_socket.message;
  EXPECT_NE(default_socket.message.find("saslauthd's default path"), std::string::npos);
}

// AUTHN-009 (STIG V-252177): the rule applies only where saslauthd authenticates, and then names
// the host step; whatever the policy says.
TEST(Saslauthd, TheCacheTimeoutRuleAppliesOnlyWhereSaslauthdAuthenticates) {
  NodeFacts through_saslauthd =
      enterprise_node({{"authorization", "enabled"}}, bson::Array{"PLAIN", "SCRAM-SHA-256"});
  through_saslauthd.commands["getCmdLineOpts"] = cmd_line_opts(bson::Document{
      {"security", bson::Document{{"authorization", "enabled"}}},
      {"setParameter", bson::Document{{"saslauthdPath", "/var/run/saslauthd/mux"}}}});
  const Finding applies = saslauthd(through_saslauthd);
  EXPECT_EQ(applies.status, Status::warn) << applies.message;
  EXPECT_NE(applies.message.find("socket /var/run/saslauthd/mux"), std::string::npos);
  EXPECT_NE(applies.message.find("saslauthd -t"), std::string::npos);
  EXPECT_EQ(applies.severity, Severity::low);
  const Finding scram_only =
      saslauthd(enterprise_node({{"authorization", "enabled"}}, bson::Array{"SCRAM-SHA-256"}));
  EXPECT_EQ(scram_only.status, Status::skipped);
  EXPECT_NE(scram_only.message.find("not applicable"), std::string::npos);
  const Finding own_ldap =
      saslauthd(enterprise_node(ldap(), bson::Array{"PLAIN", "SCRAM-SHA-256"}));
  EXPECT_EQ(own_ldap.status, Status::skipped);
  EXPECT_NE(own_ldap.message.find("security.ldap.servers"), std::string::npos);
  EXPECT_EQ(own_ldap.evidence.dump().find("S3cret-Bind!"), std::string::npos);
}

TEST(IdentityProviders, OnlyLocalPasswordsFail) {
  const Finding finding = judge(enterprise_node(
      {{"authorization", "enabled"}}, bson::Array{"MONGODB-X509", "SCRAM-SHA-1", "SCRAM-SHA-256"}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("no organisation-level provider"), std::string::npos);
}

// Required by the policy, organisation-level authentication is a requirement a Community build
// cannot meet: it fails rather than being skipped past the gate.
TEST(IdentityProviders, CommunityCannotMeetTheRequirement) {
  NodeFacts facts = enterprise_node({{"authorization", "enabled"}}, bson::Array{"SCRAM-SHA-256"});
  facts.commands["buildInfo"] = answered(bson::Document{{"version", "7.0.12"}, {"ok", 1.0}});
  const Finding finding = judge(facts);
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("MongoDB Community cannot provide"), std::string::npos);
}

TEST(IdentityProviders, WithoutGetParameterTheConfiguredMechanismsAreRead) {
  bson::Document security = ldap();
  NodeFacts facts = enterprise_node(security, bson::Array{});
  facts.commands["getParameter"] = refused();
  facts.commands["getCmdLineOpts"] = cmd_line_opts(bson::Document{
      {"security", security},
      {"setParameter", bson::Document{{"authenticationMechanisms", "PLAIN, SCRAM-SHA-256"}}}});
  const Finding configured = judge(facts);
  EXPECT_EQ(configured.status, Status::pass) << configured.message;
  EXPECT_EQ(configured.evidence["authenticationMechanisms"]["source"],
            "getCmdLineOpts parsed.setParameter.authenticationMechanisms");
  // Nothing configured: the default list, which has no organisation-level mechanism.
  facts.commands["getCmdLineOpts"] = cmd_line_opts(bson::Document{{"security", security}});
  const Finding defaulted = judge(facts);
  EXPECT_EQ(defaulted.status, Status::fail);
  EXPECT_EQ(defaulted.evidence["authenticationMechanisms"]["source"], "default since MongoDB 4.0");
}

}  // namespace
}  // namespace identity_providers_test
}  // namespace mongoscan
