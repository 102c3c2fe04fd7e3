#include "tests/support/spawn.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace mongoscan::testing_support {
namespace {

// posix_spawn's attribute and file-action objects, destroyed on every path.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

}  // namespace

std::vector<std::string> inherited_environment(const std::vector<std::string>& changes) {
  std::vector<std::string> environment;
  for (char** entry = environ; *entry != nullptr; ++entry) environment.emplace_back(*entry);
  for (const std::string& change : changes) {
    const std::string prefix = change.substr(0, change.find('=')) + "=";
    std::erase_if(environment, [&](const std::string& entry) { return entry.starts_with(prefix); });
    if (change.find('=') != std::string::npos) environment.push_back(change);
  }
  return environment;
}

// Starts the child with the given standard streams in a new process group, every signal at its
// default disposition and unblocked. Returns the pid, or -errno.
pid_t spawn_in_process_group(std::vector<std::string> argv, std::vector<std::string> environment,
                             int in, int out, int err) {
  SpawnSetup setup;
  posix_spawn_file_actions_adddup2(&setup.actions, in, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions, out, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions, err, STDERR_FILENO);
  sigset_t no_signals, all_signals;
  sigemptyset(&no_signals);
  sigfillset(&all_signals);
  sigdelset(&all_signals, SIGKILL);
  sigdelset(&all_signals, SIGSTOP);
  posix_spawnattr_setflags(&setup.attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&setup.attributes, 0);
  posix_spawnattr_setsigmask(&setup.attributes, &no_signals);
  posix_spawnattr_setsigdefault(&setup.attributes, &all_signals);

  const std::vector<char*> c_argv = c_strings(argv);
  const std::vector<char*> c_environment = c_strings(environment);
  pid_t pid = -1;
  const int error = posix_spawnp(&pid, c_argv[0], &setup.actions, &setup.attributes, c_argv.data(),
                                 c_environment.data());
  return error == 0 ? pid : -error;
}

int exit_code_of(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 127;
}

}  // namespace mongoscan::testing_support
