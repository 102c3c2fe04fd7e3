#pragma once
// The SARIF 2.1.0 report (OASIS Static Analysis Results Interchange Format), for GitHub code
// scanning and other SARIF viewers: one run, the check catalogue as its rules, and a result for
// every finding that needs attention (fail, warn, error).

#include <ostream>
#include <vector>

#include "checks/check_spec.h"
#include "reports/report.h"

namespace mongoscan {

// Writes the report as a SARIF log whose rules are check_catalogue(): 2-space indent, a trailing
// newline, bytes that are not valid UTF-8 as U+FFFD.
void write_sarif_report(const Report& report, std::ostream& out);

// The same with the given catalogue as the rules (in its order); a check that a finding names and
// the catalogue lacks is added after them, with the finding's spec.
void write_sarif_report(const Report& report, const std::vector<CheckSpec>& catalogue,
                        std::ostream& out);

}  // namespace mongoscan
