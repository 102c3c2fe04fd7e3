#include "checks/check_spec.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "scanner/text/ascii_case.h"

namespace mongoscan {

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::info:
      return "info";
    case Severity::low:
      return "low";
    case Severity::medium:
      return "medium";
    case Severity::high:
      return "high";
    case Severity::critical:
      return "critical";
  }
  return "unknown";
}

bool cites(const CheckSpec& spec, Framework framework, std::string_view id) {
  return std::any_of(spec.references.begin(), spec.references.end(),
                     [&](const ControlReference& reference) {
                       return reference.framework == framework && reference.id == id;
                     });
}

std::optional<Severity> parse_severity(std::string_view text) {
  for (const Severity severity :
       {Severity::info, Severity::low, Severity::medium, Severity::high, Severity::critical}) {
    if (equals_ignore_case(text, to_string(severity))) return severity;
  }
  return std::nullopt;
}

std::string_view to_string(Layer layer) {
  switch (layer) {
    case Layer::discovery:
      return "discovery";
    case Layer::network:
      return "network";
    case Layer::authentication:
      return "authentication";
    case Layer::authorization:
      return "authorization";
    case Layer::transport:
      return "transport";
    case Layer::hardening:
      return "hardening";
    case Layer::versions:
      return "versions";
    case Layer::connection_string:
      return "connection_string";
    case Layer::credentials:
      return "credentials";
    case Layer::data_model:
      return "data_model";
  }
  return "unknown";
}

std::vector<ControlReference> references_of(const std::vector<CheckSpec>& specs,
                                            std::string_view id,
                                            std::vector<ControlReference> more) {
  for (const CheckSpec& spec : specs) {
    if (spec.id != id) continue;
    std::vector<ControlReference> references = spec.references;
    references.insert(references.end(), std::make_move_iterator(more.begin()),
                      std::make_move_iterator(more.end()));
    return references;
  }
  throw std::logic_error("references_of: no check " + std::string(id));
}

}  // namespace mongoscan
