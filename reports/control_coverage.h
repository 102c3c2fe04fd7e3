#pragma once
// A report seen through one framework's controls (--framework): each control of the table, the
// checks that cite it and what they found in this run; controls no check cites are the gaps.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/control_reference.h"
#include "reports/report.h"

namespace mongoscan {

// fail: a citing check failed or warned (suppressed or not); error: none did, one erred; pass:
// none of those, one passed; not_run: the citing checks have no result but skipped in this run;
// not_assessed: no check cites the control.
enum class ControlResult { fail, error, pass, not_run, not_assessed };

// "fail", "error", "pass", "not run" or "not assessed".
std::string_view to_string(ControlResult result);

struct CoveringCheck {
  std::string id;
  ControlResult result;  // this check's results alone (never not_assessed)
};

struct ControlCoverage {
  std::string id;
  std::string title;
  std::vector<CoveringCheck> checks;  // in catalogue order, then the report's other checks
  ControlResult result;
};

// Every control of the framework's table in its order, then any other control of the framework
// that a check cites (a report of another build). The citing checks are those of `catalogue`, then
// those of the report's findings that `catalogue` lacks: a check of both cites what `catalogue`
// says. The findings about a node of `left_out_nodes` ("host:port") do not count.
std::vector<ControlCoverage> control_coverage(const Report& report, Framework framework,
                                              const std::vector<CheckSpec>& catalogue,
                                              const std::set<std::string>& left_out_nodes = {});

}  // namespace mongoscan
