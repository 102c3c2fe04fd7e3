// Findings in a context the policy does not gate keep their status at severity info.

#include "checks/file_context_gate.h"

#include <gtest/gtest.h>

#include "checks/gate.h"

namespace mongoscan {
namespace file_context_gate_test {
namespace {

Finding file_finding(Status status, Severity severity) {
  return {"APP-002",
          status,
          severity,
          Subject::file("test/seed.js", 4, 9),
          "hardcoded password",
          nlohmann::json::object()};
}

TEST(PlaceInContext, OutsideTheGatingContextsAFailIsKeptAtInfoAndStopsGating) {
  Finding finding = file_finding(Status::fail, Severity::high);
  place_in_context(finding, FileContext::test, Policy{});
  EXPECT_EQ(finding.subject.context, FileContext::test);
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::info);
  EXPECT_EQ(finding.evidence["severity_where_gating"], "high");
  EXPECT_FALSE(fails_gate(finding, Severity::low));
}

TEST(PlaceInContext, InAGatingContextNothingButTheContextChanges) {
  for (const FileContext context : {FileContext::production, FileContext::example}) {
    Finding finding = file_finding(Status::fail, Severity::high);
    place_in_context(finding, context, Policy{});
    EXPECT_EQ(finding.subject.context, context);
    EXPECT_EQ(finding.severity, Severity::high);
    EXPECT_FALSE(finding.evidence.contains("severity_where_gating"));
    EXPECT_TRUE(fails_gate(finding, Severity::high));
  }
}

TEST(PlaceInContext, ThePolicyChoosesTheGatingContexts) {
  Policy policy;
  policy.gating_contexts = {FileContext::production, FileContext::test};
  Finding in_test = file_finding(Status::warn, Severity::medium);
  place_in_context(in_test, FileContext::test, policy);
  EXPECT_EQ(in_test.severity, Severity::medium);
  Finding in_example = file_finding(Status::fail, Severity::critical);
  place_in_context(in_example, FileContext::example, policy);
  EXPECT_EQ(in_example.severity, Severity::info);
  EXPECT_EQ(in_example.evidence["severity_where_gating"], "critical");
}

TEST(PlaceInContext, PassesSkipsAndErrorsKeepTheirSeverity) {
  for (const Status status : {Status::pass, Status::skipped, Status::error}) {
    Finding finding = file_finding(status, Severity::high);
    place_in_context(finding, FileContext::documentation, Policy{});
    EXPECT_EQ(finding.severity, Severity::high) << to_string(status);
    EXPECT_EQ(finding.subject.context, FileContext::documentation);
  }
}

}  // namespace
}  // namespace file_context_gate_test
}  // namespace mongoscan
