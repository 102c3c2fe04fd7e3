#include "checks/stig_editions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "checks/control_catalogue.h"
#include "checks/registry.h"

namespace mongoscan {
namespace stig_editions_test {
namespace {

bool catalogue_cites(std::string_view check, Framework framework, std::string_view id) {
  const CheckSpec* spec = find_check(check);
  return spec != nullptr && std::any_of(spec->references.begin(), spec->references.end(),
                                        [&](const ControlReference& reference) {
                                          return reference.framework == framework &&
                                                 reference.id == id;
                                        });
}

std::set<std::string> citing(Framework framework, std::string_view id) {
  std::set<std::string> checks;
  for (const CheckSpec& spec : check_catalogue()) {
    if (catalogue_cites(spec.id, framework, id)) checks.insert(spec.id);
  }
  return checks;
}

// Every rule of the 7.x table once, in the document's order, each counterpart a 4.x rule.
TEST(StigEditions, TheRulesAreThe7xTableAndTheirCounterpartsAre4xRules) {
  const std::vector<FrameworkControl> table = framework_controls(Framework::stig7);
  ASSERT_EQ(stig7_rules().size(), table.size());
  ASSERT_EQ(table.size(), framework_source(Framework::stig7).total_controls);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Stig7Rule& rule = stig7_rules()[i];
    EXPECT_EQ(rule.id, table[i].id);
    if (!rule.counterpart.empty()) {
      EXPECT_NE(find_control(Framework::stig, rule.counterpart), nullptr) << rule.id;
    }
    EXPECT_FALSE(rule.same_check_text && rule.counterpart.empty()) << rule.id;
    for (const std::string_view check : rule.also_checks) {
      EXPECT_NE(find_check(check), nullptr) << rule.id << " names " << check;
    }
  }
}

// A rule whose check text is its counterpart's is cited by exactly the checks citing the
// counterpart, plus those it names; one whose text changed is cited only by the checks it names.
TEST(StigEditions, TheCatalogueCarriesThe4xCitationsWhereTheCheckTextIsTheSame) {
  for (const Stig7Rule& rule : stig7_rules()) {
    std::set<std::string> expected(rule.also_checks.begin(), rule.also_checks.end());
    if (rule.same_check_text) {
      const std::set<std::string> counterpart = citing(Framework::stig, rule.counterpart);
      expected.insert(counterpart.begin(), counterpart.end());
    }
    EXPECT_EQ(citing(Framework::stig7, rule.id), expected) << rule.id;
  }
  // V-252156's 4.x text checks net.http (NET-004); the 7.x text checks javascriptEnabled.
  EXPECT_TRUE(catalogue_cites("NET-004", Framework::stig, "V-252156"));
  EXPECT_FALSE(catalogue_cites("NET-004", Framework::stig7, "V-265915"));
  EXPECT_TRUE(catalogue_cites("HARD-001", Framework::stig7, "V-265915"));
  EXPECT_TRUE(catalogue_cites("AUTHN-008", Framework::stig7, "V-265905"));
}

TEST(StigEditions, ANodeIsScoredAgainstTheEditionOfItsMajorVersion) {
  for (const char* version : {"4.4.29", "5.0.31", "6.0.14", "3.6.23"}) {
    ASSERT_TRUE(stig_edition_for_version(version)) << version;
    EXPECT_EQ(stig_edition_for_version(version)->framework, Framework::stig) << version;
    EXPECT_EQ(stig_edition_for_version(version)->note, "") << version;
  }
  ASSERT_TRUE(stig_edition_for_version("7.0.48"));
  EXPECT_EQ(stig_edition_for_version("7.0.48")->framework, Framework::stig7);
  EXPECT_EQ(stig_edition_for_version("7.0.48")->note, "");
  // No whole 8.x transcription, no 9.x STIG: the 7.x edition, saying so.
  for (const char* version : {"8.0.37", "9.0.7-ent"}) {
    ASSERT_TRUE(stig_edition_for_version(version)) << version;
    EXPECT_EQ(stig_edition_for_version(version)->framework, Framework::stig7) << version;
    EXPECT_NE(stig_edition_for_version(version)->note.find("7.x edition"), std::string::npos);
  }
  EXPECT_EQ(stig_edition_for_version(""), std::nullopt);
  EXPECT_EQ(stig_edition_for_version("unknown"), std::nullopt);
}

}  // namespace
}  // namespace stig_editions_test
}  // namespace mongoscan
