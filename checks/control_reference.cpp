#include "checks/control_reference.h"

#include <array>

namespace mongoscan {
namespace {

constexpr std::array kFrameworks = {Framework::cis,     Framework::stig,    Framework::checklist,
                                    Framework::devspec, Framework::prowler, Framework::stig7};

}  // namespace

std::string_view to_string(Framework framework) {
  switch (framework) {
    case Framework::cis:
      return "cis";
    case Framework::stig:
      return "stig";
    case Framework::checklist:
      return "checklist";
    case Framework::devspec:
      return "devspec";
    case Framework::prowler:
      return "prowler";
    case Framework::stig7:
      return "stig-7";
  }
  return "cis";
}

std::optional<Framework> parse_framework(std::string_view name) {
  if (name == "stig-4") return Framework::stig;
  for (const Framework framework : kFrameworks) {
    if (to_string(framework) == name) return framework;
  }
  return std::nullopt;
}

std::string_view framework_label(Framework framework) {
  switch (framework) {
    case Framework::cis:
      return "CIS MongoDB 7 and 8 Benchmark";
    case Framework::stig:
      return "DISA MongoDB Enterprise Advanced 4.x STIG";
    case Framework::checklist:
      return "MongoDB Security Checklist";
    case Framework::devspec:
      return "Development specification";
    case Framework::prowler:
      return "Prowler MongoDB Atlas checks";
    case Framework::stig7:
      return "DISA MongoDB Enterprise Advanced 7.x STIG";
  }
  return "";
}

std::string reference_text(const ControlReference& reference) {
  return std::string(framework_label(reference.framework)) + " " + reference.id + ": " +
         reference.title;
}

std::vector<std::string> reference_texts(const std::vector<ControlReference>& references) {
  std::vector<std::string> texts;
  texts.reserve(references.size());
  for (const ControlReference& reference : references) texts.push_back(reference_text(reference));
  return texts;
}

std::optional<ControlReference> parse_reference_text(std::string_view text) {
  for (const Framework framework : kFrameworks) {
    const std::string prefix = std::string(framework_label(framework)) + " ";
    if (!text.starts_with(prefix)) continue;
    const std::string_view rest = text.substr(prefix.size());
    const std::size_t colon = rest.find(": ");
    if (colon == 0 || colon == std::string_view::npos) return std::nullopt;
    const std::string_view id = rest.substr(0, colon);
    if (id.find(' ') != std::string_view::npos) return std::nullopt;
    const std::string_view title = rest.substr(colon + 2);
    if (title.empty()) return std::nullopt;
    return ControlReference{framework, std::string(id), std::string(title)};
  }
  return std::nullopt;
}

}  // namespace mongoscan
