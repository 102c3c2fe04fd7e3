#include "reports/controls_sections.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "checks/registry.h"

namespace mongoscan {
namespace controls_sections_test {
namespace {

// HARD-001 judges 4.x V-252143 and 7.x V-265915 (security.javascriptEnabled).
ReportedFinding hard_001(Subject subject, Status status) {
  ReportedFinding reported;
  reported.spec = *find_check("HARD-001");
  reported.finding = {"HARD-001", status, reported.spec->severity, std::move(subject), "m", {}};
  return reported;
}

TargetSummary target(std::vector<NodeSummary> nodes) {
  TargetSummary summary;
  summary.uri = "mongodb://seed";
  summary.nodes = std::move(nodes);
  return summary;
}

NodeSummary node(std::string address, std::string version) {
  NodeSummary summary;
  summary.address = std::move(address);
  summary.version = std::move(version);
  return summary;
}

ControlResult result_of(const ControlsSection& section, std::string_view id) {
  const auto found = std::find_if(section.controls.begin(), section.controls.end(),
                                  [&](const ControlCoverage& control) { return control.id == id; });
  EXPECT_NE(found, section.controls.end()) << id;
  return found == section.controls.end() ? ControlResult::not_assessed : found->result;
}

TEST(ControlsSections, AFixedFrameworkIsOneSectionOfEveryFinding) {
  Report report;
  report.targets.push_back(target({node("a:1", "6.0.14")}));
  report.findings = {hard_001(Subject::node("a:1"), Status::fail)};
  const auto sections =
      controls_sections(report, *parse_framework_choice("stig-7"), check_catalogue());
  ASSERT_EQ(sections.size(), 1u);
  EXPECT_EQ(sections[0].framework, Framework::stig7);
  EXPECT_TRUE(sections[0].nodes.empty());
  EXPECT_EQ(result_of(sections[0], "V-265915"), ControlResult::fail);
  EXPECT_EQ(parse_framework_choice("stig-4"), (FrameworkChoice{Framework::stig, false}));
  EXPECT_EQ(parse_framework_choice("stig"), (FrameworkChoice{Framework::stig, true}));
  EXPECT_EQ(parse_framework_choice("stig-8"), std::nullopt);
}

// By version: a 6.0 node's findings count in the 4.x section only, a 7.0 node's in the 7.x one; a
// file's finding, and a node's of unknown version, count in both; an 8.0 node joins the 7.x
// section with a note.
TEST(ControlsSections, ByVersionEachEditionCountsItsOwnNodes) {
  Report report;
  report.targets.push_back(target({node("old:1", "6.0.14"), node("new:1", "7.0.48"),
                                   node("newest:1", "8.0.37"), node("down:1", "")}));
  report.findings = {hard_001(Subject::node("old:1"), Status::fail),
                     hard_001(Subject::node("new:1"), Status::pass),
                     hard_001(Subject::node("newest:1"), Status::pass)};
  const FrameworkChoice by_version = *parse_framework_choice("stig");
  auto sections = controls_sections(report, by_version, check_catalogue());
  ASSERT_EQ(sections.size(), 2u);
  EXPECT_EQ(sections[0].framework, Framework::stig);
  EXPECT_EQ(sections[0].nodes, std::vector<std::string>{"old:1 (6.0.14)"});
  EXPECT_EQ(result_of(sections[0], "V-252143"), ControlResult::fail);
  EXPECT_EQ(sections[1].framework, Framework::stig7);
  EXPECT_EQ(sections[1].nodes, (std::vector<std::string>{"new:1 (7.0.48)", "newest:1 (8.0.37)"}));
  ASSERT_EQ(sections[1].notes.size(), 1u);
  EXPECT_EQ(sections[1].notes[0].rfind("newest:1: the 8.x STIG", 0), 0u) << sections[1].notes[0];
  EXPECT_EQ(result_of(sections[1], "V-265915"), ControlResult::pass);

  report.findings.push_back(hard_001(Subject::file("mongod.conf", 3, 1), Status::warn));
  sections = controls_sections(report, by_version, check_catalogue());
  EXPECT_EQ(result_of(sections[1], "V-265915"), ControlResult::fail);
  report.findings.held().back() = hard_001(Subject::node("down:1"), Status::error);
  sections = controls_sections(report, by_version, check_catalogue());
  EXPECT_EQ(result_of(sections[0], "V-252143"), ControlResult::fail);
  EXPECT_EQ(result_of(sections[1], "V-265915"), ControlResult::error);
}

TEST(ControlsSections, WithoutANodeOfKnownVersionTheNewestWholeEditionSaysWhy) {
  Report report;
  report.findings = {hard_001(Subject::file("mongod.conf", 3, 1), Status::fail)};
  const auto sections =
      controls_sections(report, *parse_framework_choice("stig"), check_catalogue());
  ASSERT_EQ(sections.size(), 1u);
  EXPECT_EQ(sections[0].framework, Framework::stig7);
  ASSERT_EQ(sections[0].notes.size(), 1u);
  EXPECT_NE(sections[0].notes[0].find("no node's version is known"), std::string::npos);
  EXPECT_EQ(result_of(sections[0], "V-265915"), ControlResult::fail);
}

}  // namespace
}  // namespace controls_sections_test
}  // namespace mongoscan
