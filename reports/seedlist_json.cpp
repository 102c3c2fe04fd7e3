#include "reports/seedlist_json.h"

#include "reports/parsed_uri.h"

namespace mongoscan {

nlohmann::json seedlist_json(const SeedlistDiscovery& discovery) {
  using nlohmann::json;
  if (const auto error = discovery.error()) {
    return {{"seeds", json::array()}, {"options", json::object()}, {"error", error->message}};
  }
  json seeds = json::array();
  for (const HostAddress& host : discovery.uri.hosts) seeds.push_back(host.address());
  json options = json::object();
  for (const auto& [key, option] : discovery.uri.options)
    options[key] = option_value_json(option.value, false);
  return {{"seeds", seeds}, {"options", options}, {"error", nullptr}};
}

}  // namespace mongoscan
