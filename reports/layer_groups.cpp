#include "reports/layer_groups.h"

#include <algorithm>

namespace mongoscan {

std::vector<LayerGroup> group_by_layer(const Report& report) {
  std::vector<LayerGroup> groups;
  for (const ReportedFinding& reported : report.findings) {
    const Layer layer = reported.spec.layer;
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const LayerGroup& g) { return g.layer == layer; });
    if (group == groups.end()) group = groups.insert(groups.end(), LayerGroup{layer, {}});
    group->findings.push_back(&reported);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const LayerGroup& a, const LayerGroup& b) { return a.layer < b.layer; });
  return groups;
}

std::string_view layer_title(Layer layer) {
  switch (layer) {
    case Layer::discovery:
      return "Discovery";
    case Layer::network:
      return "Network exposure";
    case Layer::authentication:
      return "Authentication";
    case Layer::authorization:
      return "Authorization";
    case Layer::transport:
      return "Transport security (TLS)";
    case Layer::hardening:
      return "Server hardening";
    case Layer::versions:
      return "Versions";
    case Layer::connection_string:
      return "Connection strings";
    case Layer::credentials:
      return "Credentials in files";
    case Layer::data_model:
      return "Data model";
  }
  return "Other";
}

}  // namespace mongoscan
