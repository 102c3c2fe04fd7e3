#pragma once
// An environment's trend (reports/history/environment_trend) as an inline SVG chart: a stacked bar
// per run of its unsuppressed fails by severity, critical at the bottom. No script and no external
// asset; every colour is an attribute, so that it prints as it shows.

#include <string>
#include <vector>

#include "reports/report.h"

namespace mongoscan {

// The chart, an <svg> element for HTML. Each bar has a <title> with the run's date and counts; a
// run in which the environment was not scanned is a hatched bar titled "not scanned", never a
// zero. `id` names the chart's element and prefixes its pattern's, unique within the page. Empty
// for an empty trend.
std::string trend_svg(const std::vector<TrendPoint>& trend, const std::string& id);

}  // namespace mongoscan
