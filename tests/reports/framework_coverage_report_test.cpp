#include "reports/framework_coverage_report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "checks/registry.h"

namespace mongoscan {
namespace framework_coverage_report_test {
namespace {

std::string table_of(const FrameworkCoverage& coverage) {
  std::ostringstream out;
  write_coverage_table(coverage, out);
  return out.str();
}

TEST(FrameworkCoverageReport, TheTableListsEveryControlAndEndsWithThePercentages) {
  const FrameworkCoverage coverage = framework_coverage(Framework::stig, check_catalogue());
  const std::string table = table_of(coverage);
  for (const ControlCoverageRow& row : coverage.rows) {
    EXPECT_NE(table.find("\n" + std::string(row.control.id) + " "), std::string::npos)
        << row.control.id;
    // Each reviewed part under its control, saying how it is judged.
    for (const ReviewedPart& part : row.parts) {
      const std::string line = !part.checks.empty() ? "judged by " + part.checks.front()
                               : !part.outside.empty()
                                   ? "outside the remote view: " + part.text.substr(0, 20)
                                   : "not judged: " + part.text.substr(0, 20);
      EXPECT_NE(table.find(line), std::string::npos) << row.control.id << ": " << line;
    }
    if (!row.judged_when.empty()) {
      EXPECT_NE(table.find("full when: " + row.judged_when.substr(0, 30)), std::string::npos)
          << row.control.id;
    }
  }
  const std::string last_line = "\n" + coverage_summary(coverage) + "\n";
  EXPECT_TRUE(table.ends_with(last_line)) << table;
}

TEST(FrameworkCoverageReport, TheSummaryGivesPercentagesOfTheObservableControls) {
  FrameworkCoverage coverage{Framework::cis, {}};
  coverage.observable = 37;
  coverage.full = 28;
  coverage.partial = 6;
  EXPECT_EQ(coverage_summary(coverage),
            "cis: 75% full, 91% full or partial (28 of 37 remotely observable controls)");
  // The STIG has a preset: default settings first, then the preset.
  coverage.framework = Framework::stig;
  coverage.default_full = 20;
  coverage.default_partial = 14;
  EXPECT_EQ(coverage_summary(coverage),
            "stig: on default settings 54% full, 91% full or partial (20 of 37); with --policy "
            "stig 75% full, 91% full or partial (28 of 37 remotely observable controls)");
}

TEST(FrameworkCoverageReport, JsonCarriesEveryControlAndTheCounts) {
  const FrameworkCoverage coverage = framework_coverage(Framework::checklist, check_catalogue());
  const nlohmann::ordered_json json = coverage_json(coverage);
  EXPECT_EQ(json["framework"], "checklist");
  ASSERT_EQ(json["controls"].size(), coverage.rows.size());
  EXPECT_EQ(json["controls"][0]["id"], coverage.rows[0].control.id);
  EXPECT_EQ(json["controls"][0]["coverage"], to_string(coverage.rows[0].level));
  EXPECT_EQ(json["remotely_observable"], coverage.observable);
  EXPECT_EQ(json["full_percent"], coverage.full_percent());
  EXPECT_EQ(json["full_or_partial_percent"], coverage.covered_percent());
  EXPECT_EQ(json["summary"], coverage_summary(coverage));
  EXPECT_FALSE(json["retrieved"].get<std::string>().empty());
  const nlohmann::ordered_json stig =
      coverage_json(framework_coverage(Framework::stig, check_catalogue()));
  const auto conditioned =
      std::find_if(stig["controls"].begin(), stig["controls"].end(),
                   [](const auto& control) { return control["id"] == "V-252134"; });
  ASSERT_NE(conditioned, stig["controls"].end());
  EXPECT_NE((*conditioned)["judged_when"].get<std::string>().find("audit_authorization_success"),
            std::string::npos);
  // Its reviewed parts, each with how it is judged.
  ASSERT_FALSE((*conditioned)["parts"].empty());
  for (const auto& part : (*conditioned)["parts"]) {
    EXPECT_FALSE(part["part"].get<std::string>().empty());
    EXPECT_EQ(part.contains("checks") + part.contains("outside") + part.contains("unjudged"), 1)
        << part.dump();
  }
}

// The guide's Reports chapter shows each framework's percentages as the command prints them today.
TEST(FrameworkCoverageReport, TheGuideShowsTodaysPercentages) {
  std::ifstream file(std::string(MONGOSCAN_SOURCE_DIR) + "/docs/guide/reports.md");
  std::ostringstream readme;
  readme << file.rdbuf();
  ASSERT_FALSE(readme.str().empty());
  for (const Framework framework :
       {Framework::cis, Framework::stig, Framework::stig7, Framework::checklist}) {
    const std::string line =
        "\n" + coverage_summary(framework_coverage(framework, check_catalogue())) + "\n";
    EXPECT_NE(readme.str().find(line), std::string::npos) << "docs/guide/reports.md lacks" << line;
  }
}

}  // namespace
}  // namespace framework_coverage_report_test
}  // namespace mongoscan
