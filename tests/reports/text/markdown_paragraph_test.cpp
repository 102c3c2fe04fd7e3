#include "reports/text/markdown_paragraph.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace markdown_paragraph_test {
namespace {

TEST(WrapMarkdown, BreaksBetweenWordsAtTheWidth) {
  EXPECT_EQ(wrap_markdown("one two three four", 9), "one two\nthree\nfour\n");
  EXPECT_EQ(wrap_markdown("short", 80), "short\n");
}

TEST(WrapMarkdown, CountsCodePointsNotBytes) {
  EXPECT_EQ(wrap_markdown("≥ 12 — ok", 9), "≥ 12 — ok\n");
}

TEST(WrapMarkdown, PrefixesTheFirstAndTheFollowingLines) {
  EXPECT_EQ(wrap_markdown("[A](#a): a long title", 12, "  - ", "    "),
            "  - [A](#a):\n    a long\n    title\n");
}

TEST(WrapMarkdown, AWordLongerThanALineStandsAlone) {
  EXPECT_EQ(wrap_markdown("a `very.long.option.name` b", 10), "a\n`very.long.option.name`\nb\n");
}

// A line may not start with what would open a list, a heading, a quote or a table row.
TEST(WrapMarkdown, NoLineOpensABlock) {
  EXPECT_EQ(wrap_markdown("up to 1000. then", 10), "up to 1000.\nthen\n");
  EXPECT_EQ(wrap_markdown("aaaa bbbb - cccc", 9), "aaaa bbbb -\ncccc\n");
  EXPECT_EQ(wrap_markdown("aaaa bbbb #3 cc", 9), "aaaa bbbb #3\ncc\n");
  EXPECT_EQ(wrap_markdown("aaaa bbbb > c", 9), "aaaa bbbb >\nc\n");
  EXPECT_EQ(wrap_markdown("aaaa bbbb 2) c", 9), "aaaa bbbb 2)\nc\n");
}

}  // namespace
}  // namespace markdown_paragraph_test
}  // namespace mongoscan
