#pragma once
// `mongoscan checks --coverage FRAMEWORK`: the framework's controls with the checks that cover
// them, as a console table that ends with the framework's percentages, or as JSON.

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "checks/framework_coverage.h"

namespace mongoscan {

// "cis: 90% full, 95% full or partial (19 of 21 remotely observable controls)": the percentages of
// the remotely observable controls, and how many of them are fully covered; for a framework with a
// preset (the STIG) on default settings, then with the preset.
std::string coverage_summary(const FrameworkCoverage& coverage);

// The framework's document, then a row per control (control, coverage on default settings and
// with the preset where there is one, checks, title) with the note of a partial or not observable
// one and what turns it full under it, then coverage_summary.
void write_coverage_table(const FrameworkCoverage& coverage, std::ostream& out);

// {framework, document, source, retrieved, controls: [{id, title, coverage, checks, note?}],
//  remotely_observable, full, partial, full_percent, full_or_partial_percent, preset, and the
//  default_ counterparts, summary}.
nlohmann::ordered_json coverage_json(const FrameworkCoverage& coverage);

}  // namespace mongoscan
