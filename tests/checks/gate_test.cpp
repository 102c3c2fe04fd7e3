#include "checks/gate.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace gate_test {
namespace {

Finding gate_finding(Status status, Severity severity, std::string suppression = "") {
  return {"NET-002", status, severity, Subject::node("h:1"), "m", {}, "fp", std::move(suppression)};
}

// One finding fails the gate only as an unsuppressed fail at or above the threshold.
TEST(Gate, AFindingFailsOnlyAsAnUnsuppressedFailAtTheThreshold) {
  EXPECT_TRUE(fails_gate(gate_finding(Status::fail, Severity::high), Severity::high));
  EXPECT_TRUE(fails_gate(gate_finding(Status::fail, Severity::critical), Severity::high));
  EXPECT_FALSE(fails_gate(gate_finding(Status::fail, Severity::medium), Severity::high));
  EXPECT_FALSE(fails_gate(gate_finding(Status::warn, Severity::critical), Severity::low));
  EXPECT_FALSE(fails_gate(gate_finding(Status::error, Severity::critical), Severity::low));
  EXPECT_FALSE(
      fails_gate(gate_finding(Status::fail, Severity::critical, "baseline"), Severity::low));
  EXPECT_FALSE(fails_gate(gate_finding(Status::fail, Severity::critical), std::nullopt));
}

TEST(Gate, TheScanFailsWhenOneFindingDoes) {
  const std::vector<Finding> findings = {gate_finding(Status::fail, Severity::medium),
                                         gate_finding(Status::fail, Severity::high)};
  EXPECT_TRUE(fails_gate(findings, Severity::high));
  EXPECT_FALSE(fails_gate(findings, Severity::critical));
  EXPECT_FALSE(fails_gate(std::vector<Finding>{}, Severity::info));
}

}  // namespace
}  // namespace gate_test
}  // namespace mongoscan
