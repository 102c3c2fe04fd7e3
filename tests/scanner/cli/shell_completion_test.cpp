// The bash completion `mongoscan completion bash` writes and the build keeps, run in bash as
// bash-completion would run it: COMP_WORDS and COMP_CWORD set, the function called, COMPREPLY
// read back.

#include <gtest/gtest.h>

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

std::string completion_script() {
  const ProcessResult script =
      run_process({testing_support::mongoscan_binary(), "completion", "bash"});
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

// The build writes the script that is installed (CMake runs `mongoscan completion bash`).
TEST_F(ShellCompletion, TheBuildKeepsTheScriptTheBinaryWrites) {
  const std::string built =
      testing_support::read_file(MONGOSCAN_BUILD_DIR "/mongoscan.bash-completion");
  ASSERT_FALSE(built.empty()) << "the build wrote no mongoscan.bash-completion";
  EXPECT_EQ(built, completion_script());
}

}  // namespace
}  // namespace shell_completion_test
}  // namespace mongoscan
