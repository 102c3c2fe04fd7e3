#include "reports/history/run_listing_text.h"

#include <algorithm>

namespace mongoscan {

std::string run_listing_text(const std::vector<RunListing>& runs) {
  if (runs.empty()) return "no runs\n";
  std::size_t width = 0;
  for (const RunListing& run : runs) {
    for (const HistoryEnvironment& environment : run.environments) {
      width = std::max(width, environment.name.size());
    }
  }
  std::string text;
  for (const RunListing& run : runs) {
    text += run.started_at + "  mongoscan " + run.tool_version + "  run " + std::to_string(run.id) +
            "\n";
    for (const HistoryEnvironment& environment : run.environments) {
      std::string line =
          "  " + environment.name + std::string(width - environment.name.size(), ' ');
      line += "  " + environment.verdict + ": " + std::to_string(environment.counts.fail) +
              " fail, " + std::to_string(environment.counts.warn) + " warn, " +
              std::to_string(environment.counts.pass) + " pass";
      if (!environment.error.empty()) line += " (" + environment.error + ")";
      text += line + "\n";
    }
  }
  return text;
}

}  // namespace mongoscan
