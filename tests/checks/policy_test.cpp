#include "checks/policy.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace policy_test {
namespace {

TEST(SeverityFor, OverrideWinsOverTheDefault) {
  Policy policy;
  EXPECT_EQ(policy.severity_for("CONN-005", Severity::high), Severity::high);
  policy.severity_overrides["CONN-005"] = Severity::medium;
  EXPECT_EQ(policy.severity_for("CONN-005", Severity::high), Severity::medium);
  EXPECT_EQ(policy.severity_for("CONN-006", Severity::low), Severity::low);
}

TEST(PolicyPreset, NamesResolveToTheirPresetsAndAnythingElseToNone) {
  ASSERT_TRUE(policy_preset("dev-spec"));
  EXPECT_EQ(policy_preset("dev-spec")->data_model.database_prefix, "db_");
  EXPECT_TRUE(policy_preset("dev-spec")->connection.explicit_options);
  EXPECT_FALSE(Policy{}.connection.explicit_options);
  ASSERT_TRUE(policy_preset("stig"));
  EXPECT_TRUE(policy_preset("stig")->audit_authorization_success);
  EXPECT_FALSE(policy_preset("policy.json"));
  EXPECT_FALSE(policy_preset(""));
}

TEST(PolicyPreset, StigTurnsOnWhatTheStigRequiresAndKeepsTheRest) {
  const Policy stig = stig_policy();
  EXPECT_TRUE(stig.identity.x509_clients);
  EXPECT_TRUE(stig.identity.organisation_authentication);
  EXPECT_TRUE(stig.identity.cluster_x509);
  EXPECT_TRUE(stig.audit_authorization_success);
  EXPECT_EQ(stig.encryption_cipher_modes, std::set<std::string>{"AES256-GCM"});
  EXPECT_TRUE(stig.stig_literal);
  EXPECT_FALSE(Policy{}.stig_literal);
  EXPECT_EQ(stig.audit_destinations, Policy{}.audit_destinations);
  EXPECT_EQ(stig.workload, Policy{}.workload);
}

}  // namespace
}  // namespace policy_test
}  // namespace mongoscan
