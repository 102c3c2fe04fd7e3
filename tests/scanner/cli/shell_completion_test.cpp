// The bash completion `mongoscan completion bash` writes and the build keeps, run in bash as
// bash-completion would run it: COMP_WORDS and COMP_CWORD set, the function called, COMPREPLY
// read back.

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/file_text.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace shell_completion_test {
namespace {

using testing_support::ProcessResult;
using testing_support::run_process;

std::string completion_script(const std::string& shell = "bash") {
  const ProcessResult script =
      run_process({testing_support::mongoscan_binary(), "completion", shell});
  EXPECT_EQ(script.exit_code, 0) << script.err;
  return script.out;
}

class ShellCompletion : public ::testing::Test {
 protected:
  void SetUp() override { tree_.write("mongoscan.bash", completion_script()); }

  // What bash offers for the command line `words` (the last one is being completed).
  std::vector<std::string> complete(const std::string& words) {
    const std::string script = "source " + tree_.path("mongoscan.bash") + "\nCOMP_WORDS=(" + words +
                               ")\nCOMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n" +
                               "_mongoscan\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
    const ProcessResult run = run_process({"bash", "--norc", "--noprofile", "-c", script});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err, "");
    std::vector<std::string> offered;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty()) offered.push_back(line);
    }
    return offered;
  }

  testing_support::TempTree tree_;
};

using Words = std::vector<std::string>;

TEST_F(ShellCompletion, CompletesCommands) {
  EXPECT_EQ(complete("mongoscan sc"), Words{"scan"});
  EXPECT_EQ(complete("mongoscan ve"), (Words{"verify", "version"}));
  EXPECT_EQ(complete("mongoscan man"), Words{}) << "hidden commands are not offered";
}

TEST_F(ShellCompletion, CompletesEachCommandsOptions) {
  EXPECT_EQ(complete("mongoscan scan --inv"), Words{"--inventory"});
  EXPECT_EQ(complete("mongoscan scan https://x --no-pro"), Words{"--no-probe"});
  EXPECT_EQ(complete("mongoscan checks --fo"), Words{"--format"});
  EXPECT_EQ(complete("mongoscan --ver"), Words{"--version"});
  EXPECT_EQ(complete("mongoscan checks --inv"), Words{}) << "scan's options are scan's only";
}

TEST_F(ShellCompletion, CompletesTheChoicesOfAnOptionAndLeavesFilesToBash) {
  EXPECT_EQ(complete("mongoscan scan --fail-on h"), Words{"high"});
  EXPECT_EQ(complete("mongoscan checks --format ''"), (Words{"table", "json", "md"}));
  EXPECT_EQ(complete("mongoscan scan --uri-file ''"), Words{}) << "complete -o default: files";
  EXPECT_EQ(complete("mongoscan --config ''"), Words{});
}

TEST_F(ShellCompletion, IsRegisteredForMongoscan) {
  const ProcessResult registered =
      run_process({"bash", "--norc", "-c",
                   "source " + tree_.path("mongoscan.bash") + "; complete -p mongoscan"});
  EXPECT_EQ(registered.out, "complete -o default -F _mongoscan mongoscan\n") << registered.err;
}

// The build writes the scripts that are installed (CMake runs `mongoscan completion SHELL`).
TEST_F(ShellCompletion, TheBuildKeepsTheScriptsTheBinaryWrites) {
  for (const auto& [file, shell] :
       {std::pair{"/mongoscan.bash-completion", "bash"}, std::pair{"/_mongoscan", "zsh"},
        std::pair{"/mongoscan.fish", "fish"}}) {
    const std::string built = testing_support::read_file(MONGOSCAN_BUILD_DIR + std::string(file));
    ASSERT_FALSE(built.empty()) << "the build wrote no " << file;
    EXPECT_EQ(built, completion_script(shell)) << shell;
  }
}

// fish, asked as its command line asks (`complete -C`): commands, a command's options, choices.
std::vector<std::string> fish_completions(const testing_support::TempTree& tree,
                                          const std::string& line) {
  const ProcessResult run =
      run_process({"fish", "--no-config", "-c",
                   "source " + tree.path("mongoscan.fish") + "; complete -C '" + line + "'"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  std::vector<std::string> offered;
  std::istringstream lines(run.out);
  for (std::string entry; std::getline(lines, entry);) {
    if (!entry.empty()) offered.push_back(entry.substr(0, entry.find('\t')));
  }
  std::sort(offered.begin(), offered.end());  // fish sorts them itself
  return offered;
}

TEST(FishCompletion, CompletesCommandsOptionsAndChoices) {
  testing_support::TempTree tree;
  tree.write("mongoscan.fish", completion_script("fish"));
  EXPECT_EQ(fish_completions(tree, "mongoscan sc"), Words{"scan"});
  EXPECT_EQ(fish_completions(tree, "mongoscan ve"), (Words{"verify", "version"}));
  EXPECT_EQ(fish_completions(tree, "mongoscan man"), Words{}) << "hidden commands";
  EXPECT_EQ(fish_completions(tree, "mongoscan scan --inv"), Words{"--inventory"});
  EXPECT_EQ(fish_completions(tree, "mongoscan checks --inv"), Words{}) << "scan's options only";
  EXPECT_EQ(fish_completions(tree, "mongoscan scan --fail-on h"), Words{"high"});
  EXPECT_EQ(fish_completions(tree, "mongoscan checks --format "), (Words{"json", "md", "table"}));
}

// zsh: the script parses (zsh -n), is a #compdef function, and names every visible command and
// each command's options with their choices.
TEST(ZshCompletion, IsACompdefFunctionNamingEveryCommandAndOption) {
  testing_support::TempTree tree;
  const std::string script = completion_script("zsh");
  tree.write("_mongoscan", script);
  const ProcessResult parsed = run_process({"zsh", "-n", tree.path("_mongoscan")});
  EXPECT_EQ(parsed.exit_code, 0) << parsed.err;
  EXPECT_TRUE(script.starts_with("#compdef mongoscan\n"));
  for (const char* expected :
       {"'scan:", "'checks:", "'verify:", "  scan)\n", "'--inventory[", "'--fail-on[",
        ":value:(info low medium high critical none)'", "'--uri-file[", ":value:_files'"}) {
    EXPECT_NE(script.find(expected), std::string::npos) << expected;
  }
  EXPECT_EQ(script.find("'manpage:"), std::string::npos) << "hidden commands";
}

}  // namespace
}  // namespace shell_completion_test
}  // namespace mongoscan
