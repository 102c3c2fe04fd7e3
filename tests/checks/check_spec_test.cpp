#include "checks/check_spec.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace check_spec_test {
namespace {

TEST(Severity, RoundTripsThroughItsName) {
  for (const Severity severity :
       {Severity::info, Severity::low, Severity::medium, Severity::high, Severity::critical}) {
    EXPECT_EQ(parse_severity(to_string(severity)), severity);
  }
}

TEST(Severity, ParsesWithoutRegardToCase) {
  EXPECT_EQ(parse_severity("HIGH"), Severity::high);
  EXPECT_EQ(parse_severity("Critical"), Severity::critical);
  EXPECT_EQ(parse_severity("urgent"), std::nullopt);
  EXPECT_EQ(parse_severity(" high"), std::nullopt);
  EXPECT_EQ(parse_severity(""), std::nullopt);
}

TEST(Layer, NamesAreSnakeCase) {
  EXPECT_EQ(to_string(Layer::discovery), "discovery");
  EXPECT_EQ(to_string(Layer::authentication), "authentication");
  EXPECT_EQ(to_string(Layer::connection_string), "connection_string");
  EXPECT_EQ(to_string(Layer::data_model), "data_model");
}

}  // namespace
}  // namespace check_spec_test
}  // namespace mongoscan
