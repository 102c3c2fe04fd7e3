#include "checks/verdict.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace verdict_test {
namespace {

const CheckSpec kSpec{"CONN-005", "w=majority", Layer::connection_string, Severity::high, {}, ""};

TEST(MakeFinding, TakesTheSpecSeverityUnlessThePolicyOverridesIt) {
  Policy policy;
  const Verdict verdict{Status::fail, "w=1", {{"w", 1}}};
  const Finding finding = make_finding(kSpec, policy, Subject::uri("mongodb://h"), verdict);
  EXPECT_EQ(finding.check_id, "CONN-005");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::high);
  EXPECT_EQ(finding.subject.name, "mongodb://h");
  EXPECT_EQ(finding.message, "w=1");
  EXPECT_EQ(finding.evidence["w"], 1);

  policy.severity_overrides["CONN-005"] = Severity::low;
  EXPECT_EQ(make_finding(kSpec, policy, Subject::uri("u"), verdict).severity, Severity::low);
}

TEST(MakeFinding, EvidenceDefaultsToAnEmptyObject) {
  const Finding finding = make_finding(kSpec, Policy{}, Subject::uri("u"), {Status::pass, "ok"});
  EXPECT_TRUE(finding.evidence.is_object());
  EXPECT_TRUE(finding.evidence.empty());
}

}  // namespace
}  // namespace verdict_test
}  // namespace mongoscan
