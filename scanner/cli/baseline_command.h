#pragma once
// `mongoscan baseline show FILE`: what a baseline (scan --write-baseline) accepts.

#include <string>

#include "scanner/cli/cli.h"

namespace mongoscan {

// Lists the baseline on stdout and returns kExitOk; one line on stderr naming the file and
// kExitUsage when it cannot be read or is no baseline.
int run_baseline_show(const std::string& path, const CliStreams& streams);

}  // namespace mongoscan
