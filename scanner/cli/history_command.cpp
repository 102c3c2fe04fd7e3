#include "scanner/cli/history_command.h"

#include "reports/history/history_store.h"
#include "reports/history/run_listing_text.h"

namespace mongoscan {

int run_history(const std::string& path, const std::optional<std::string>& environment,
                const CliStreams& streams) {
  auto history = HistoryStore::open(path, false);
  if (!history) {
    streams.err << "mongoscan: error: " << history.error().message << "\n";
    return kExitUsage;
  }
  auto runs = history.value().runs(environment);
  if (!runs) {
    streams.err << "mongoscan: error: " << runs.error().message << "\n";
    return kExitUsage;
  }
  streams.out << run_listing_text(runs.value());
  return kExitOk;
}

}  // namespace mongoscan
