// mongoscan(1) as `mongoscan manpage` writes it and the build keeps it: every option of every
// command that --help lists is in that command's section, the prose sections are there, and groff
// reads it without a warning.

#include "scanner/cli/manual_page.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/file_text.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace manual_page_test {
namespace {

using testing_support::ProcessResult;

ProcessResult mongoscan(std::vector<std::string> args) {
  args.insert(args.begin(), testing_support::mongoscan_binary());
  return testing_support::run_process(args, "", testing_support::kHangGuard, {"NO_COLOR"});
}

std::string manual_page() {
  const ProcessResult page = mongoscan({"manpage"});
  EXPECT_EQ(page.exit_code, 0) << page.err;
  return page.out;
}

// The commands `mongoscan --help` lists under Subcommands.
std::vector<std::string> listed_commands() {
  const ProcessResult help = mongoscan({"--help"});
  EXPECT_EQ(help.exit_code, 0) << help.err;
  std::vector<std::string> commands;
  std::istringstream lines(help.out.substr(help.out.find("Subcommands:")));
  std::string line;
  std::getline(lines, line);
  const std::regex command(R"(^  ([a-z][a-z-]*)\s)");
  for (std::smatch match; std::getline(lines, line);) {
    if (std::regex_search(line, match, command)) commands.push_back(match[1]);
  }
  return commands;
}

// The long names of the options a --help text lists (the first names of its option lines).
std::vector<std::string> listed_options(const std::string& help) {
  std::vector<std::string> options;
  std::istringstream lines(help);
  const std::regex option(R"(^  (?:-[A-Za-z],)?--([a-z][a-z-]*))");
  for (std::string line; std::getline(lines, line);) {
    if (std::smatch match; std::regex_search(line, match, option)) options.push_back(match[1]);
  }
  return options;
}

// The text of the section that starts with `heading` up to the next .SS or .SH.
std::string section(const std::string& page, const std::string& heading) {
  const std::size_t start = page.find("\n" + heading + "\n");
  if (start == std::string::npos) return "";
  const std::size_t body = start + heading.size() + 2;
  const std::size_t next = std::min(page.find("\n.SS ", body), page.find("\n.SH ", body));
  return page.substr(body, next == std::string::npos ? std::string::npos : next - body);
}

std::string roff_option(const std::string& name) { return "\\-\\-" + roff_escape(name); }

TEST(ManualPage, RoffEscapingKeepsHyphensAndBackslashesLiteral) {
  EXPECT_EQ(roff_escape("--fail-on"), "\\-\\-fail\\-on");
  EXPECT_EQ(roff_escape("a\\b"), "a\\eb");
  EXPECT_EQ(roff_escape(".mongoscan.yaml"), "\\&.mongoscan.yaml");
  EXPECT_EQ(roff_escape("'quoted'"), "\\&'quoted'");
}

TEST(ManualPage, EveryOptionOfEveryCommandIsInItsSection) {
  const std::string page = manual_page();
  const std::vector<std::string> commands = listed_commands();
  ASSERT_GE(commands.size(), 10u);
  for (const std::string& command : commands) {
    const std::string text = section(page, ".SS " + roff_escape(command));
    ASSERT_FALSE(text.empty()) << "no section for " << command;
    const ProcessResult help = mongoscan({command, "--help"});
    ASSERT_EQ(help.exit_code, 0) << command << ": " << help.err;
    const std::vector<std::string> options = listed_options(help.out);
    EXPECT_FALSE(options.empty()) << command;
    for (const std::string& option : options) {
      EXPECT_NE(text.find(roff_option(option)), std::string::npos)
          << "mongoscan " << command << " --" << option << " is not in its section";
    }
  }
  const std::string top = section(page, ".SH OPTIONS");
  for (const std::string& option : listed_options(mongoscan({"--help"}).out)) {
    EXPECT_NE(top.find(roff_option(option)), std::string::npos) << "--" << option;
  }
}

TEST(ManualPage, HoldsExitCodesEnvironmentFilesAndExamples) {
  const std::string page = manual_page();
  for (const std::string heading :
       {".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS", ".SH COMMANDS",
        ".SH EXIT STATUS", ".SH ENVIRONMENT", ".SH FILES", ".SH EXAMPLES"}) {
    EXPECT_NE(page.find("\n" + heading + "\n"), std::string::npos) << heading;
  }
  const std::string exit_status = section(page, ".SH EXIT STATUS");
  for (int code = 0; code <= 4; ++code) {
    EXPECT_NE(exit_status.find(".B " + std::to_string(code) + "\n"), std::string::npos) << code;
  }
  const std::string environment = section(page, ".SH ENVIRONMENT");
  for (const std::string variable :
       {"MONGOSCAN_PASSWORD", "NO_COLOR", "FORCE_COLOR", "MONGOSCAN_FAIL_ON", "MONGOSCAN_FORMAT"}) {
    EXPECT_NE(environment.find(".B " + variable + "\n"), std::string::npos) << variable;
  }
  std::string version = mongoscan({"version"}).out;  // "mongoscan 0.1.0\n"
  version.pop_back();
  EXPECT_NE(page.find(".TH MONGOSCAN 1 \"\" \"" + version + "\""), std::string::npos);
  EXPECT_EQ(page.find(".SS manpage"), std::string::npos) << "hidden commands stay out";
  EXPECT_EQ(page.find(".SS completion"), std::string::npos) << "hidden commands stay out";
}

// The build writes the page (CMake runs `mongoscan manpage`); it is what the binary says.
TEST(ManualPage, TheBuildKeepsThePageTheBinaryWrites) {
  const std::string built = testing_support::read_file(MONGOSCAN_BUILD_DIR "/mongoscan.1");
  ASSERT_FALSE(built.empty()) << "the build wrote no " MONGOSCAN_BUILD_DIR "/mongoscan.1";
  EXPECT_EQ(built, manual_page());
}

TEST(ManualPage, GroffReadsItWithoutWarnings) {
  if (testing_support::run_process({"groff", "--version"}).exit_code != 0) {
    GTEST_SKIP() << "groff is not installed (Debian groff-base)";
  }
  testing_support::TempTree tree;
  tree.write("mongoscan.1", manual_page());
  const ProcessResult rendered = testing_support::run_process(
      {"groff", "-man", "-Tutf8", "-ww", "-z", tree.path("mongoscan.1")});
  EXPECT_EQ(rendered.exit_code, 0);
  EXPECT_EQ(rendered.err, "") << "groff warnings";
}

}  // namespace
}  // namespace manual_page_test
}  // namespace mongoscan
