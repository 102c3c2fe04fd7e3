#include "checks/infrastructure/port_exposure.h"

#include <algorithm>

#include "checks/infrastructure/source_range.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {

bool carries_tcp(const std::string& protocol) {
  const std::string lower = to_lower_ascii(protocol);
  return lower.empty() || lower == "tcp" || lower == "6" || lower == "-1" || lower == "all" ||
         lower == "*" || lower == "any";
}

std::vector<std::string> mongodb_ports_reached(const std::vector<PortRange>& ports,
                                               const ExposureRules& rules) {
  auto text = [](int first, int last) {
    return first == last ? std::to_string(first)
                         : std::to_string(first) + "-" + std::to_string(last);
  };
  std::vector<std::string> reached;
  for (const auto& [first, last] : rules.ports) {
    if (ports.empty()) {
      reached.push_back(text(first, last));
      continue;
    }
    for (const PortRange& range : ports) {
      const int low = std::max<int>(first, range.first);
      const int high = std::min<int>(last, range.last);
      if (low <= high) reached.push_back(text(low, high));
    }
  }
  return reached;
}

namespace {

// "27017" or "27017-27019".
std::string range_text(const PortRange& range) {
  return range.first == range.last ? std::to_string(range.first)
                                   : std::to_string(range.first) + "-" + std::to_string(range.last);
}

}  // namespace

nlohmann::json ports_json(const std::vector<PortRange>& ports) {
  if (ports.empty()) return "all";
  nlohmann::json list = nlohmann::json::array();
  for (const PortRange& range : ports) list.push_back(range_text(range));
  return list;
}

std::string ports_text(const std::vector<PortRange>& ports) {
  if (ports.empty()) return "all";
  std::string text;
  for (const PortRange& range : ports) text += (text.empty() ? "" : ", ") + range_text(range);
  return text;
}

PublicSources public_sources(const std::vector<std::string>& sources, const ExposureRules& rules) {
  PublicSources found;
  for (const std::string& source : sources) {
    const SourceRange range = classify_source(source);
    const int widest = range.ipv6 ? rules.widest_public_prefix_v6 : rules.widest_public_prefix_v4;
    if (range.reach == SourceReach::anywhere) {
      found.anywhere.push_back(source);
    } else if (range.reach == SourceReach::public_range && range.prefix < widest &&
               !within_any(source, rules.allowed_sources)) {
      found.wide.push_back(source);
    }
  }
  return found;
}

}  // namespace mongoscan
