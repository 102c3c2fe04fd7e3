#include "reports/text/console_text.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace console_text_test {
namespace {

TEST(ConsoleTextTest, KeepsPrintableUtf8) {
  EXPECT_EQ(console_safe("plain ASCII"), "plain ASCII");
  EXPECT_EQ(console_safe("Übersicht — 顧客 🔒"), "Übersicht — 顧客 🔒");
}

TEST(ConsoleTextTest, BlanksControlCharacters) {
  EXPECT_EQ(console_safe("a\tb\nc\rd\x1b[31me\x7f"), "a b c d [31me ");
  EXPECT_EQ(console_safe("C1 \xc2\x9b"
                         "2J"),
            "C1  2J");
  EXPECT_EQ(console_safe(std::string("nul\0!", 5)), "nul !");
}

TEST(ConsoleTextTest, ReplacesInvalidUtf8) {
  const std::string replacement = "\xef\xbf\xbd";
  EXPECT_EQ(console_safe("caf\xe9"), "caf" + replacement);
  EXPECT_EQ(console_safe("\xc0\xaf"), replacement + replacement) << "overlong '/'";
  EXPECT_EQ(console_safe("\xed\xa0\x80"), replacement + replacement + replacement) << "surrogate";
  EXPECT_EQ(console_safe("\xf4\x90\x80\x80"), replacement + replacement + replacement + replacement)
      << "above U+10FFFF";
  EXPECT_EQ(console_safe("\xe2\x82"), replacement + replacement) << "truncated sequence";
}

TEST(ConsoleTextTest, MeasuresCodePoints) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("abc"), 3u);
  EXPECT_EQ(display_width("Übersicht"), 9u);
  EXPECT_EQ(display_width("顧客…"), 3u);
  EXPECT_EQ(display_width("🔒x"), 2u);
}

TEST(ConsoleTextTest, TruncatesWithAnEllipsis) {
  EXPECT_EQ(truncate_to_width("abcdef", 6), "abcdef");
  EXPECT_EQ(truncate_to_width("abcdef", 5), "abcd…");
  EXPECT_EQ(truncate_to_width("ÜÜÜÜÜÜ", 4), "ÜÜÜ…");
  EXPECT_EQ(truncate_to_width("顧客顧客", 2), "顧…");
  EXPECT_EQ(truncate_to_width("abc", 1), "…");
  EXPECT_EQ(truncate_to_width("abc", 0), "");
  EXPECT_EQ(display_width(truncate_to_width("ÜÜÜÜÜÜ", 4)), 4u);
}

TEST(ConsoleTextTest, WrapsAtSpacesAndKeepsEveryOtherCharacter) {
  EXPECT_EQ(wrap_to_width("short", 10), std::vector<std::string>{"short"});
  EXPECT_EQ(wrap_to_width("", 10), std::vector<std::string>{""});
  EXPECT_EQ(wrap_to_width("one two three", 0), std::vector<std::string>{"one two three"});
  EXPECT_EQ(wrap_to_width("CVE-1, CVE-2, CVE-3", 13),
            (std::vector<std::string>{"CVE-1, CVE-2,", "CVE-3"}));
  EXPECT_EQ(wrap_to_width("ab cd", 2), (std::vector<std::string>{"ab", "cd"}));
  EXPECT_EQ(wrap_to_width("abcdefgh", 3), (std::vector<std::string>{"abc", "def", "gh"}));
  EXPECT_EQ(wrap_to_width("services/billing/src/app.properties:12", 20),
            (std::vector<std::string>{"services/billing/", "src/", "app.properties:12"}));
  EXPECT_EQ(wrap_to_width("member1.example.test:27017", 24),
            (std::vector<std::string>{"member1.example.test:", "27017"}));
  EXPECT_EQ(wrap_to_width("mongodb://admin:***@db.example.com:27017/", 24),
            (std::vector<std::string>{"mongodb://admin:***@", "db.example.com:27017/"}));
  EXPECT_EQ(wrap_to_width("mongodb://u:***@h1.test,h2.test/db?replicaSet=rs0&tls=true", 24),
            (std::vector<std::string>{"mongodb://u:***@h1.test,", "h2.test/db?",
                                      "replicaSet=rs0&tls=true"}));
  EXPECT_EQ(wrap_to_width("Übergrößen für 顧客 ünïcödé", 10),
            (std::vector<std::string>{"Übergrößen", "für 顧客", "ünïcödé"}));
  EXPECT_EQ(wrap_to_width("  indented text", 9), (std::vector<std::string>{"  indente", "d text"}));
}

// Issue 35 item 1: every string a report shows passes through here, so a connection string in it,
// the scheme in any case, loses its password.
TEST(ConsoleTextTest, AConnectionStringLosesItsPassword) {
  EXPECT_EQ(console_safe("owner MONGODB://ops:Pw7@h1"), "owner MONGODB://ops:***@h1");
  EXPECT_EQ(console_safe("mongodb+srv://h.example.com"), "mongodb+srv://h.example.com");
}

}  // namespace
}  // namespace console_text_test
}  // namespace mongoscan
