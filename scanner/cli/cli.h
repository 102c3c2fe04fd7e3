#pragma once
// The mongoscan command line: scan, checks, parse-uri, resolve, convert, verify, history,
// version. The composition root that joins scanner (facts), checks (judgement) and reports
// (rendering).

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace mongoscan {

// Exit codes, documented in docs/guide/exit-codes.md.
enum ExitCode : int {
  kExitOk = 0,              // nothing at or above --fail-on failed
  kExitFindingsFailed = 1,  // a finding failed at or above --fail-on
  kExitNotVerified = 1,     // verify: the evidence bundle differs from its manifest or signature
  kExitUsage = 2,           // bad arguments or input (URI, policy file, URI file)
  kExitScanFailed = 3,  // the scan could not run or be kept (a report or the history not written)
  kExitIncomplete = 4,  // nothing failed, but some part could not be scanned (ScanCoverage)
};

// A command's failure: the exit code and one line for stderr (empty when the exit code says all).
struct CommandError {
  int exit_code;
  std::string message;
};

struct CliStreams {
  std::ostream& out;
  std::ostream& err;
  // Whether stdout takes colour when the command line does not say (--color auto): a terminal
  // without NO_COLOR, or FORCE_COLOR (should_use_color).
  bool out_is_color_terminal = false;
  bool err_is_terminal = false;  // stderr is a TTY: progress may be shown there
  std::size_t out_width = 0;     // stdout's console width; 0 when unknown
  std::istream* in = nullptr;    // what `--files-from -` reads; nullptr: nothing
};

// Runs one command line (args exclude the program name). Never throws; every error is one line on
// err, and no secret from the arguments or input files is ever written to out or err.
int run_cli(const std::vector<std::string>& args, CliStreams streams);

}  // namespace mongoscan
