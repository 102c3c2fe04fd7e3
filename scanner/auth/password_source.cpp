#include "scanner/auth/password_source.h"

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "scanner/posix/input_file.h"

namespace mongoscan {
namespace {

constexpr const char* kPasswordVariable = "MONGOSCAN_PASSWORD";

Error password_error(std::string message) {
  return Error{ErrorCode::usage, "credentials", std::move(message)};
}

// The file's path is never echoed: a user may have pasted the password where the path belongs.
Result<Secret> from_file(const std::string& path) {
  InputRead read = read_input_file(path, kPasswordInput);
  if (!read) return password_error("password file: " + read.refused);
  std::string& contents = read.text;
  std::string line = contents.substr(0, contents.find('\n'));
  std::fill(contents.begin(), contents.end(), '\0');
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.empty()) return password_error("password file: the first line is empty");
  return Secret(std::move(line));
}

// Reads one line from the terminal with echo off; restores the terminal on every path.
Result<Secret> from_prompt(const std::string& username) {
  const int tty = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (tty < 0) {
    return password_error(
        "no password: set MONGOSCAN_PASSWORD, give --password-file, or run on a "
        "terminal");
  }
  termios saved{};
  const bool is_terminal = ::tcgetattr(tty, &saved) == 0;
  if (is_terminal) {
    termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    ::tcsetattr(tty, TCSAFLUSH, &quiet);
  }
  const std::string prompt = "Password for " + username + ": ";
  (void)!::write(tty, prompt.data(), prompt.size());
  std::string line;
  char c = 0;
  while (::read(tty, &c, 1) == 1 && c != '\n') line.push_back(c);
  (void)!::write(tty, "\n", 1);
  if (is_terminal) ::tcsetattr(tty, TCSAFLUSH, &saved);
  ::close(tty);
  return Secret(std::move(line));
}

}  // namespace

Result<Secret> read_password(const std::string& password_file, const std::string& username) {
  if (!password_file.empty()) return from_file(password_file);
  if (const char* from_environment = std::getenv(kPasswordVariable);
      from_environment && *from_environment) {
    return Secret(from_environment);
  }
  return from_prompt(username);
}

Result<Secret> read_password_variable(const std::string& variable) {
  const char* value = std::getenv(variable.c_str());
  if (value == nullptr || *value == '\0') {
    // Not named: a user may have pasted the password where the variable's name belongs.
    return password_error("the environment variable password_env names is not set");
  }
  return Secret(value);
}

}  // namespace mongoscan
