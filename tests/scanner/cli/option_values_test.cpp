// Option values as people type them: sizes and durations with units, names in any case, each
// refused with a readable one-line reason.

#include "scanner/cli/option_values.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace option_values_test {
namespace {

TEST(OptionValues, SizesTakeSiAndBinaryUnitsInAnyCase) {
  EXPECT_EQ(parse_size("1048576"), 1048576u);
  EXPECT_EQ(parse_size("10MB"), 10000000u);
  EXPECT_EQ(parse_size("10mb"), 10000000u);
  EXPECT_EQ(parse_size("512KiB"), 524288u);
  EXPECT_EQ(parse_size("512 kib"), 524288u);
  EXPECT_EQ(parse_size("1.5GiB"), 1610612736u);
  EXPECT_EQ(parse_size("2kB"), 2000u);
  EXPECT_EQ(parse_size("7B"), 7u);
  for (const char* refused :
       {"", "0", "10XB", "MB", "-1", "0.5", "1e6", "10 MB extra", "1.5B", "99999999999TiB"}) {
    EXPECT_FALSE(parse_size(refused).has_value()) << refused;
  }
}

TEST(OptionValues, DurationsTakeMillisecondsSecondsMinutesAndHours) {
  EXPECT_EQ(parse_duration("5"), 5.0);
  EXPECT_EQ(parse_duration("5s"), 5.0);
  EXPECT_EQ(parse_duration("2m"), 120.0);
  EXPECT_EQ(parse_duration("1500ms"), 1.5);
  EXPECT_EQ(parse_duration("1H"), 3600.0);
  EXPECT_EQ(parse_duration("0.25"), 0.25);
  for (const char* refused : {"", "0", "0s", "5 parsecs", "-3", "s", "5d"}) {
    EXPECT_FALSE(parse_duration(refused).has_value()) << refused;
  }
}

// What a validator leaves: the stored form, or the error and the value untouched.
std::pair<std::string, std::string> validated(const CLI::Validator& validator, std::string value) {
  const std::string error = validator(value);
  return {value, error};
}

TEST(OptionValues, ValidatorsStoreTheNumberAndExplainARefusal) {
  EXPECT_EQ(validated(size_value(), "10MB"), (std::pair<std::string, std::string>{"10000000", ""}));
  EXPECT_EQ(validated(duration_value(), "2m").first, "120");
  EXPECT_EQ(validated(duration_value(), "1500ms").first, "1.5");
  const std::string size_error = validated(size_value(), "10XB").second;
  EXPECT_NE(size_error.find("'10XB' is not a size"), std::string::npos) << size_error;
  EXPECT_LT(size_error.size(), 160u) << "no 309-digit range: " << size_error;
  const std::string duration_error = validated(duration_value(), "soon").second;
  EXPECT_NE(duration_error.find("'soon' is not a duration"), std::string::npos);
}

TEST(OptionValues, WholeNumbersAboveZeroAreRefusedInWords) {
  EXPECT_EQ(validated(positive_whole_number(), "4").second, "");
  for (const char* refused : {"0", "-2", "1.5", "many", "99999999999999999999"}) {
    const std::string error = validated(positive_whole_number(), refused).second;
    EXPECT_NE(error.find("is not a whole number above zero"), std::string::npos) << refused;
    EXPECT_EQ(error.find("9223372036854775807"), std::string::npos) << error;
  }
}

TEST(OptionValues, NamesMatchInAnyCaseAndStoreTheListsSpelling) {
  const CLI::Validator formats = one_of({"table", "json", "sarif"});
  EXPECT_EQ(validated(formats, "SARIF"), (std::pair<std::string, std::string>{"sarif", ""}));
  const CLI::Validator mechanisms = one_of({"SCRAM-SHA-256", "PLAIN"});
  EXPECT_EQ(validated(mechanisms, "scram-sha-256").first, "SCRAM-SHA-256");
  const auto [value, error] = validated(one_of({"low", "medium", "high"}), "hihg");
  EXPECT_EQ(value, "hihg");
  EXPECT_EQ(error, "'hihg' is not one of low, medium, high (did you mean high?)");
  EXPECT_EQ(validated(one_of({"low", "high"}), "xyzzy").second, "'xyzzy' is not one of low, high");
}

}  // namespace
}  // namespace option_values_test
}  // namespace mongoscan
