#include "checks/text_list.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace text_list_test {
namespace {

TEST(Join, SeparatesOnlyBetweenParts) {
  EXPECT_EQ(join({}), "");
  EXPECT_EQ(join({"a"}), "a");
  EXPECT_EQ(join({"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(join({"a", "b"}, " and "), "a and b");
}

TEST(StringElements, KeepsStringsInOrderAndDropsTheRest) {
  EXPECT_TRUE(string_elements(std::nullopt).empty());
  const bson::Array mixed = {bson::Value(std::string("zlib")), bson::Value(std::int32_t{1}),
                             bson::Value(std::string("snappy"))};
  EXPECT_EQ(string_elements(mixed), (std::vector<std::string>{"zlib", "snappy"}));
}

TEST(Contains, ExactMatchOnly) {
  EXPECT_TRUE(contains({"SCRAM-SHA-1", "SCRAM-SHA-256"}, "SCRAM-SHA-256"));
  EXPECT_FALSE(contains({"SCRAM-SHA-1"}, "SCRAM-SHA"));
}

}  // namespace
}  // namespace text_list_test
}  // namespace mongoscan
