#include "checks/framework_coverage.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "checks/policy.h"
#include "checks/registry.h"

namespace mongoscan {
namespace framework_coverage_test {
namespace {

constexpr Framework kAssessed[] = {Framework::cis, Framework::stig, Framework::checklist};

bool cited(Framework framework, std::string_view control) {
  for (const CheckSpec& spec : check_catalogue()) {
    for (const ControlReference& reference : spec.references) {
      if (reference.framework == framework && reference.id == control) return true;
    }
  }
  return false;
}

// The notes are held to the catalogue: each names a control of the table, once; a control set
// apart as not remotely observable is cited by no check (else a check claims what cannot be
// seen); a partial or full note sits on a control some check cites (else it is not covered).
TEST(FrameworkCoverage, EveryNoteFitsTheCatalogue) {
  std::set<std::pair<Framework, std::string>> seen;
  for (const CoverageNote& note : coverage_notes()) {
    const std::string control(note.control);
    EXPECT_NE(find_control(note.framework, note.control), nullptr) << control;
    EXPECT_TRUE(seen.insert({note.framework, control}).second) << control << " noted twice";
    EXPECT_FALSE(note.text.empty() && note.judged_when.empty()) << control;
    if (note.level == CoverageLevel::not_observable) {
      EXPECT_FALSE(note.text.empty()) << control;
      EXPECT_TRUE(note.judged_when.empty()) << control << ": nothing of it is judged";
      EXPECT_FALSE(cited(note.framework, note.control))
          << control << " is noted not remotely observable, yet a check cites it";
    } else {
      EXPECT_TRUE(note.level == CoverageLevel::partial || note.level == CoverageLevel::full)
          << control;
      EXPECT_TRUE(cited(note.framework, note.control))
          << control << " is noted " << to_string(note.level) << ", yet no check cites it";
    }
  }
}

// A STIG row judged only under a policy switch names one the stig preset turns on, so that
// `--policy stig` judges every part the coverage counts.
TEST(FrameworkCoverage, TheStigPresetTurnsOnEverySwitchTheStigRowsName) {
  const Policy stig = stig_policy();
  const Policy defaults;
  const std::map<std::string, bool> differs = {
      {"identity.x509_clients", stig.identity.x509_clients != defaults.identity.x509_clients},
      {"identity.organisation_authentication",
       stig.identity.organisation_authentication != defaults.identity.organisation_authentication},
      {"audit_authorization_success",
       stig.audit_authorization_success != defaults.audit_authorization_success},
      {"encryption_cipher_modes", stig.encryption_cipher_modes != defaults.encryption_cipher_modes},
      {"stig_literal", stig.stig_literal != defaults.stig_literal}};
  for (const ControlCoverageRow& row :
       framework_coverage(Framework::stig, check_catalogue()).rows) {
    const std::string_view when = row.judged_when;
    if (!when.starts_with("the policy's ")) continue;
    const auto key_start = std::string_view("the policy's ").size();
    const std::string key(when.substr(key_start, when.find(' ', key_start) - key_start));
    ASSERT_TRUE(differs.contains(key)) << row.control.id << " names " << key;
    EXPECT_TRUE(differs.at(key)) << key << " is not turned on by the stig preset";
  }
}

// Each row lists the checks citing its control; counts and percentages follow the rows.
TEST(FrameworkCoverage, RowsFollowTheCitingChecks) {
  for (const Framework framework : kAssessed) {
    const FrameworkCoverage coverage = framework_coverage(framework, check_catalogue());
    EXPECT_EQ(coverage.rows.size(), framework_controls(framework).size());
    std::size_t observable = 0, full = 0, partial = 0;
    for (const ControlCoverageRow& row : coverage.rows) {
      EXPECT_EQ(row.checks.empty(), !cited(framework, row.control.id)) << row.control.id;
      observable += row.level != CoverageLevel::not_observable;
      full += row.level == CoverageLevel::full;
      partial += row.level == CoverageLevel::partial;
      if (row.level == CoverageLevel::not_covered) {
        EXPECT_TRUE(row.note.empty()) << row.control.id;
      }
      if (row.level == CoverageLevel::partial || row.level == CoverageLevel::not_observable) {
        EXPECT_FALSE(row.note.empty()) << row.control.id;
      }
    }
    EXPECT_EQ(coverage.observable, observable);
    EXPECT_EQ(coverage.full, full);
    EXPECT_EQ(coverage.partial, partial);
    EXPECT_EQ(coverage.full_percent(), static_cast<int>(full * 100 / observable));
  }
}

// A catalogue of one check: a control it cites is full (V-252138), or full with the part outside
// the remote view (V-252146: the host's FIPS mode) or the policy switch a part needs (V-252139),
// or partial where a note names an observable part left unjudged (V-252159); every other
// observable control is not covered; percentages round down.
TEST(FrameworkCoverage, AControlIsFullPartialOrNotCoveredByItsCitations) {
  std::vector<ControlReference> references;
  for (const char* id : {"V-252138", "V-252146", "V-252139", "V-252159"}) {
    const FrameworkControl* control = find_control(Framework::stig, id);
    ASSERT_NE(control, nullptr) << id;
    references.push_back({Framework::stig, id, std::string(control->title)});
  }
  const CheckSpec spec{"TEST-001",     "a check",  Layer::hardening,
                       Severity::high, references, "fix it"};
  const FrameworkCoverage coverage = framework_coverage(Framework::stig, {spec});
  std::size_t not_observable = 0;
  for (const ControlCoverageRow& row : coverage.rows) {
    if (row.control.id == "V-252138") {
      EXPECT_EQ(row.level, CoverageLevel::full);
      EXPECT_TRUE(row.note.empty());
      EXPECT_EQ(row.checks, std::vector<std::string>{"TEST-001"});
    } else if (row.control.id == "V-252146") {
      EXPECT_EQ(row.level, CoverageLevel::full);
      EXPECT_NE(row.note.find("operating system"), std::string_view::npos) << row.note;
    } else if (row.control.id == "V-252139") {
      // Full with the stig preset, which turns the switch on; partial on default settings.
      EXPECT_EQ(row.level, CoverageLevel::full);
      EXPECT_EQ(row.default_level, CoverageLevel::partial);
      EXPECT_TRUE(row.note.empty());
      EXPECT_NE(row.judged_when.find("identity.x509_clients"), std::string_view::npos);
    } else if (row.control.id == "V-252159") {
      EXPECT_EQ(row.level, CoverageLevel::partial);
      EXPECT_NE(row.note.find("admin.system.version"), std::string_view::npos) << row.note;
    } else if (row.level == CoverageLevel::not_observable) {
      ++not_observable;
    } else {
      EXPECT_EQ(row.level, CoverageLevel::not_covered) << row.control.id;
    }
  }
  EXPECT_EQ(coverage.full, 3u);
  EXPECT_EQ(coverage.partial, 1u);
  EXPECT_EQ(coverage.default_full, 2u);
  EXPECT_EQ(coverage.default_partial, 2u);
  EXPECT_EQ(coverage.default_full_percent(), static_cast<int>(200 / coverage.observable));
  EXPECT_EQ(coverage.observable, framework_controls(Framework::stig).size() - not_observable);
  EXPECT_EQ(coverage.full_percent(), static_cast<int>(300 / coverage.observable));
  EXPECT_EQ(coverage.covered_percent(), static_cast<int>(400 / coverage.observable));
  EXPECT_EQ(framework_coverage(Framework::stig, {}).full_percent(), 0);
}

// Issue 39 item 2: a row full only under a scan option (V-252181: --data-model) is partial in
// both figures, since no preset turns an option on; a framework without a preset has one figure;
// on default settings no row is fuller than with the preset.
TEST(FrameworkCoverage, DefaultSettingsAndThePresetAreTwoFigures) {
  for (const Framework framework : kAssessed) {
    const FrameworkCoverage coverage = framework_coverage(framework, check_catalogue());
    EXPECT_LE(coverage.default_full, coverage.full) << to_string(framework);
    for (const ControlCoverageRow& row : coverage.rows) {
      if (framework_preset(framework).empty()) {
        EXPECT_EQ(row.level, row.default_level) << row.control.id;
        EXPECT_TRUE(row.judged_when.empty()) << row.control.id << ": a switch without a preset";
      }
      if (row.level == CoverageLevel::full && !row.judged_when.empty()) {
        EXPECT_EQ(row.default_level, CoverageLevel::partial) << row.control.id;
      }
    }
  }
  for (const ControlCoverageRow& row :
       framework_coverage(Framework::stig, check_catalogue()).rows) {
    if (row.control.id != "V-252181") continue;
    EXPECT_EQ(row.level, CoverageLevel::partial);
    EXPECT_EQ(row.default_level, CoverageLevel::partial);
    EXPECT_NE(row.judged_when.find("--data-model"), std::string_view::npos);
  }
}

}  // namespace
}  // namespace framework_coverage_test
}  // namespace mongoscan
