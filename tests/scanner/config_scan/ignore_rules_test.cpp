#include "scanner/config_scan/ignore_rules.h"

#include <gtest/gtest.h>

#include <string>

namespace mongoscan {
namespace ignore_rules_test {
namespace {

constexpr auto unmatched = IgnoreVerdict::unmatched;
constexpr auto ignored = IgnoreVerdict::ignored;
constexpr auto included = IgnoreVerdict::included;

struct Case {
  const char* rules;  // the text of one ignore file
  const char* path;   // relative to the ignore file's directory
  bool is_directory;
  IgnoreVerdict expected;
};

const Case kCases[] = {
    // Blank lines and comments; '\#' and '\!' escape; trailing spaces trimmed unless escaped; CRLF.
    {"\n# comment\n\nfoo\n", "foo", false, ignored},
    {"#foo\n", "#foo", false, unmatched},
    {"\\#foo\n", "#foo", false, ignored},
    {"\\!foo\n", "!foo", false, ignored},
    {"\\!foo\n", "foo", false, unmatched},
    {"foo   \n", "foo", false, ignored},
    {"foo\\ \n", "foo ", false, ignored},
    {"foo\\ \n", "foo", false, unmatched},
    {"foo\r\nbar\r\n", "foo", false, ignored},
    {"foo", "foo", false, ignored},  // no final newline
    // Negation: the last matching pattern wins.
    {"*.log\n!keep.log\n", "keep.log", false, included},
    {"*.log\n!keep.log\n", "other.log", false, ignored},
    {"!keep.log\n*.log\n", "keep.log", false, ignored},
    {"!keep.log\n", "other.log", false, unmatched},
    // A trailing '/' matches directories only, still at any depth.
    {"logs/\n", "logs", true, ignored},
    {"logs/\n", "logs", false, unmatched},
    {"logs/\n", "a/b/logs", true, ignored},
    // A name without '/' matches at any depth, the whole last component only.
    {"secret.yaml\n", "secret.yaml", false, ignored},
    {"secret.yaml\n", "a/b/secret.yaml", false, ignored},
    {"secret.yaml\n", "a/secret.yaml.bak", false, unmatched},
    {"secret\n", "secret", true, ignored},
    // A '/' at the start or in the middle anchors to the ignore file's directory.
    {"/build\n", "build", true, ignored},
    {"/build\n", "src/build", true, unmatched},
    {"doc/frotz\n", "doc/frotz", false, ignored},
    {"doc/frotz\n", "a/doc/frotz", false, unmatched},
    {"doc/frotz/\n", "doc/frotz", true, ignored},
    {"doc/frotz/\n", "doc/frotz", false, unmatched},
    {"/*.log\n", "a.log", false, ignored},
    {"/*.log\n", "x/a.log", false, unmatched},
    // '*' and '?' match within one component, '*' also nothing.
    {"*.log\n", "a/b.log", false, ignored},
    {"*.log\n", ".log", false, ignored},
    {"*.log\n", "b.txt", false, unmatched},
    {"a?c\n", "abc", false, ignored},
    {"a?c\n", "ac", false, unmatched},
    {"a*c\n", "abbbc", false, ignored},
    {"a/*/c\n", "a/b/c", false, ignored},
    {"a/*/c\n", "a/b/x/c", false, unmatched},
    {"a/*\n", "a/b", false, ignored},
    {"a/*\n", "a/b/c", false, unmatched},
    {"/a?c\n", "a/c", false, unmatched},
    // Bracket expressions.
    {"file[0-9].txt\n", "file7.txt", false, ignored},
    {"file[0-9].txt\n", "filex.txt", false, unmatched},
    {"[abc].txt\n", "b.txt", false, ignored},
    {"[abc].txt\n", "d.txt", false, unmatched},
    {"[!a].txt\n", "b.txt", false, ignored},
    {"[!a].txt\n", "a.txt", false, unmatched},
    {"[^a].txt\n", "a.txt", false, unmatched},
    {"[]a].txt\n", "].txt", false, ignored},
    {"[a-c-e]\n", "-", false, ignored},
    {"[a\\]]\n", "]", false, ignored},
    {"x[[:digit:]]\n", "x5", false, ignored},
    {"x[[:digit:]]\n", "xa", false, unmatched},
    {"x[[:nope:]]\n", "xa", false, unmatched},
    {"x[\n", "x[", false, unmatched},  // unterminated: matches nothing
    {"/a[/]b\n", "a/b", false, unmatched},
    // "**": leading, trailing, in the middle; elsewhere a plain '*'.
    {"**/foo\n", "foo", true, ignored},
    {"**/foo\n", "a/b/foo", false, ignored},
    {"**/foo\n", "a/xfoo", false, unmatched},
    {"**/foo/bar\n", "foo/bar", false, ignored},
    {"**/foo/bar\n", "x/y/foo/bar", false, ignored},
    {"abc/**\n", "abc/x", false, ignored},
    {"abc/**\n", "abc/x/y", true, ignored},
    {"abc/**\n", "abc", true, unmatched},
    {"a/**/b\n", "a/b", false, ignored},
    {"a/**/b\n", "a/x/b", false, ignored},
    {"a/**/b\n", "a/x/y/b", false, ignored},
    {"a/**/b\n", "a/xb", false, unmatched},
    {"a/**/b\n", "x/a/b", false, unmatched},
    {"b**/*\n", "ba", false, ignored},  // as git: its literal prefix goes first, then "**/*"
    {"/a**b\n", "axyb", false, ignored},
    {"/a**b\n", "ax/yb", false, unmatched},
    {"**\n", "any/thing/deep", false, ignored},
    {"a/**/*.yaml\n", "a/x/y/z.yaml", false, ignored},
    {"a/**/*.yaml\n", "a/z.yaml", false, ignored},
    {"a/**/*.yaml\n", "a/x/z.yml", false, unmatched},
    // Patterns that can match nothing.
    {"!\n/\n \n", "x", false, unmatched},
};

TEST(IgnoreRules, MatchesLikeGit) {
  for (const Case& c : kCases) {
    IgnoreRules rules;
    rules.add(c.rules);
    EXPECT_EQ(rules.match(c.path, c.is_directory), c.expected)
        << "rules \"" << c.rules << "\", path \"" << c.path << "\""
        << (c.is_directory ? " (directory)" : "");
  }
}

TEST(IgnoreRules, LaterFilesTakePrecedence) {
  IgnoreRules rules;
  rules.add("*.yaml\n");           // .gitignore
  rules.add("!app.yaml\nx.js\n");  // .mongoscanignore
  EXPECT_EQ(rules.match("app.yaml", false), included);
  EXPECT_EQ(rules.match("db.yaml", false), ignored);
  EXPECT_EQ(rules.match("x.js", false), ignored);
}

TEST(IgnoreRules, CommentsBlankLinesAndEmptyPatternsLeaveNoRule) {
  IgnoreRules rules;
  rules.add("# only a comment\n\n   \n!\n/\n");
  EXPECT_TRUE(rules.empty());
  rules.add("x\n");
  EXPECT_FALSE(rules.empty());
}

TEST(IgnoreRules, ManyStarsDoNotBacktrackWithoutEnd) {
  IgnoreRules rules;
  rules.add("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b\n/**/**/**/**/**/**/**/**/**/**/**/**/c\n");
  const std::string text(200, 'a');
  EXPECT_EQ(rules.match(text, false), unmatched);
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "d/";
  EXPECT_EQ(rules.match(deep + "x", false), unmatched);
  EXPECT_EQ(rules.match(deep + "c", false), ignored);
}

}  // namespace
}  // namespace ignore_rules_test
}  // namespace mongoscan
