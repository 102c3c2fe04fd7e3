#pragma once
// A test program that runs in the background until the test stops it (the lab, the control plane
// lab): started in its own process group with stderr kept in a file, ready when it writes a ready
// file, stopped with SIGTERM and then SIGKILL.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace mongoscan::testing_support {

// The interpreter the labs run on: Debian's, which has python3-pymongo's bson (the pyenv python3
// on PATH has not).
inline constexpr const char* kLabPython = "/usr/bin/python3";

// The program could not start or get ready; the message says why, with what it wrote to stderr.
class LabError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A new directory under the system's temporary directory, named after `prefix`.
std::filesystem::path make_temporary_directory(const std::string& prefix);

// Starts argv with stdin and stdout on /dev/null and stderr into stderr_path. Returns the pid;
// throws LabError if it cannot start.
pid_t spawn_background(std::vector<std::string> argv, const std::filesystem::path& stderr_path);

// The ready file's JSON once it exists and holds `key`. Throws LabError naming `what` and quoting
// stderr_path if the program exits first or `timeout` passes (the program is then stopped).
nlohmann::json wait_for_ready_file(pid_t pid, const std::filesystem::path& ready_file,
                                   const std::string& key, std::chrono::seconds timeout,
                                   const std::string& what,
                                   const std::filesystem::path& stderr_path);

// Stops the program's process group (SIGTERM, then SIGKILL after 5 s); returns its exit status.
int stop_process_group(pid_t pid);

// The whole text of a file; empty if it cannot be read.
std::string file_text_or_empty(const std::filesystem::path& path);

}  // namespace mongoscan::testing_support
