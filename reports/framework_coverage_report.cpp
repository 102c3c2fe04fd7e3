#include "reports/framework_coverage_report.h"

#include <string_view>

#include "checks/text_list.h"
#include "reports/text/text_table.h"

namespace mongoscan {
namespace {

constexpr std::size_t kControlTitleWidth = 90;

// One reviewed part: "judged by AUTHN-002: …", "outside the remote view: …: why" or
// "not judged: …: what".
std::string part_line(const ReviewedPart& part) {
  if (!part.checks.empty()) {
    return "judged by " + join(part.checks, " ") + ": " + part.text +
           (part.judged_when.empty() ? "" : " (when " + part.judged_when + ")");
  }
  if (!part.outside.empty()) return "outside the remote view: " + part.text + ": " + part.outside;
  return "not judged: " + part.text + ": " + part.unjudged;
}

nlohmann::ordered_json part_json(const ReviewedPart& part) {
  nlohmann::ordered_json entry = {{"part", part.text}};
  if (!part.checks.empty()) entry["checks"] = part.checks;
  if (!part.outside.empty()) entry["outside"] = part.outside;
  if (!part.unjudged.empty()) entry["unjudged"] = part.unjudged;
  if (!part.judged_when.empty()) entry["judged_when"] = part.judged_when;
  return entry;
}

// Where the review read the framework's texts, and when.
std::string coverage_review_source(const FrameworkCoverage& coverage) {
  const auto& review = coverage_review();
  if (!review) return "the compiled-in review is unusable: " + review.error().message;
  for (const auto& [framework, texts] : review.value().texts) {
    if (framework == coverage.framework)
      return "reviewed " + review.value().reviewed + "; " + texts;
  }
  return "no review of this framework";
}

}  // namespace

std::string coverage_summary(const FrameworkCoverage& coverage) {
  const std::string name(to_string(coverage.framework));
  const std::string_view preset = framework_preset(coverage.framework);
  if (preset.empty()) {
    return name + ": " + std::to_string(coverage.full_percent()) + "% full, " +
           std::to_string(coverage.covered_percent()) + "% full or partial (" +
           std::to_string(coverage.full) + " of " + std::to_string(coverage.observable) +
           " remotely observable controls)";
  }
  return name + ": on default settings " + std::to_string(coverage.default_full_percent()) +
         "% full, " + std::to_string(coverage.default_covered_percent()) + "% full or partial (" +
         std::to_string(coverage.default_full) + " of " + std::to_string(coverage.observable) +
         "); with --policy " + std::string(preset) + " " + std::to_string(coverage.full_percent()) +
         "% full, " + std::to_string(coverage.covered_percent()) + "% full or partial (" +
         std::to_string(coverage.full) + " of " + std::to_string(coverage.observable) +
         " remotely observable controls)";
}

void write_coverage_table(const FrameworkCoverage& coverage, std::ostream& out) {
  const FrameworkSource& source = framework_source(coverage.framework);
  out << framework_label(coverage.framework) << ": " << source.document << " (list of "
      << source.retrieved << ")\nEach control's text is reviewed part by part ("
      << coverage_review_source(coverage)
      << "): full: a check judges every part the deployment shows (whether access is needed, the "
         "policy's administrators and workloads say), the rest is outside the remote view; "
         "partial: a part the deployment shows is not judged, or the control was not reviewed; "
         "not remotely observable: only the host or the organisation can show it. Under each "
         "control, its parts, and the policy switch or scan option a part needs as \"full "
         "when\"\n\n";
  // With a preset, the row's coverage on default settings beside its coverage with the preset.
  const std::string_view preset = framework_preset(coverage.framework);
  std::vector<TextTable::Column> columns = {{"CONTROL"}};
  if (!preset.empty()) columns.push_back({"DEFAULT"});
  columns.push_back(
      {preset.empty() ? std::string("COVERAGE") : "WITH --policy " + std::string(preset)});
  columns.insert(columns.end(), {{"CHECKS"}, {"TITLE", kControlTitleWidth, 0, true}});
  TextTable table(std::move(columns));
  table.set_detail_columns({{"", kControlTitleWidth + 20, 0, true}}, "    ");
  for (const ControlCoverageRow& row : coverage.rows) {
    std::vector<TextCell> cells = {{std::string(row.control.id)}};
    if (!preset.empty()) cells.push_back({std::string(to_string(row.default_level))});
    cells.insert(cells.end(), {{std::string(to_string(row.level))},
                               {row.checks.empty() ? "-" : join(row.checks, " ")},
                               {std::string(row.control.title)}});
    table.add_row(std::move(cells));
    for (const ReviewedPart& part : row.parts) table.add_detail({{part_line(part)}});
    if (row.parts.empty() && !row.note.empty())
      table.add_detail({{std::string(to_string(row.level)) + ": " + row.note}});
    if (!row.judged_when.empty()) table.add_detail({{"full when: " + row.judged_when}});
  }
  table.write(out, false);
  out << '\n' << coverage_summary(coverage) << '\n';
}

nlohmann::ordered_json coverage_json(const FrameworkCoverage& coverage) {
  const FrameworkSource& source = framework_source(coverage.framework);
  nlohmann::ordered_json controls = nlohmann::ordered_json::array();
  for (const ControlCoverageRow& row : coverage.rows) {
    nlohmann::ordered_json control = {{"id", row.control.id},
                                      {"title", row.control.title},
                                      {"coverage", to_string(row.level)},
                                      {"default_coverage", to_string(row.default_level)},
                                      {"checks", row.checks}};
    if (!row.note.empty()) control["note"] = row.note;
    if (!row.judged_when.empty()) control["judged_when"] = row.judged_when;
    nlohmann::ordered_json parts = nlohmann::ordered_json::array();
    for (const ReviewedPart& part : row.parts) parts.push_back(part_json(part));
    control["parts"] = std::move(parts);
    controls.push_back(std::move(control));
  }
  return {{"framework", to_string(coverage.framework)},
          {"document", source.document},
          {"source", source.source},
          {"retrieved", source.retrieved},
          {"controls", std::move(controls)},
          {"remotely_observable", coverage.observable},
          {"full", coverage.full},
          {"partial", coverage.partial},
          {"full_percent", coverage.full_percent()},
          {"full_or_partial_percent", coverage.covered_percent()},
          {"preset", framework_preset(coverage.framework)},
          {"default_full", coverage.default_full},
          {"default_partial", coverage.default_partial},
          {"default_full_percent", coverage.default_full_percent()},
          {"default_full_or_partial_percent", coverage.default_covered_percent()},
          {"summary", coverage_summary(coverage)}};
}

}  // namespace mongoscan
