#include "reports/text/text_table.h"

#include <gtest/gtest.h>

#include <sstream>

namespace mongoscan {
namespace text_table_test {
namespace {

std::string render(const TextTable& table, bool color, std::string_view indent = "") {
  std::ostringstream out;
  table.write(out, color, indent);
  return out.str();
}

TEST(TextTableTest, AlignsColumnsInCodePoints) {
  TextTable table({{"NAME"}, {"CITY"}, {"NOTE"}});
  table.add_row({{"Zoë"}, {"München"}, {"x"}});
  table.add_row({{"Al"}, {"東京"}, {"y"}});
  EXPECT_EQ(render(table, false),
            "NAME  CITY     NOTE\n"
            "Zoë   München  x\n"
            "Al    東京       y\n");
}

TEST(TextTableTest, CutsCellsAtTheirColumnsWidth) {
  TextTable table({{"A", 4}, {"B"}});
  table.add_row({{"abcdefgh"}, {"full text is kept"}});
  EXPECT_EQ(render(table, false), "A     B\nabc…  full text is kept\n");
}

TEST(TextTableTest, HeadingsSitAtTheMarginAfterABlankLine) {
  TextTable table({{"A"}, {"B"}});
  table.add_heading("Group");
  table.add_row({{"1"}, {"2"}});
  EXPECT_EQ(render(table, false, "  "), "  A  B\n\nGroup\n  1  2\n");
}

TEST(TextTableTest, NoTrailingSpacesAndMissingCellsAreEmpty) {
  TextTable table({{"A"}, {"B"}, {"C"}});
  table.add_row({{"long value"}});
  EXPECT_EQ(render(table, false), "A           B  C\nlong value\n");
}

TEST(TextTableTest, StylesOnlyWithColorAndPadsOutsideTheStyle) {
  TextTable table({{"S"}, {"M"}});
  table.add_row({{"ok", "32"}, {"fine"}});
  EXPECT_EQ(render(table, false), "S   M\nok  fine\n");
  EXPECT_EQ(render(table, true), "\x1b[1mS\x1b[0m   \x1b[1mM\x1b[0m\n\x1b[32mok\x1b[0m  fine\n");
}

TEST(TextTableTest, MinimumWidthsPadNarrowColumns) {
  TextTable table({{"A", 0, 4}, {"B", 0, 3}, {"C"}});
  table.add_row({{"x"}, {"y"}, {"z"}});
  EXPECT_EQ(render(table, false), "A     B    C\nx     y    z\n");
}

TEST(TextTableTest, DetailLinesAlignAmongThemselvesUnderTheirRow) {
  TextTable table({{"ID"}, {"TITLE"}});
  table.set_detail_columns({{""}, {"", 6}}, "  ");
  table.add_row({{"NET-1"}, {"first"}});
  table.add_detail({{"n1"}, {"a long message"}});
  table.add_detail({{"n10"}, {"short"}});
  table.add_row({{"NET-2"}, {"second"}});
  EXPECT_EQ(render(table, false, "> "),
            "> ID     TITLE\n"
            "> NET-1  first\n"
            ">   n1   a lon…\n"
            ">   n10  short\n"
            "> NET-2  second\n");
}

TEST(TextTableTest, StyledLeavesTextAloneWithoutColorOrStyle) {
  EXPECT_EQ(styled("x", "1", false), "x");
  EXPECT_EQ(styled("x", "", true), "x");
  EXPECT_EQ(styled("x", "1;31", true), "\x1b[1;31mx\x1b[0m");
}

TEST(TextTableTest, WrappingCellsContinueUnderTheirColumn) {
  TextTable table({{"ID"}, {"MESSAGE", 10, 0, true}, {"END"}});
  table.add_row({{"A-1"}, {"first part second part"}, {"x"}});
  table.add_row({{"A-2"}, {"short"}, {"y"}});
  EXPECT_EQ(render(table, false, "  "),
            "  ID   MESSAGE     END\n"
            "  A-1  first part  x\n"
            "       second\n"
            "       part\n"
            "  A-2  short       y\n");
}

TEST(TextTableTest, WrappingDetailLinesKeepTheirIndent) {
  TextTable table({{"ID"}});
  table.set_detail_columns({{""}, {"", 6, 0, true}}, "  ");
  table.add_row({{"NET-1"}});
  table.add_detail({{"n1"}, {"a long message"}});
  EXPECT_EQ(render(table, false),
            "ID\n"
            "NET-1\n"
            "  n1  a long\n"
            "      messag\n"
            "      e\n");
}

}  // namespace
}  // namespace text_table_test
}  // namespace mongoscan
