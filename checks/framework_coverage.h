#pragma once
// How far the check catalogue covers a framework (`mongoscan checks --coverage`): every control of
// the framework's table with the checks that cite it, judged full, partial or not covered, or set
// apart as not remotely observable (what read-only commands and scanned files cannot see), from
// the review of each control's parts (checks/data/coverage-review.json).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/control_catalogue.h"
#include "checks/coverage_review.h"

namespace mongoscan {

enum class CoverageLevel { full, partial, not_covered, not_observable };

// "full", "partial", "not covered" or "not remotely observable".
std::string_view to_string(CoverageLevel level);

struct ControlCoverageRow {
  FrameworkControl control;
  std::vector<std::string> checks;  // the checks citing the control, in catalogue order
  // The control's reviewed parts (checks/coverage_review.h); a part's checks only those of the
  // catalogue citing the control, and a part none of them judges turned unjudged. Empty: the
  // control was not reviewed part by part, so a cited control is partial.
  std::vector<ReviewedPart> parts;
  // With the framework's preset (framework_preset): a part judged only under a policy switch the
  // preset turns on counts; a part judged only under a scan option (--data-model) or the site's
  // own list (approved CAs) does not.
  CoverageLevel level;
  // On default settings: a part judged only under a policy switch or scan option is not judged.
  CoverageLevel default_level;
  // full: the parts outside the remote view, if any; partial: the observable parts no check
  // judges; not_observable: why; each part's text joined
  std::string note;
  // full or partial: the policy switches or scan options under which parts are judged, if any:
  // what turns the row full
  std::string judged_when;
};

// The preset that turns on every policy switch the framework's rows name ("stig" for both STIG
// editions);
// empty for a framework whose rows name none, whose figures on default settings are its figures.
std::string_view framework_preset(Framework framework);

struct FrameworkCoverage {
  Framework framework;
  std::vector<ControlCoverageRow> rows;  // the framework's table, in its order
  std::size_t observable = 0;            // rows not set apart as not remotely observable
  std::size_t full = 0;                  // with the framework's preset
  std::size_t partial = 0;
  std::size_t default_full = 0;  // on default settings
  std::size_t default_partial = 0;

  // Whole percentages of the observable controls, rounded down: never more than is covered.
  int full_percent() const;
  int covered_percent() const;  // full or partial
  int default_full_percent() const;
  int default_covered_percent() const;
};

// Each row's level follows its reviewed parts (checks/coverage_review.h): not remotely
// observable when every part is outside the remote view; full when every part is judged by a
// check of `catalogue` citing the control or is outside the view; partial when a part is not
// judged, or when the control is cited but was not reviewed; not covered when no check cites it.
FrameworkCoverage framework_coverage(Framework framework, const std::vector<CheckSpec>& catalogue,
                                     const CoverageReview& review = coverage_review().value());

}  // namespace mongoscan
