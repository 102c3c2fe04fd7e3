#include "scanner/time/utc_time.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace utc_time_test {
namespace {

TEST(FormatUtc, SecondsOfUtcTime) {
  EXPECT_EQ(format_utc(1795687200000), "2026-11-26T10:00:00Z");
  EXPECT_EQ(format_utc(1795687200999), "2026-11-26T10:00:00Z");
  EXPECT_EQ(format_utc(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(format_utc(-1), "1969-12-31T23:59:59Z");
}

TEST(ParseUtcMilliseconds, WhatReportsWriteWithOrWithoutAFraction) {
  EXPECT_EQ(parse_utc_milliseconds("2026-11-26T10:00:00Z"), 1795687200000);
  EXPECT_EQ(parse_utc_milliseconds("2026-11-26T10:00:00.25Z"), 1795687200250);
  EXPECT_EQ(parse_utc_milliseconds(format_utc(1795687200999)), 1795687200000);
  EXPECT_EQ(parse_utc_milliseconds("2026-11-26T10:00:00+01:00"), std::nullopt);
  EXPECT_EQ(parse_utc_milliseconds("2026-11-26"), std::nullopt);
  EXPECT_EQ(parse_utc_milliseconds(""), std::nullopt);
}

}  // namespace
}  // namespace utc_time_test
}  // namespace mongoscan
