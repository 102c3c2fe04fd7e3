#pragma once
// How far the check catalogue covers a framework (`mongoscan checks --coverage`): every control of
// the framework's table with the checks that cite it, judged full, partial or not covered, or set
// apart as not remotely observable (what read-only commands and scanned files cannot see). The
// notes that say which controls are partial or not observable, and why, are data here.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/control_catalogue.h"

namespace mongoscan {

enum class CoverageLevel { full, partial, not_covered, not_observable };

// "full", "partial", "not covered" or "not remotely observable".
std::string_view to_string(CoverageLevel level);

struct ControlCoverageRow {
  FrameworkControl control;
  std::vector<std::string> checks;  // the checks citing the control, in catalogue order
  // With the framework's preset (framework_preset): a part judged only under a policy switch the
  // preset turns on counts; a part judged only under a scan option (--data-model) or the site's
  // own list (approved CAs) does not.
  CoverageLevel level;
  // On default settings: a part judged only under a policy switch or scan option is not judged.
  CoverageLevel default_level;
  // full: the part outside the remote view, if any; partial: the observable part no check judges;
  // not_observable: why
  std::string_view note;
  // full or partial: the policy switch or scan option under which a part is judged, if any: what
  // turns the row full
  std::string_view judged_when;
};

// The preset that turns on every policy switch the framework's rows name ("stig" for the STIG);
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

// A control cited by no check is not covered; cited, it is full unless a note says partial.
// A note saying not_observable wins over citations (the catalogue's tests forbid both).
FrameworkCoverage framework_coverage(Framework framework, const std::vector<CheckSpec>& catalogue);

// A note on one control: why it is not remotely observable, what observable part its checks leave
// unjudged (partial), or what part of a fully covered control only the host or organisation shows;
// and for a covered control, under which policy switch or scan option a part is judged.
struct CoverageNote {
  Framework framework;
  std::string_view control;
  CoverageLevel level;  // full, partial or not_observable
  std::string_view text;
  // full or partial: a part is judged only under this policy switch or scan option
  std::string_view judged_when = {};
  // judged_when names a scan option (--data-model) or the site's own list (its approved CAs),
  // which no preset can supply
  bool beyond_preset = false;
};

// Every note, for tests that hold them to the catalogue.
std::vector<CoverageNote> coverage_notes();

}  // namespace mongoscan
