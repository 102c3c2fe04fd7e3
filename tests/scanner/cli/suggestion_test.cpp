#include "scanner/cli/suggestion.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace suggestion_test {
namespace {

const std::vector<std::string> kCommands = {"scan",      "checks",  "auditor-role",
                                            "parse-uri", "resolve", "version"};

TEST(ClosestName, TyposWithinTwoEditsFindTheName) {
  EXPECT_EQ(closest_name("scna", kCommands), "scan");       // a swap
  EXPECT_EQ(closest_name("chekcs", kCommands), "checks");   // a swap
  EXPECT_EQ(closest_name("resolv", kCommands), "resolve");  // a deletion
  EXPECT_EQ(closest_name("--fromat", {"--format", "--fail-on", "--output"}), "--format");
  EXPECT_EQ(closest_name("reportingx", {"core", "analytics", "reporting"}), "reporting");
}

TEST(ClosestName, NothingCloseIsNoSuggestion) {
  EXPECT_EQ(closest_name("frobnicate", kCommands), std::nullopt);
  EXPECT_EQ(closest_name("ab", kCommands), std::nullopt);  // two edits away from nothing useful
  EXPECT_EQ(closest_name("x", {"y"}), std::nullopt);       // as far as the word is long
  EXPECT_EQ(closest_name("scan", {}), std::nullopt);
}

TEST(ClosestName, TheClosestWinsThenTheEarliest) {
  EXPECT_EQ(closest_name("json", {"jsonl", "json"}), "json");
  EXPECT_EQ(closest_name("mdx", {"md", "mx"}), "md");
}

}  // namespace
}  // namespace suggestion_test
}  // namespace mongoscan
