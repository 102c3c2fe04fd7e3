#include "scanner/cli/baseline_command.h"

#include "checks/baseline.h"
#include "reports/baseline_listing.h"
#include "scanner/posix/input_file.h"

namespace mongoscan {

int run_baseline_show(const std::string& path, const CliStreams& streams) {
  const InputRead read = read_input_file(path, kBaselineInput);
  if (!read) {
    streams.err << "mongoscan: error: baseline show " << path << ": " << read.refused << "\n";
    return kExitUsage;
  }
  const Result<Baseline> baseline = parse_baseline(read.text);
  if (!baseline) {
    streams.err << "mongoscan: error: baseline show " << path << ": " << baseline.error().message
                << "\n";
    return kExitUsage;
  }
  write_baseline_listing(baseline.value(), path, streams.out);
  return kExitOk;
}

}  // namespace mongoscan
