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

constexpr Framework kAssessed[] = {Framework::cis, Framework::stig, Framework::checklist,
                                   Framework::stig7};

bool cites(const std::string& check, Framework framework, std::string_view control) {
  for (const CheckSpec& spec : check_catalogue()) {
    if (spec.id != check) continue;
    for (const ControlReference& reference : spec.references) {
      if (reference.framework == framework && reference.id == control) return true;
    }
  }
  return false;
}

bool cited(Framework framework, std::string_view control) {
  for (const CheckSpec& spec : check_catalogue()) {
    for (const ControlReference& reference : spec.references) {
      if (reference.framework == framework && reference.id == control) return true;
    }
  }
  return false;
}

// Issue 39 item 1: every control of the assessed frameworks is reviewed part by part, and the
// review is held to the catalogue: a part's checks cite the control, every check citing the control
// judges one of its parts, and a control whose every part is outside the remote view is cited by
// no check (else a check claims what cannot be seen).
TEST(FrameworkCoverage, EveryControlIsReviewedAndTheReviewFitsTheCatalogue) {
  const auto& review = coverage_review();
  ASSERT_TRUE(review.ok()) << review.error().message;
  for (const ControlReview& control : review.value().controls) {
    EXPECT_NE(find_control(control.framework, control.id), nullptr) << control.id;
    bool only_outside = true;
    for (const ReviewedPart& part : control.parts) {
      only_outside &= !part.outside.empty();
      for (const std::string& check : part.checks) {
        EXPECT_TRUE(cites(check, control.framework, control.id))
            << control.id << " names " << check << ", which does not cite it";
      }
    }
    if (only_outside) {
      EXPECT_FALSE(cited(control.framework, control.id))
          << control.id << " is outside the remote view, yet a check cites it";
    }
  }
  for (const Framework framework : kAssessed) {
    for (const FrameworkControl& control : framework_controls(framework)) {
      const ControlReview* reviewed = review.value().find(framework, control.id);
      EXPECT_NE(reviewed, nullptr) << to_string(framework) << " " << control.id << " not reviewed";
      if (reviewed == nullptr) continue;
      for (const CheckSpec& spec : check_catalogue()) {
        if (!cites(spec.id, framework, control.id)) continue;
        const bool named = std::any_of(
            reviewed->parts.begin(), reviewed->parts.end(), [&](const ReviewedPart& part) {
              return std::find(part.checks.begin(), part.checks.end(), spec.id) !=
                     part.checks.end();
            });
        EXPECT_TRUE(named) << spec.id << " cites " << control.id << " but judges none of its parts";
      }
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
    for (const ReviewedPart& part : row.parts) {
      const std::string_view when = part.judged_when;
      if (when.empty() || part.beyond_preset) continue;
      ASSERT_TRUE(when.starts_with("the policy's ")) << row.control.id << ": " << when;
      const auto key_start = std::string_view("the policy's ").size();
      const std::string key(when.substr(key_start, when.find(' ', key_start) - key_start));
      ASSERT_TRUE(differs.contains(key)) << row.control.id << " names " << key;
      EXPECT_TRUE(differs.at(key)) << key << " is not turned on by the stig preset";
    }
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

// A row is full only through its reviewed parts: without the review every cited control is
// partial (and none full); without the one check that judges a part, that part is unjudged and the
// row partial, naming why; percentages round down.
TEST(FrameworkCoverage, AControlIsFullOnlyWhenEveryReviewedPartIsJudged) {
  const FrameworkCoverage unreviewed =
      framework_coverage(Framework::stig, check_catalogue(), CoverageReview{});
  EXPECT_EQ(unreviewed.full, 0u);
  for (const ControlCoverageRow& row : unreviewed.rows) {
    EXPECT_EQ(row.level, row.checks.empty() ? CoverageLevel::not_covered : CoverageLevel::partial)
        << row.control.id;
    if (!row.checks.empty()) {
      EXPECT_NE(row.note.find("not reviewed"), std::string::npos) << row.control.id;
    }
  }
  const FrameworkCoverage whole = framework_coverage(Framework::stig, check_catalogue());
  const auto row_of = [](const FrameworkCoverage& coverage, std::string_view id) {
    return *std::find_if(coverage.rows.begin(), coverage.rows.end(),
                         [&](const ControlCoverageRow& row) { return row.control.id == id; });
  };
  // V-252169: redactClientLogData (HARD-004) and getLog held by application users (AUTHZ-009).
  ASSERT_EQ(row_of(whole, "V-252169").level, CoverageLevel::full);
  std::vector<CheckSpec> without_log_readers;
  for (const CheckSpec& spec : check_catalogue())
    if (spec.id != "AUTHZ-009") without_log_readers.push_back(spec);
  const FrameworkCoverage lacking = framework_coverage(Framework::stig, without_log_readers);
  const ControlCoverageRow errors = row_of(lacking, "V-252169");
  EXPECT_EQ(errors.level, CoverageLevel::partial);
  EXPECT_NE(errors.note.find("no check of this catalogue judges it"), std::string::npos)
      << errors.note;
  EXPECT_EQ(lacking.full + 1, whole.full);
  EXPECT_EQ(whole.full_percent(), static_cast<int>(whole.full * 100 / whole.observable));
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
        EXPECT_EQ(row.level, row.default_level)
            << row.control.id << ": no preset turns a switch on";
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
    EXPECT_NE(row.judged_when.find("--data-model"), std::string::npos);
  }
}

}  // namespace
}  // namespace framework_coverage_test
}  // namespace mongoscan
