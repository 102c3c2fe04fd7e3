#pragma once
// The self-check table's groups: a report's findings by layer, in Layer order.

#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "reports/report.h"

namespace mongoscan {

struct LayerGroup {
  Layer layer;
  std::vector<const ReportedFinding*> findings;  // in report order; points into the Report
};

// One group per layer that has findings, in the order Layer declares them.
std::vector<LayerGroup> group_by_layer(const Report& report);

// The heading a report shows for a layer, e.g. "Connection strings".
std::string_view layer_title(Layer layer);

}  // namespace mongoscan
