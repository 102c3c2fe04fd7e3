#include "checks/control_catalogue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "checks/registry.h"

namespace mongoscan {
namespace control_catalogue_test {
namespace {

constexpr Framework kFrameworks[] = {Framework::cis,     Framework::stig,    Framework::checklist,
                                     Framework::devspec, Framework::prowler, Framework::stig7};

bool cites(std::string_view check_id, Framework framework, std::string_view id) {
  const CheckSpec* spec = find_check(check_id);
  if (spec == nullptr) return false;
  return std::any_of(spec->references.begin(), spec->references.end(),
                     [&](const ControlReference& reference) {
                       return reference.framework == framework && reference.id == id;
                     });
}

// The pin: every reference of every check names a control of the table, with its title there.
TEST(ControlCatalogue, EveryCheckReferenceIsAControlOfTheTableWithItsTitle) {
  for (const CheckSpec& spec : check_catalogue()) {
    std::set<std::pair<Framework, std::string>> seen;
    for (const ControlReference& reference : spec.references) {
      const FrameworkControl* control = find_control(reference.framework, reference.id);
      ASSERT_NE(control, nullptr) << spec.id << " cites " << reference_text(reference);
      EXPECT_EQ(reference.title, control->title) << spec.id << " cites " << reference.id;
      EXPECT_TRUE(seen.insert({reference.framework, reference.id}).second)
          << spec.id << " cites " << reference.id << " twice";
    }
  }
}

// CIS MongoDB 7 and 8 number TLS, legacy TLS, encryption at rest, server-side scripting, the
// service account and role review 4.3, 4.1/4.2, 4.5, 6.3, 3.3 and 3.4/3.5; 7.x is file permissions.
TEST(ControlCatalogue, ChecksCiteTheCisSectionsOfVersions7And8) {
  EXPECT_TRUE(cites("TLS-001", Framework::cis, "4.3"));
  EXPECT_TRUE(cites("TLS-002", Framework::cis, "4.1"));
  EXPECT_TRUE(cites("TLS-002", Framework::cis, "4.2"));
  EXPECT_TRUE(cites("HARD-003", Framework::cis, "4.5"));
  EXPECT_TRUE(cites("HARD-001", Framework::cis, "6.3"));
  EXPECT_TRUE(cites("HARD-004", Framework::cis, "3.3"));
  EXPECT_TRUE(cites("AUTHZ-003", Framework::cis, "3.4"));
  EXPECT_TRUE(cites("AUTHZ-001", Framework::cis, "3.5"));
  EXPECT_EQ(find_control(Framework::cis, "7.1")->title,
            "Ensure appropriate key file permissions are set");
  EXPECT_EQ(find_control(Framework::cis, "7.2")->title,
            "Ensure appropriate database file permissions are set");
  EXPECT_EQ(find_control(Framework::cis, "7.3"), nullptr);
  EXPECT_EQ(find_control(Framework::cis, "7.4"), nullptr);
}

// The Atlas checks cite the Prowler checks they mirror.
TEST(ControlCatalogue, AtlasChecksCiteTheProwlerChecksTheyMirror) {
  EXPECT_TRUE(
      cites("ATLAS-001", Framework::prowler, "projects_network_access_list_exposed_to_internet"));
  EXPECT_TRUE(cites("ATLAS-007", Framework::prowler, "projects_auditing_enabled"));
  EXPECT_TRUE(cites("ATLAS-009", Framework::prowler, "organizations_mfa_required"));
  EXPECT_TRUE(
      cites("ATLAS-012", Framework::prowler, "organizations_service_account_secrets_expiration"));
  // And what their node equivalents cite.
  EXPECT_TRUE(cites("ATLAS-004", Framework::cis, "4.1"));
  EXPECT_TRUE(cites("ATLAS-005", Framework::cis, "6.3"));
  EXPECT_TRUE(cites("ATLAS-008", Framework::cis, "3.5"));
}

TEST(ControlCatalogue, IdsAreUniqueWithinAFramework) {
  for (const Framework framework : kFrameworks) {
    std::set<std::string_view> ids;
    for (const FrameworkControl& control : framework_controls(framework)) {
      EXPECT_TRUE(ids.insert(control.id).second) << to_string(framework) << " " << control.id;
      EXPECT_FALSE(control.title.empty()) << control.id;
    }
  }
}

TEST(ControlCatalogue, EachFrameworkSaysWhereItsListComesFromAndListsEveryControl) {
  for (const Framework framework : kFrameworks) {
    const FrameworkSource& source = framework_source(framework);
    EXPECT_EQ(source.framework, framework);
    EXPECT_FALSE(source.document.empty());
    EXPECT_FALSE(source.source.empty());
    EXPECT_EQ(source.retrieved.size(), 10u);
    // Every list is whole: a control missing from it would never show as not assessed.
    EXPECT_EQ(framework_controls(framework).size(), source.total_controls) << to_string(framework);
  }
}

TEST(ControlCatalogue, ControlsKeepTheDocumentsOrder) {
  const auto cis = framework_controls(Framework::cis);
  ASSERT_FALSE(cis.empty());
  EXPECT_EQ(cis.front().id, "1.1");
  EXPECT_EQ(cis.back().id, "7.2");
}

}  // namespace
}  // namespace control_catalogue_test
}  // namespace mongoscan
