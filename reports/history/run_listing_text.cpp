#include "reports/history/run_listing_text.h"

#include <algorithm>

#include "reports/text/console_text.h"

namespace mongoscan {

// Every stored text is printed through console_safe: a history is a file anyone may have edited,
// and a name holding a line break must not forge a line of its own.
std::string run_listing_text(const std::vector<RunListing>& runs) {
  if (runs.empty()) return "no runs\n";
  std::size_t width = 0;
  for (const RunListing& run : runs) {
    for (const HistoryEnvironment& environment : run.environments) {
      width = std::max(width, display_width(console_safe(environment.name)));
    }
  }
  std::string text;
  for (const RunListing& run : runs) {
    text += console_safe(run.started_at) + "  mongoscan " + console_safe(run.tool_version) +
            "  run " + std::to_string(run.id) + "\n";
    for (const HistoryEnvironment& environment : run.environments) {
      const std::string name = console_safe(environment.name);
      std::string line = "  " + name + std::string(width - display_width(name), ' ');
      line += "  " + console_safe(environment.verdict) + ": " +
              std::to_string(environment.counts.fail) + " fail, " +
              std::to_string(environment.counts.warn) + " warn, " +
              std::to_string(environment.counts.pass) + " pass";
      if (!environment.error.empty()) line += " (" + console_safe(environment.error) + ")";
      text += line + "\n";
    }
  }
  return text;
}

}  // namespace mongoscan
