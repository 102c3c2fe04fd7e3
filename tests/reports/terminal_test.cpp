#include "reports/terminal.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <optional>
#include <string>
#include <utility>

namespace mongoscan {
namespace terminal_test {
namespace {

// Sets or unsets an environment variable for one test and restores the previous value.
class ScopedEnv {
 public:
  ScopedEnv(std::string name, const char* value) : name_(std::move(name)) {
    if (const char* old = std::getenv(name_.c_str())) previous_ = old;
    if (value == nullptr) {
      ::unsetenv(name_.c_str());
    } else {
      ::setenv(name_.c_str(), value, 1);
    }
  }
  ~ScopedEnv() {
    if (previous_) {
      ::setenv(name_.c_str(), previous_->c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }

 private:
  std::string name_;
  std::optional<std::string> previous_;
};

// Sets or unsets NO_COLOR for one test.
class NoColorEnv : public ScopedEnv {
 public:
  explicit NoColorEnv(const char* value) : ScopedEnv("NO_COLOR", value) {}
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

TEST(TerminalTest, ForceColorColoursAPipeUnlessItIsZero) {
  const NoColorEnv no_color("1");
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  {
    const ScopedEnv force("FORCE_COLOR", "1");
    EXPECT_TRUE(should_use_color(fds[1])) << "FORCE_COLOR wins over NO_COLOR and a pipe";
  }
  {
    const ScopedEnv force("FORCE_COLOR", "0");
    EXPECT_FALSE(should_use_color(fds[1]));
  }
  {
    const ScopedEnv force("FORCE_COLOR", "");
    EXPECT_FALSE(should_use_color(fds[1]));
  }
  ::close(fds[0]);
  ::close(fds[1]);
}

TEST(TerminalTest, ConsoleWidthFromColumnsElseTheTerminalElseUnknown) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  {
    const ScopedEnv unset("COLUMNS", nullptr);
    EXPECT_EQ(console_width(fds[1]), 0u) << "a pipe has no width";
  }
  {
    const ScopedEnv columns("COLUMNS", "97");
    EXPECT_EQ(console_width(fds[1]), 97u);
  }
  for (const char* invalid : {"", "0", "-5", "80x", "wide"}) {
    const ScopedEnv columns("COLUMNS", invalid);
    EXPECT_EQ(console_width(fds[1]), 0u) << invalid;
  }
  ::close(fds[0]);
  ::close(fds[1]);

  int controller = -1;
  const int terminal = open_pseudo_terminal(controller);
  if (terminal < 0) {
    if (controller >= 0) ::close(controller);
    GTEST_SKIP() << "no pseudo-terminal available";
  }
  winsize size{};
  size.ws_col = 133;
  size.ws_row = 40;
  ASSERT_EQ(::ioctl(terminal, TIOCSWINSZ, &size), 0);
  {
    const ScopedEnv unset("COLUMNS", nullptr);
    EXPECT_EQ(console_width(terminal), 133u);
  }
  {
    const ScopedEnv columns("COLUMNS", "70");
    EXPECT_EQ(console_width(terminal), 70u) << "COLUMNS wins";
  }
  ::close(terminal);
  ::close(controller);
}

}  // namespace
}  // namespace terminal_test
}  // namespace mongoscan
