#pragma once
// Runs a program for a test: no shell, stdout and stderr captured apart, a hard time limit.

#include <chrono>
#include <string>
#include <vector>

namespace mongoscan::testing_support {

struct ProcessResult {
  int exit_code =
      0;  // the exit status; 128 + the signal if one ended it; 127 if it could not start
  std::string out;
  std::string err;         // also says why the program could not start
  bool timed_out = false;  // the time limit ran out and the child's process group got SIGKILL
};

// How long a test lets a program run before killing it: a guard against hangs, never a budget.
// Far longer than any program a test runs takes, sanitized and on a loaded machine (the longest,
// a sanitized scan whose report is 57 MB, took 64 s beside a full make test on 2 cores), so that
// only a program that would not end reaches it.
constexpr std::chrono::minutes kHangGuard{5};

// Runs argv[0] (looked up in PATH when it has no '/') with argv, writes stdin_text to its standard
// input and then closes it, and collects everything it writes until it exits. extra_env entries
// "NAME=value" add or replace a variable of the inherited environment; a bare "NAME" removes it.
// The child leads its own process group, so a timeout also kills whatever it started.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdin_text = "",
                          std::chrono::milliseconds timeout = kHangGuard,
                          const std::vector<std::string>& extra_env = {});

}  // namespace mongoscan::testing_support
