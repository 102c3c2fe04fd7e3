// Deadline: what it tells poll().

#include "scanner/wire/deadline.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace deadline_test {
namespace {

TEST(Deadline, MillisecondsLeftRoundUpSoThatAWaitOfThatLongReachesIt) {
  const Deadline deadline = Deadline::after(std::chrono::milliseconds(10));
  EXPECT_EQ(deadline.remaining_ms(), 10) << "a part of a millisecond left counts as one";
  EXPECT_EQ(Deadline::after(std::chrono::milliseconds(0)).remaining_ms(), 0);
  EXPECT_EQ(Deadline::after(std::chrono::milliseconds(-5)).remaining_ms(), 0);
}

}  // namespace
}  // namespace deadline_test
}  // namespace mongoscan
