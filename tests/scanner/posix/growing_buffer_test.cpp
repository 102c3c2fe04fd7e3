// Memory that grows in place: what it held stays, and its pages are not faulted in again.

#include "scanner/posix/growing_buffer.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstring>

namespace mongoscan {
namespace growing_buffer_test {
namespace {

long minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

TEST(GrowingBuffer, GrowingKeepsTheBytesWithoutTouchingTheirPagesAgain) {
  GrowingBuffer buffer;
  EXPECT_EQ(buffer.capacity(), 0u);
  constexpr std::size_t kFirst = std::size_t{4} << 20;
  ASSERT_TRUE(buffer.reserve(kFirst));
  ASSERT_GE(buffer.capacity(), kFirst);
  for (std::size_t i = 0; i < kFirst; ++i) buffer.data()[i] = static_cast<char>(i % 251);

  const long before = minor_faults();
  ASSERT_TRUE(buffer.reserve(kFirst + 1));
  EXPECT_GE(buffer.capacity(), 2 * kFirst) << "twice the room at least: few growths";
  std::size_t differing = 0;
  for (std::size_t i = 0; i < kFirst; ++i)
    differing += buffer.data()[i] != static_cast<char>(i % 251);
  // A copy into new memory would fault in its 1,024 pages; moved, they are mapped already.
  EXPECT_LT(minor_faults() - before, 64);
  EXPECT_EQ(differing, 0u);

  const std::size_t capacity = buffer.capacity();
  EXPECT_TRUE(buffer.reserve(16));
  EXPECT_EQ(buffer.capacity(), capacity) << "never shrinks";
}

TEST(GrowingBuffer, MemoryRefusedLeavesTheBufferAsItWas) {
  GrowingBuffer buffer;
  ASSERT_TRUE(buffer.reserve(4096));
  std::memcpy(buffer.data(), "kept", 4);
  EXPECT_FALSE(buffer.reserve(std::size_t{1} << 62));
  EXPECT_EQ(buffer.capacity(), 4096u);
  EXPECT_EQ(std::memcmp(buffer.data(), "kept", 4), 0);
}

}  // namespace
}  // namespace growing_buffer_test
}  // namespace mongoscan
