#pragma once
// What --framework shows: one framework's controls, or for "stig" a section per STIG edition the
// report's nodes are scored against (checks/stig_editions.h), each counting its own nodes'
// findings.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/control_reference.h"
#include "reports/control_coverage.h"
#include "reports/report.h"

namespace mongoscan {

// The framework --framework names; for "stig", the edition of each node's version.
struct FrameworkChoice {
  Framework framework;
  bool stig_by_node_version = false;

  bool operator==(const FrameworkChoice&) const = default;
};

// "stig" chooses the edition by version; a name parse_framework knows ("stig-4", "stig-7", "cis")
// fixes one; nullopt for any other name.
std::optional<FrameworkChoice> parse_framework_choice(std::string_view name);

struct ControlsSection {
  Framework framework;
  // By version: the nodes scored against this edition, "host:port (version)", and why a node is
  // not scored against its own version's edition. Findings about other subjects (files, strings,
  // cloud resources) and about nodes of unknown version count in every section.
  std::vector<std::string> nodes;
  std::vector<std::string> notes;
  std::vector<ControlCoverage> controls;
};

// One section for a fixed framework. By version: a section per edition a node's version chooses,
// the 4.x first; a report without a node of known version gets the 7.x edition, the newest
// transcribed whole, with a note saying so.
std::vector<ControlsSection> controls_sections(const Report& report, const FrameworkChoice& choice,
                                               const std::vector<CheckSpec>& catalogue);

}  // namespace mongoscan
