#include "tests/support/lab.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>
#include <thread>

#include "tests/support/spawn.h"

#ifndef MONGOSCAN_SOURCE_DIR
#error "MONGOSCAN_SOURCE_DIR must name the source tree (tests/lab/lab.py is run from there)"
#endif

namespace mongoscan::testing_support {
namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kPython = "/usr/bin/python3";  // Debian's, which has python3-pymongo's bson
constexpr auto kStopGrace = std::chrono::seconds(5);
constexpr auto kPollInterval = std::chrono::milliseconds(20);

std::filesystem::path make_temporary_directory() {
  std::string pattern = (std::filesystem::temp_directory_path() / "mongoscan-lab-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw LabError("lab: cannot create a temporary directory: " +
                   std::generic_category().message(errno));
  }
  return pattern;
}

// Starts argv with stdin and stdout on /dev/null and stderr into stderr_path. Returns the pid.
pid_t spawn(std::vector<std::string> argv, const std::filesystem::path& stderr_path) {
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  const int stderr_fd = ::open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  const pid_t pid =
      (null_fd < 0 || stderr_fd < 0)
          ? -errno
          : spawn_in_process_group(argv, inherited_environment(), null_fd, null_fd, stderr_fd);
  if (null_fd >= 0) ::close(null_fd);
  if (stderr_fd >= 0) ::close(stderr_fd);
  if (pid < 0) {
    throw LabError("lab: cannot run " + argv[0] + ": " + std::generic_category().message(-pid));
  }
  return pid;
}

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

// A complete ready file, or nothing while it does not exist yet.
std::optional<nlohmann::json> read_ready_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  nlohmann::json ready = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!ready.is_object() || !ready.contains("nodes")) return std::nullopt;
  return ready;
}

}  // namespace

std::unique_ptr<LabDeployment> LabDeployment::start(const std::string& profile,
                                                    const LabOptions& options) {
  const std::filesystem::path directory = make_temporary_directory();
  const std::filesystem::path cert_dir =
      options.cert_dir.empty() ? directory / "certs" : options.cert_dir;
  const std::filesystem::path ready_file = directory / "ready.json";
  const pid_t pid =
      spawn({kPython, std::string(MONGOSCAN_SOURCE_DIR) + "/tests/lab/lab.py", "--profile", profile,
             "--ready-file", ready_file.string(), "--log", (directory / "commands.jsonl").string(),
             "--cert-dir", cert_dir.string(), "--latency-ms", std::to_string(options.latency_ms),
             "--advertise-host", options.advertised_host},
            directory / "stderr.txt");
  std::unique_ptr<LabDeployment> lab(new LabDeployment(pid, directory, cert_dir));

  const Clock::time_point deadline = Clock::now() + options.ready_timeout;
  while (true) {
    if (auto ready = read_ready_file(ready_file)) {
      lab->nodes_ = (*ready)["nodes"].get<std::vector<std::string>>();
      for (const nlohmann::json& component : ready->value("components", nlohmann::json::array()))
        lab->components_[component["name"]] = component["nodes"].get<std::vector<std::string>>();
      lab->vip_ = ready->value("vip", "");
      return lab;
    }
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      lab->exit_status_ = exit_code_of(status);
      throw LabError("lab " + profile + " exited with status " + std::to_string(lab->exit_status_) +
                     " before it was ready: " + lab->stderr_text());
    }
    if (Clock::now() >= deadline) {
      lab->stop();
      throw LabError("lab " + profile + " was not ready after " +
                     std::to_string(options.ready_timeout.count()) + " s: " + lab->stderr_text());
    }
    std::this_thread::sleep_for(kPollInterval);
  }
}

LabDeployment::~LabDeployment() {
  stop();
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

std::vector<std::string> LabDeployment::component_nodes(const std::string& name) const {
  const auto found = components_.find(name);
  return found == components_.end() ? std::vector<std::string>{} : found->second;
}

int LabDeployment::stop() {
  if (exit_status_ >= 0) return exit_status_;
  ::kill(-pid_, SIGTERM);
  exit_status_ = wait_until(pid_, Clock::now() + kStopGrace);
  if (exit_status_ < 0) {
    ::kill(-pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    exit_status_ = exit_code_of(status);
  }
  return exit_status_;
}

std::vector<nlohmann::json> LabDeployment::command_log() const {
  std::vector<nlohmann::json> entries;
  std::ifstream in(command_log_path());
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) entries.push_back(nlohmann::json::parse(line));
  }
  return entries;
}

std::string LabDeployment::stderr_text() const {
  std::ifstream in(directory_ / "stderr.txt");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace mongoscan::testing_support
