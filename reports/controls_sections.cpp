#include "reports/controls_sections.h"

#include <map>
#include <set>

#include "checks/stig_editions.h"

namespace mongoscan {
namespace {

struct EditionNodes {
  std::vector<std::string> nodes;  // "host:port (version)"
  std::vector<std::string> notes;
};

}  // namespace

std::optional<FrameworkChoice> parse_framework_choice(std::string_view name) {
  if (name == "stig") return FrameworkChoice{Framework::stig, true};
  const std::optional<Framework> framework = parse_framework(name);
  if (!framework) return std::nullopt;
  return FrameworkChoice{*framework, false};
}

std::vector<ControlsSection> controls_sections(const Report& report, const FrameworkChoice& choice,
                                               const std::vector<CheckSpec>& catalogue) {
  if (!choice.stig_by_node_version) {
    return {{choice.framework, {}, {}, control_coverage(report, choice.framework, catalogue)}};
  }
  // Framework::stig (4.x) orders before Framework::stig7.
  std::map<Framework, EditionNodes> editions;
  std::map<std::string, Framework> edition_of_node;  // every name of a node of known version
  for (const TargetSummary& target : report.targets) {
    for (const NodeSummary& node : target.nodes) {
      const std::optional<StigEdition> edition = stig_edition_for_version(node.version);
      if (!edition) continue;
      EditionNodes& scored = editions[edition->framework];
      scored.nodes.push_back(node.address + " (" + node.version + ")");
      if (!edition->note.empty()) scored.notes.push_back(node.address + ": " + edition->note);
      edition_of_node[node.address] = edition->framework;
      for (const std::string& alias : node.aliases) edition_of_node[alias] = edition->framework;
    }
  }
  if (editions.empty()) {
    editions[Framework::stig7].notes.push_back(
        "no node's version is known: the 7.x edition, the newest transcribed whole");
  }
  std::vector<ControlsSection> sections;
  for (auto& [framework, scored] : editions) {
    std::set<std::string> other_editions_nodes;
    for (const auto& [name, edition] : edition_of_node) {
      if (edition != framework) other_editions_nodes.insert(name);
    }
    sections.push_back({framework, std::move(scored.nodes), std::move(scored.notes),
                        control_coverage(report, framework, catalogue, other_editions_nodes)});
  }
  return sections;
}

}  // namespace mongoscan
