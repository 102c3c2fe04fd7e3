#include "reports/control_coverage.h"

#include <algorithm>
#include <map>

#include "checks/control_catalogue.h"

namespace mongoscan {
namespace {

// The result of a set of findings, by the order ControlResult documents.
ControlResult coverage_result(const std::vector<const Finding*>& findings) {
  const auto any = [&](auto predicate) {
    return std::any_of(findings.begin(), findings.end(),
                       [&](const Finding* finding) { return predicate(finding->status); });
  };
  if (any([](Status s) { return s == Status::fail || s == Status::warn; })) {
    return ControlResult::fail;
  }
  if (any([](Status s) { return s == Status::error; })) return ControlResult::error;
  if (any([](Status s) { return s == Status::pass; })) return ControlResult::pass;
  return ControlResult::not_run;
}

// The checks that cite some control: the catalogue's, then those only the report knows.
std::vector<const CheckSpec*> citing_specs(const Report& report,
                                           const std::vector<CheckSpec>& catalogue) {
  std::vector<const CheckSpec*> specs;
  const auto known = [&](const std::string& id) {
    return std::any_of(specs.begin(), specs.end(),
                       [&](const CheckSpec* spec) { return spec->id == id; });
  };
  for (const CheckSpec& spec : catalogue) specs.push_back(&spec);
  for (const ReportedFinding& reported : report.findings) {
    if (!known(reported.spec->id)) specs.push_back(reported.spec.get());
  }
  return specs;
}

}  // namespace

std::string_view to_string(ControlResult result) {
  switch (result) {
    case ControlResult::fail:
      return "fail";
    case ControlResult::error:
      return "error";
    case ControlResult::pass:
      return "pass";
    case ControlResult::not_run:
      return "not run";
    case ControlResult::not_assessed:
      break;
  }
  return "not assessed";
}

std::vector<ControlCoverage> control_coverage(const Report& report, Framework framework,
                                              const std::vector<CheckSpec>& catalogue,
                                              const std::set<std::string>& left_out_nodes) {
  std::vector<ControlCoverage> controls;
  for (const FrameworkControl& control : framework_controls(framework)) {
    controls.push_back({std::string(control.id), std::string(control.title), {}, {}});
  }
  const std::vector<const CheckSpec*> specs = citing_specs(report, catalogue);
  for (const CheckSpec* spec : specs) {
    for (const ControlReference& reference : spec->references) {
      if (reference.framework != framework) continue;
      const bool listed = std::any_of(controls.begin(), controls.end(), [&](const auto& control) {
        return control.id == reference.id;
      });
      if (!listed) controls.push_back({reference.id, reference.title, {}, {}});
    }
  }

  std::map<std::string, std::vector<const Finding*>> findings_by_check;
  for (const ReportedFinding& reported : report.findings.in_memory()) {
    const Subject& subject = reported.finding.subject;
    if (subject.kind == Subject::Kind::node && left_out_nodes.contains(subject.name)) continue;
    findings_by_check[reported.finding.check_id].push_back(&reported.finding);
  }
  for (ControlCoverage& control : controls) {
    std::vector<const Finding*> findings;
    for (const CheckSpec* spec : specs) {
      if (!cites(*spec, framework, control.id)) continue;
      const std::vector<const Finding*>& own = findings_by_check[spec->id];
      control.checks.push_back({spec->id, coverage_result(own)});
      findings.insert(findings.end(), own.begin(), own.end());
    }
    control.result =
        control.checks.empty() ? ControlResult::not_assessed : coverage_result(findings);
  }
  return controls;
}

}  // namespace mongoscan
