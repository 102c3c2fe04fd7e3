#pragma once
// The declaration of a check: one place that feeds the catalogue command, the reports and SARIF.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/control_reference.h"

namespace mongoscan {

enum class Severity { info, low, medium, high, critical };
std::string_view to_string(Severity severity);
std::optional<Severity> parse_severity(std::string_view text);

// The self-check table's groups, in the order reports show them.
enum class Layer {
  discovery,
  network,
  authentication,
  authorization,
  transport,
  hardening,
  versions,
  connection_string,
  credentials,
  data_model
};
std::string_view to_string(Layer layer);

struct CheckSpec {
  std::string id;  // stable, e.g. "CONN-001"
  std::string title;
  Layer layer;
  Severity severity;                         // default; a policy may override it
  std::vector<ControlReference> references;  // controls of checks/control_catalogue.h
  std::string remediation;                   // one sentence
  // What the check judges and why, in Markdown: the checks reference (docs/checks.md) shows it.
  std::string description = {};
};

// Whether the check cites control `id` of the framework.
bool cites(const CheckSpec& spec, Framework framework, std::string_view id);

// The references of check `id` in `specs`, then `more`: a check that judges on another surface
// what `id` judges (an Atlas cluster's setting, a node's) cites what `id` cites. Throws
// std::logic_error when `specs` has no such check (a catalogue wired wrong).
std::vector<ControlReference> references_of(const std::vector<CheckSpec>& specs,
                                            std::string_view id,
                                            std::vector<ControlReference> more = {});

}  // namespace mongoscan
