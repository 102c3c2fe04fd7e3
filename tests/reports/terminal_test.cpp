#include "reports/terminal.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <optional>
#include <string>

namespace mongoscan {
namespace {

// Sets or unsets NO_COLOR for one test and restores the previous value.
class NoColorEnv {
 public:
  explicit NoColorEnv(const char* value) {
    if (const char* old = std::getenv("NO_COLOR")) previous_ = old;
    if (value == nullptr) {
      ::unsetenv("NO_COLOR");
    } else {
      ::setenv("NO_COLOR", value, 1);
    }
  }
  ~NoColorEnv() {
    if (previous_) {
      ::setenv("NO_COLOR", previous_->c_str(), 1);
    } else {
      ::unsetenv("NO_COLOR");
    }
  }

 private:
  std::optional<std::string> previous_;
};

// The terminal side of a new pseudo-terminal, or -1 if the system has none.
int open_pseudo_terminal(int& controller) {
  controller = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (controller < 0 || ::grantpt(controller) != 0 || ::unlockpt(controller) != 0) return -1;
  const char* name = ::ptsname(controller);
  return name == nullptr ? -1 : ::open(name, O_RDWR | O_NOCTTY);
}

TEST(TerminalTest, NoColorForPipes) {
  const NoColorEnv unset(nullptr);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  EXPECT_FALSE(should_use_color(fds[1]));
  ::close(fds[0]);
  ::close(fds[1]);
  EXPECT_FALSE(should_use_color(-1));
}

TEST(TerminalTest, ColorOnATerminalUnlessNoColorIsSet) {
  int controller = -1;
  const int terminal = open_pseudo_terminal(controller);
  if (terminal < 0) {
    if (controller >= 0) ::close(controller);
    GTEST_SKIP() << "no pseudo-terminal available";
  }
  {
    const NoColorEnv unset(nullptr);
    EXPECT_TRUE(should_use_color(terminal));
  }
  {
    const NoColorEnv empty("");
    EXPECT_TRUE(should_use_color(terminal)) << "an empty NO_COLOR does not disable colour";
  }
  {
    const NoColorEnv set("1");
    EXPECT_FALSE(should_use_color(terminal));
  }
  ::close(terminal);
  ::close(controller);
}

}  // namespace
}  // namespace mongoscan
