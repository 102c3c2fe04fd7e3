#include "checks/framework_coverage.h"

#include <algorithm>

#include "checks/text_list.h"

namespace mongoscan {
namespace {

int percent(std::size_t part, std::size_t whole) {
  return whole == 0 ? 0 : static_cast<int>(part * 100 / whole);
}

// The reviewed parts as `checks` covers them: a part's checks only those among them, and a part
// none of them judges turned unjudged.
std::vector<ReviewedPart> parts_judged_by(const ControlReview& review,
                                          const std::vector<std::string>& checks) {
  std::vector<ReviewedPart> parts;
  for (ReviewedPart part : review.parts) {
    if (!part.checks.empty()) {
      std::erase_if(part.checks, [&](const std::string& id) {
        return std::find(checks.begin(), checks.end(), id) == checks.end();
      });
      if (part.checks.empty()) {
        part.unjudged = "no check of this catalogue judges it";
        part.judged_when.clear();
        part.beyond_preset = false;
      }
    }
    parts.push_back(std::move(part));
  }
  return parts;
}

void judge_row(ControlCoverageRow& row, Framework framework) {
  if (row.parts.empty()) {
    if (row.checks.empty()) return;
    row.level = row.default_level = CoverageLevel::partial;
    row.note = "not reviewed part by part against the control's text";
    return;
  }
  std::vector<std::string> outside, unjudged, when;
  bool judged = false, beyond_preset = false;
  for (const ReviewedPart& part : row.parts) {
    if (!part.outside.empty()) outside.push_back(part.text + ": " + part.outside);
    if (!part.unjudged.empty()) unjudged.push_back(part.text + ": " + part.unjudged);
    if (part.checks.empty()) continue;
    judged = true;
    if (part.judged_when.empty()) continue;
    when.push_back(part.judged_when);
    beyond_preset |= part.beyond_preset;
  }
  if (!judged && unjudged.empty()) {
    row.level = row.default_level = CoverageLevel::not_observable;
    row.note = join(outside, "; ");
    return;
  }
  row.judged_when = join(when, "; ");
  if (!judged && row.checks.empty()) return;  // not covered: no check judges a part
  if (!unjudged.empty()) {
    row.level = row.default_level = CoverageLevel::partial;
    row.note = join(unjudged, "; ");
    return;
  }
  row.note = join(outside, "; ");
  row.level = row.default_level = CoverageLevel::full;
  // A part judged only under a switch: not on default settings; with the preset only when the
  // preset turns it on (a scan option or the site's own list it never does).
  if (when.empty()) return;
  row.default_level = CoverageLevel::partial;
  if (beyond_preset || framework_preset(framework).empty()) row.level = CoverageLevel::partial;
  if (row.level == CoverageLevel::partial)
    row.note = "a part is judged only when " + row.judged_when;
}

}  // namespace

std::string_view to_string(CoverageLevel level) {
  switch (level) {
    case CoverageLevel::full:
      return "full";
    case CoverageLevel::partial:
      return "partial";
    case CoverageLevel::not_covered:
      return "not covered";
    case CoverageLevel::not_observable:
      break;
  }
  return "not remotely observable";
}

int FrameworkCoverage::full_percent() const { return percent(full, observable); }

int FrameworkCoverage::covered_percent() const { return percent(full + partial, observable); }

int FrameworkCoverage::default_full_percent() const { return percent(default_full, observable); }

int FrameworkCoverage::default_covered_percent() const {
  return percent(default_full + default_partial, observable);
}

std::string_view framework_preset(Framework framework) {
  return framework == Framework::stig || framework == Framework::stig7 ? "stig" : "";
}

FrameworkCoverage framework_coverage(Framework framework, const std::vector<CheckSpec>& catalogue,
                                     const CoverageReview& review) {
  FrameworkCoverage coverage{framework, {}};
  for (const FrameworkControl& control : framework_controls(framework)) {
    ControlCoverageRow row{control, {}, {}, CoverageLevel::not_covered, CoverageLevel::not_covered,
                           {},      {}};
    for (const CheckSpec& spec : catalogue) {
      if (cites(spec, framework, control.id)) row.checks.push_back(spec.id);
    }
    if (const ControlReview* reviewed = review.find(framework, control.id))
      row.parts = parts_judged_by(*reviewed, row.checks);
    judge_row(row, framework);
    if (row.level != CoverageLevel::not_observable) ++coverage.observable;
    if (row.level == CoverageLevel::full) ++coverage.full;
    if (row.level == CoverageLevel::partial) ++coverage.partial;
    if (row.default_level == CoverageLevel::full) ++coverage.default_full;
    if (row.default_level == CoverageLevel::partial) ++coverage.default_partial;
    coverage.rows.push_back(std::move(row));
  }
  return coverage;
}

}  // namespace mongoscan
