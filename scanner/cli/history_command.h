#pragma once
// `mongoscan history PATH [--env NAME]`: the runs a history (scan --history) holds.

#include <optional>
#include <string>

#include "scanner/cli/cli.h"

namespace mongoscan {

// Lists the runs newest first on stdout (only `environment`'s, when given) and returns kExitOk;
// one line on stderr and kExitUsage when PATH is missing or no history.
int run_history(const std::string& path, const std::optional<std::string>& environment,
                const CliStreams& streams);

}  // namespace mongoscan
