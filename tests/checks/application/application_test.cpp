#include "checks/application/application.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace application_test {
namespace {

CredentialHit hit(CredentialHit::Kind kind, std::string password, std::string user = {}) {
  CredentialHit found;
  found.kind = kind;
  found.location = {"app/config.yml", 7, 13};
  found.key = kind == CredentialHit::Kind::uri_password ? "" : "spring.data.mongodb.password";
  found.user = std::move(user);
  found.password = Secret(std::move(password));
  found.fingerprint = "f1";
  return found;
}

ConfigFacts facts_with(std::vector<CredentialHit> hits) {
  ConfigFacts facts;
  facts.roots = {"app"};
  facts.files_scanned = 3;
  facts.credentials = std::move(hits);
  return facts;
}

TEST(Application, EachCredentialFailsItsCheckWithARedactedValueAndItsPlace) {
  const auto findings = check_config_facts(
      facts_with({hit(CredentialHit::Kind::uri_password, "Tq8#vLm2!Rz", "orders"),
                  hit(CredentialHit::Kind::credential_key, "Kd93hQwz1Lr")}),
      Policy{});
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].check_id, "APP-001");
  EXPECT_EQ(findings[1].check_id, "APP-002");
  for (const Finding& finding : findings) {
    EXPECT_EQ(finding.status, Status::fail);
    EXPECT_EQ(finding.severity, Severity::high);
    EXPECT_EQ(finding.subject.kind, Subject::Kind::file);
    EXPECT_EQ(finding.subject.line, 7);
    EXPECT_EQ(finding.subject.column, 13);
    EXPECT_EQ(finding.fingerprint, "f1");
    EXPECT_TRUE(finding.suppression.empty());
  }
  EXPECT_EQ(findings[0].evidence["redacted_value"], "Tq***");
  EXPECT_EQ(findings[0].evidence["user"], "orders");
  EXPECT_EQ(findings[1].evidence["key"], "spring.data.mongodb.password");
  for (const Finding& finding : findings) {
    EXPECT_EQ(finding.message.find("vLm2"), std::string::npos);
    EXPECT_EQ(finding.evidence.dump().find("hQwz"), std::string::npos);
  }
}

TEST(Application, WeakDefaultsAreLowSeverityWithTheirReason) {
  const auto findings =
      check_config_facts(facts_with({hit(CredentialHit::Kind::uri_password, "changeme"),
                                     hit(CredentialHit::Kind::credential_key, "Orders_App7", "orders_app7"),
                                     hit(CredentialHit::Kind::credential_key, "qwerty123")}),
                         Policy{});
  ASSERT_EQ(findings.size(), 3u);
  EXPECT_EQ(findings[0].evidence["weak_reason"], "a default password");
  EXPECT_EQ(findings[1].evidence["weak_reason"], "the same as the user name");
  EXPECT_FALSE(findings[1].evidence.contains("user")) << "the name would give the password away";
  EXPECT_EQ(findings[1].message.find("rders_app7"), std::string::npos);
  EXPECT_EQ(findings[2].evidence["weak_reason"], "a common password");
  for (const Finding& finding : findings) {
    EXPECT_EQ(finding.severity, Severity::low);
    EXPECT_EQ(finding.status, Status::fail);
  }
}

TEST(Application, APasswordInAShippedBundleIsCriticalAndSaysWhoCanReadIt) {
  CredentialHit shipped = hit(CredentialHit::Kind::uri_password, "Tq8#vLm2!Rz", "orders");
  shipped.in_shipped_bundle = true;
  CredentialHit weak = hit(CredentialHit::Kind::credential_key, "changeme");
  weak.in_shipped_bundle = true;
  const auto findings = check_config_facts(
      facts_with({shipped, weak, hit(CredentialHit::Kind::uri_password, "Kd93hQwz1Lr")}), Policy{});
  ASSERT_EQ(findings.size(), 3u);
  EXPECT_EQ(findings[0].severity, Severity::critical);
  EXPECT_EQ(findings[0].evidence["shipped_bundle"], true);
  EXPECT_NE(findings[0].message.find("inside a JavaScript bundle that is served as it is once "
                                     "deployed, to anyone who loads the site"),
            std::string::npos)
      << findings[0].message;
  EXPECT_EQ(findings[0].message.find("from the environment"), std::string::npos);
  EXPECT_EQ(findings[0].message.find("vLm2"), std::string::npos);
  EXPECT_EQ(findings[1].severity, Severity::low);  // a weak default stays low
  EXPECT_EQ(findings[1].evidence["shipped_bundle"], true);
  EXPECT_EQ(findings[2].severity, Severity::high);
  EXPECT_FALSE(findings[2].evidence.contains("shipped_bundle"));
  EXPECT_EQ(findings[2].message.find("bundle"), std::string::npos);

  Policy policy;
  policy.severity_overrides["APP-001"] = Severity::medium;
  EXPECT_EQ(check_config_facts(facts_with({shipped}), policy)[0].severity, Severity::medium);
}

TEST(Application, InlineAllowSuppressesButKeepsTheFinding) {
  CredentialHit allowed = hit(CredentialHit::Kind::credential_key, "Xy9!kLm2Qw");
  allowed.allowed_inline = true;
  const auto findings = check_config_facts(facts_with({allowed}), Policy{});
  ASSERT_GE(findings.size(), 1u);
  EXPECT_EQ(findings[0].status, Status::fail);
  EXPECT_EQ(findings[0].suppression, "inline");
}

TEST(Application, NothingFoundPassesBothChecksPerRoot) {
  const auto findings = check_config_facts(facts_with({}), Policy{});
  ASSERT_EQ(findings.size(), 2u);
  for (const Finding& finding : findings) {
    EXPECT_EQ(finding.status, Status::pass);
    EXPECT_EQ(finding.subject.name, "app");
    EXPECT_EQ(finding.evidence["files_scanned"], 3);
  }
}

// No evidence, no verdict: a scan over zero files passes neither check (a mistyped path in CI
// would otherwise pass the gate).
TEST(Application, NoFileScannedSkipsBothChecksWithTheReason) {
  ConfigFacts facts = facts_with({});
  facts.files_scanned = 0;
  facts.skipped = {{"app/logo.png", "binary"}};
  const auto findings = check_config_facts(facts, Policy{});
  ASSERT_EQ(findings.size(), 2u);
  for (const Finding& finding : findings) {
    EXPECT_EQ(finding.status, Status::skipped);
    EXPECT_EQ(finding.message, "no file was scanned (1 skipped)");
  }
}

// Credentials past the limits are counted in one failing finding per file and kind.
TEST(Application, UnlistedCredentialsFailWithTheirCount) {
  ConfigFacts facts = facts_with({hit(CredentialHit::Kind::credential_key, "Kd93hQwz1Lr")});
  facts.unlisted_credentials = {{"app/big.env", CredentialHit::Kind::credential_key, 479900},
                                {"app/big.env", CredentialHit::Kind::uri_password, 1}};
  const auto findings = check_config_facts(facts, Policy{});
  ASSERT_EQ(findings.size(), 3u) << "two fails for the key, one for the URI: no pass";
  EXPECT_EQ(findings[1].check_id, "APP-002");
  EXPECT_EQ(findings[1].status, Status::fail);
  EXPECT_EQ(findings[1].subject.name, "app/big.env");
  EXPECT_EQ(findings[1].evidence["unlisted_count"], 479900);
  EXPECT_EQ(findings[1].message.rfind("479900 more hardcoded passwords (credential_key)", 0), 0u)
      << findings[1].message;
  EXPECT_EQ(findings[2].check_id, "APP-001");
  EXPECT_EQ(findings[2].status, Status::fail);
  EXPECT_EQ(findings[2].message.rfind("1 more hardcoded password (uri_password)", 0), 0u);
}

}  // namespace
}  // namespace application_test
}  // namespace mongoscan
