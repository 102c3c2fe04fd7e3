#include "tests/support/background_program.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>
#include <thread>

#include "tests/support/spawn.h"

namespace mongoscan::testing_support {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kStopGrace = std::chrono::seconds(5);
constexpr auto kPollInterval = std::chrono::milliseconds(20);

// The exit status once pid has ended, or -1 if it still runs at the deadline.
int wait_until(pid_t pid, Clock::time_point deadline) {
  while (true) {
    int status = 0;
    const pid_t reaped = ::waitpid(pid, &status, WNOHANG);
    if (reaped == pid) return exit_code_of(status);
    if (reaped < 0 && errno != EINTR) return -1;
    if (Clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(kPollInterval);
  }
}

// A complete ready file holding `key`, or nothing while there is none yet.
std::optional<nlohmann::json> read_ready_file(const std::filesystem::path& path,
                                              const std::string& key) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  nlohmann::json ready = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!ready.is_object() || !ready.contains(key)) return std::nullopt;
  return ready;
}

}  // namespace

std::filesystem::path make_temporary_directory(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw LabError(prefix + ": cannot create a temporary directory: " +
                   std::generic_category().message(errno));
  }
  return pattern;
}

pid_t spawn_background(std::vector<std::string> argv, const std::filesystem::path& stderr_path) {
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  const int stderr_fd = ::open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  const pid_t pid =
      (null_fd < 0 || stderr_fd < 0)
          ? -errno
          : spawn_in_process_group(argv, inherited_environment(), null_fd, null_fd, stderr_fd);
  if (null_fd >= 0) ::close(null_fd);
  if (stderr_fd >= 0) ::close(stderr_fd);
  if (pid < 0) {
    throw LabError("cannot run " + argv[0] + ": " + std::generic_category().message(-pid));
  }
  return pid;
}

nlohmann::json wait_for_ready_file(pid_t pid, const std::filesystem::path& ready_file,
                                   const std::string& key, std::chrono::seconds timeout,
                                   const std::string& what,
                                   const std::filesystem::path& stderr_path) {
  const Clock::time_point deadline = Clock::now() + timeout;
  while (true) {
    if (auto ready = read_ready_file(ready_file, key)) return *ready;
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      throw LabError(what + " exited with status " + std::to_string(exit_code_of(status)) +
                     " before it was ready: " + file_text_or_empty(stderr_path));
    }
    if (Clock::now() >= deadline) {
      stop_process_group(pid);
      throw LabError(what + " was not ready after " + std::to_string(timeout.count()) +
                     " s: " + file_text_or_empty(stderr_path));
    }
    std::this_thread::sleep_for(kPollInterval);
  }
}

int stop_process_group(pid_t pid) {
  ::kill(-pid, SIGTERM);
  int exit_status = wait_until(pid, Clock::now() + kStopGrace);
  if (exit_status < 0) {
    ::kill(-pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    exit_status = exit_code_of(status);
  }
  return exit_status;
}

std::string file_text_or_empty(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace mongoscan::testing_support
