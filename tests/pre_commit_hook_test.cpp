// The hook of .pre-commit-hooks.yaml under Debian's pre-commit, in a temporary git repository
// whose .pre-commit-config.yaml holds that hook as a local repo entry (no network): a commit that
// adds a hardcoded MongoDB password is refused without printing it, a clean commit goes through.
// The planted host is no documentation name (example.com), which the config scan would suppress.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace pre_commit_hook_test {
namespace {

using testing_support::ProcessResult;
using testing_support::run_process;

constexpr const char* kPlantedPassword = "Pc7-planted-pre-commit-password";

class PreCommitHook : public ::testing::Test {
 protected:
  void SetUp() override {
    if (run_process({"pre-commit", "--version"}).exit_code != 0) {
      GTEST_SKIP() << "pre-commit is not installed (Debian pre-commit): the hook was not run";
    }
    tree_.symlink(testing_support::mongoscan_binary(), "bin/mongoscan");
    const char* path = std::getenv("PATH");
    environment_ = {"PATH=" + tree_.path("bin") + ":" + (path != nullptr ? path : "/usr/bin:/bin"),
                    "HOME=" + tree_.path("home"),
                    "PRE_COMMIT_HOME=" + tree_.path("pre-commit-cache"),
                    "GIT_CONFIG_NOSYSTEM=1",
                    "GIT_AUTHOR_NAME=test",
                    "GIT_AUTHOR_EMAIL=test@example.com",
                    "GIT_COMMITTER_NAME=test",
                    "GIT_COMMITTER_EMAIL=test@example.com",
                    "NO_COLOR"};
    tree_.make_directory("home");
    tree_.write("repo/.pre-commit-config.yaml", local_config());
    ASSERT_EQ(git({"init", "-q", "-b", "main"}).exit_code, 0);
    const ProcessResult installed = in_repo({"pre-commit", "install"});
    ASSERT_EQ(installed.exit_code, 0) << installed.out << installed.err;
  }

  // The repository's hooks as a local repo entry: the same id, entry, language and file types.
  static std::string local_config() {
    const YAML::Node hooks =
        YAML::LoadFile(std::string(MONGOSCAN_SOURCE_DIR) + "/.pre-commit-hooks.yaml");
    YAML::Node config;
    config["repos"][0]["repo"] = "local";
    config["repos"][0]["hooks"] = hooks;
    YAML::Emitter out;
    out << config;
    return std::string(out.c_str()) + "\n";
  }

  ProcessResult in_repo(std::vector<std::string> argv) {
    argv.insert(argv.begin(), {"env", "-C", tree_.path("repo")});
    return run_process(argv, "", testing_support::kHangGuard, environment_);
  }

  ProcessResult git(std::vector<std::string> args) {
    args.insert(args.begin(), {"git", "-C", tree_.path("repo")});
    return run_process(args, "", testing_support::kHangGuard, environment_);
  }

  // Stages `files` with the config and commits them; the commit's result, with the hook's output.
  ProcessResult commit(const std::vector<std::string>& files) {
    std::vector<std::string> add = {"add", ".pre-commit-config.yaml"};
    add.insert(add.end(), files.begin(), files.end());
    EXPECT_EQ(git(add).exit_code, 0);
    return git({"commit", "-q", "-m", "change"});
  }

  testing_support::TempTree tree_;
  std::vector<std::string> environment_;
};

TEST_F(PreCommitHook, RefusesACommitWithAHardcodedPasswordAndAcceptsACleanOne) {
  tree_.write("repo/settings.py",
              std::string("MONGO_URI = \"mongodb://app:") + kPlantedPassword +
                  "@mongo1.orders.internal:27017/orders?authSource=admin&tls=true\"\n");
  const ProcessResult refused = commit({"settings.py"});
  EXPECT_NE(refused.exit_code, 0) << refused.out << refused.err;
  EXPECT_NE((refused.out + refused.err).find("APP-001"), std::string::npos);
  EXPECT_NE((refused.out + refused.err).find("settings.py"), std::string::npos)
      << refused.out << refused.err;
  EXPECT_EQ((refused.out + refused.err).find(kPlantedPassword), std::string::npos);
  EXPECT_NE(git({"rev-parse", "--verify", "-q", "HEAD"}).exit_code, 0) << "nothing was committed";

  tree_.write("repo/settings.py", "import os\nMONGO_URI = os.environ[\"MONGO_URI\"]\n");
  const ProcessResult accepted = commit({"settings.py"});
  EXPECT_EQ(accepted.exit_code, 0) << accepted.out << accepted.err;
  EXPECT_EQ(git({"rev-parse", "--verify", "-q", "HEAD"}).exit_code, 0);
}

}  // namespace
}  // namespace pre_commit_hook_test
}  // namespace mongoscan
