#pragma once
// Starting a child process for tests: posix_spawn in its own process group, so that killing the
// group also ends whatever the child started.

#include <sys/types.h>

#include <string>
#include <vector>

namespace mongoscan::testing_support {

// This process's environment with changes applied: "NAME=value" adds or replaces a variable, a bare
// "NAME" removes it.
std::vector<std::string> inherited_environment(const std::vector<std::string>& changes = {});

// Starts argv (looked up in PATH when argv[0] has no '/') with the given descriptors as its
// standard streams, in a new process group, every signal at its default disposition and
// unblocked. Returns the pid, or -errno when it could not start.
pid_t spawn_in_process_group(std::vector<std::string> argv, std::vector<std::string> environment,
                             int in, int out, int err);

// The exit status of a waitpid() status: the exit code, 128 + the signal, or 127 otherwise.
int exit_code_of(int wait_status);

}  // namespace mongoscan::testing_support
