#pragma once
// -v and -vv: what a scan is doing, on stderr, for whoever debugs a run. -v names the phases
// (targets, probing, data model, config scan, checks) with their times; -vv adds a line per node
// (how it was found, its role, each phase that failed). Every line is built from redacted
// connection strings and report summaries, which hold no secret.

#include <chrono>
#include <ostream>
#include <string_view>

#include "reports/report.h"

namespace mongoscan {

class Diagnostics {
 public:
  // `verbosity` 0 prints nothing, 1 phases, 2 phases and nodes.
  Diagnostics(std::ostream& err, int verbosity);

  bool shows(int level) const { return verbosity_ >= level; }
  // "mongoscan: [  1.234s] text" when `level` <= the verbosity.
  void note(int level, std::string_view text);
  // -vv: one node of a target, from its summary.
  void node(const NodeSummary& node);

 private:
  std::ostream& err_;
  int verbosity_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace mongoscan
