#include "scanner/discovery/deployment_turns.h"

#include <gtest/gtest.h>

#include <vector>

namespace mongoscan {
namespace deployment_turns_test {
namespace {

std::vector<std::size_t> drain(DeploymentTurns& turns) {
  std::vector<std::size_t> order;
  while (auto node = turns.pop()) order.push_back(*node);
  return order;
}

// Deployment 0 queued all its nodes first; each deployment still gets its turn.
TEST(DeploymentTurnsTest, DeploymentsTakeTurnsAndKeepTheirOwnOrder) {
  DeploymentTurns turns(3);
  for (std::size_t node : {10, 11, 12, 13}) turns.push(0, node);
  turns.push(1, 20);
  turns.push(2, 30);
  turns.push(2, 31);
  EXPECT_EQ(turns.size(), 7u);
  EXPECT_EQ(drain(turns), (std::vector<std::size_t>{10, 20, 30, 11, 31, 12, 13}));
  EXPECT_TRUE(turns.empty());
}

// A deployment whose members are discovered later joins the turns again.
TEST(DeploymentTurnsTest, ADeploymentThatRanOutJoinsAgainWhenMoreCome) {
  DeploymentTurns turns(2);
  turns.push(0, 1);
  turns.push(1, 5);
  EXPECT_EQ(turns.pop(), 1u);
  EXPECT_EQ(turns.size(), 1u);
  turns.push(0, 2);
  turns.push(0, 3);
  EXPECT_EQ(drain(turns), (std::vector<std::size_t>{5, 2, 3}));
  EXPECT_FALSE(turns.pop().has_value());
}

TEST(DeploymentTurnsTest, ClearLeavesNothingWaiting) {
  DeploymentTurns turns(2);
  turns.push(0, 1);
  turns.push(1, 2);
  turns.clear();
  EXPECT_TRUE(turns.empty());
  EXPECT_EQ(turns.size(), 0u);
  EXPECT_FALSE(turns.pop().has_value());
  turns.push(1, 3);
  EXPECT_EQ(turns.pop(), 3u);
}

}  // namespace
}  // namespace deployment_turns_test
}  // namespace mongoscan
