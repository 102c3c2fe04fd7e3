#include "reports/text/markdown_text.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace markdown_text_test {
namespace {

TEST(MarkdownTextTest, KeepsPlainText) {
  EXPECT_EQ(markdown_text("bindIp is 0.0.0.0 (every interface)"),
            "bindIp is 0.0.0.0 (every interface)");
  EXPECT_EQ(markdown_text("Kundendaten «Übersicht» 顧客"), "Kundendaten «Übersicht» 顧客");
}

TEST(MarkdownTextTest, EscapesHtmlAndMarkdownSyntax) {
  EXPECT_EQ(markdown_text("<script>alert(1)</script> & co"),
            "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co");
  EXPECT_EQ(markdown_text("a | b"), "a \\| b");
  EXPECT_EQ(markdown_text("*bold* _em_ `code` [link](x) ![i](y) # ~s~ $x$ \\"),
            "\\*bold\\* \\_em\\_ \\`code\\` \\[link\\](x) \\!\\[i\\](y) \\# \\~s\\~ \\$x\\$ \\\\");
}

TEST(MarkdownTextTest, FlattensLinesAndControlCharacters) {
  EXPECT_EQ(markdown_text("one\ntwo\r\n\tthree\x1b[0m"), "one two   three \\[0m");
  EXPECT_EQ(markdown_text("caf\xe9"), "caf\xEF\xBF\xBD");
}

TEST(MarkdownTextTest, CodeSpansOutlastTheBackticksInside) {
  EXPECT_EQ(markdown_code("db1.example.test:27017"), "`db1.example.test:27017`");
  EXPECT_EQ(markdown_code("a`b"), "``a`b``");
  EXPECT_EQ(markdown_code("`x`"), "`` `x` ``");
  EXPECT_EQ(markdown_code("a|b\nc"), "`a\\|b c`");
  EXPECT_EQ(markdown_code("<b>&amp;"), "`<b>&amp;`") << "code spans show markup as written";
  EXPECT_EQ(markdown_code(""), "");
}

// Issue 35 item 1: text and code spans lose a connection string's password, in any case.
TEST(MarkdownTextTest, AConnectionStringLosesItsPassword) {
  EXPECT_EQ(markdown_text("see Mongodb://ops:Pw7@h1").find("Pw7"), std::string::npos);
  EXPECT_EQ(markdown_code("MONGODB://ops:Pw7@h1"), "`MONGODB://ops:***@h1`");
}

}  // namespace
}  // namespace markdown_text_test
}  // namespace mongoscan
