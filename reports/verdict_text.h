#pragma once
// The run's verdict at its gate in words: the same in the HTML report's banner and on the table
// report's last line.

#include <string>

#include "reports/report.h"

namespace mongoscan {

// "FAIL: 3 findings fail the gate" (and, when so, "; the scan is incomplete: ..."), "INCOMPLETE: no
// finding fails the gate, but the scan is incomplete: 1 node not scanned" or "PASS: no finding
// fails the gate".
std::string verdict_headline(const Report& report);

// The gate the run was judged at (gate_text), or that the report does not say.
std::string verdict_gate(const Report& report);

}  // namespace mongoscan
