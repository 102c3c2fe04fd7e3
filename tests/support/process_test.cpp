#include "tests/support/process.h"

#include <gtest/gtest.h>

#include <chrono>

namespace mongoscan::testing_support {
namespace process_test {
namespace {

using namespace std::chrono_literals;

TEST(ProcessTest, CapturesStdoutAndStderrSeparately) {
  const ProcessResult result = run_process({"sh", "-c", "echo out; echo err >&2; echo more"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "out\nmore\n");
  EXPECT_EQ(result.err, "err\n");
  EXPECT_FALSE(result.timed_out);
}

TEST(ProcessTest, ReportsTheExitCode) {
  EXPECT_EQ(run_process({"sh", "-c", "exit 3"}).exit_code, 3);
  EXPECT_EQ(run_process({"false"}).exit_code, 1);
}

TEST(ProcessTest, ReportsDeathBySignalAs128PlusSignal) {
  EXPECT_EQ(run_process({"sh", "-c", "kill -TERM $$"}).exit_code, 128 + 15);
}

TEST(ProcessTest, PassesArgumentsWithoutAShell) {
  const ProcessResult result = run_process({"printf", "%s|", "a b", "$HOME", "*", ""});
  EXPECT_EQ(result.out, "a b|$HOME|*||");
}

TEST(ProcessTest, FeedsStdinThenEndOfFile) {
  const ProcessResult result = run_process({"cat"}, "line 1\nline 2 ü\n");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "line 1\nline 2 ü\n");
  EXPECT_EQ(run_process({"cat"}).out, "") << "no stdin text: immediate EOF";
}

TEST(ProcessTest, MovesLargeDataBothWaysWithoutDeadlock) {
  const std::string big(4 << 20, 'x');
  const ProcessResult result =
      run_process({"sh", "-c", "cat; head -c 1048576 /dev/zero >&2"}, big, 30s);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out.size(), big.size());
  EXPECT_EQ(result.err.size(), 1048576u);
}

TEST(ProcessTest, SurvivesAChildThatIgnoresStdin) {
  const ProcessResult result = run_process({"true"}, std::string(1 << 20, 'x'));
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_FALSE(result.timed_out);
}

// The child would say "finished" after its sleep: killed at the limit, it never does.
TEST(ProcessTest, TimeoutKillsTheChildWithinTheLimit) {
  const ProcessResult result = run_process({"sh", "-c", "sleep 5; echo finished"}, "", 300ms);
  EXPECT_TRUE(result.timed_out);
  EXPECT_EQ(result.exit_code, 128 + 9);
  EXPECT_EQ(result.out, "") << "the child ran past the limit";
}

// A grandchild holding the pipes would write "late" after its sleep, and reading until the pipes
// close would wait for it: it is killed with its parent.
TEST(ProcessTest, TimeoutKillsGrandchildrenHoldingThePipes) {
  const ProcessResult result = run_process(
      {"sh", "-c", "echo started; (sleep 5; echo late) & sleep 5; wait"}, "", 300ms);
  EXPECT_TRUE(result.timed_out);
  EXPECT_EQ(result.out, "started\n") << "output before the timeout is kept, and only that";
}

TEST(ProcessTest, ReportsAProgramThatCannotStart) {
  const ProcessResult result = run_process({"/nonexistent/mongoscan"});
  EXPECT_EQ(result.exit_code, 127);
  EXPECT_NE(result.err.find("cannot run '/nonexistent/mongoscan'"), std::string::npos)
      << result.err;
  EXPECT_EQ(run_process({}).exit_code, 127);
}

TEST(ProcessTest, AddsReplacesAndRemovesEnvironmentVariables) {
  ::setenv("MONGOSCAN_PROCESS_TEST_KEEP", "kept", 1);
  ::setenv("MONGOSCAN_PROCESS_TEST_DROP", "dropped", 1);
  const ProcessResult result = run_process(
      {"sh", "-c",
       "echo \"$MONGOSCAN_PROCESS_TEST_KEEP,${MONGOSCAN_PROCESS_TEST_DROP-unset},$NEW_VAR\""},
      "", 10s, {"NEW_VAR=a=b", "MONGOSCAN_PROCESS_TEST_DROP", "MONGOSCAN_PROCESS_TEST_KEEP=new"});
  ::unsetenv("MONGOSCAN_PROCESS_TEST_KEEP");
  ::unsetenv("MONGOSCAN_PROCESS_TEST_DROP");
  EXPECT_EQ(result.out, "new,unset,a=b\n");
}

}  // namespace
}  // namespace process_test
}  // namespace mongoscan::testing_support
