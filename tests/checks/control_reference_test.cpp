#include "checks/control_reference.h"

#include <gtest/gtest.h>

#include "checks/control_catalogue.h"

namespace mongoscan {
namespace control_reference_test {
namespace {

TEST(Framework, NamesRoundTrip) {
  for (const Framework framework : {Framework::cis, Framework::stig, Framework::checklist,
                                    Framework::devspec, Framework::prowler, Framework::stig7}) {
    EXPECT_EQ(parse_framework(to_string(framework)), framework);
  }
  EXPECT_EQ(parse_framework("stig-4"), Framework::stig);
  EXPECT_EQ(parse_framework("stig-8"), std::nullopt);
  EXPECT_EQ(parse_framework("CIS"), std::nullopt);
  EXPECT_EQ(parse_framework(""), std::nullopt);
}

TEST(ReferenceText, LabelIdAndTitle) {
  EXPECT_EQ(reference_text({Framework::cis, "4.3", "Ensure TLS"}),
            "CIS MongoDB 7 and 8 Benchmark 4.3: Ensure TLS");
  EXPECT_EQ(reference_text({Framework::devspec, "A3.6", "Transport: SSL/TLS"}),
            "Development specification A3.6: Transport: SSL/TLS");
  EXPECT_EQ(reference_text({Framework::prowler, "organizations_mfa_required",
                            "Ensure organization requires MFA"}),
            "Prowler MongoDB Atlas checks organizations_mfa_required: Ensure organization "
            "requires MFA");
}

TEST(ReferenceText, EveryControlOfTheTableParsesBack) {
  for (const Framework framework : {Framework::cis, Framework::stig, Framework::checklist,
                                    Framework::devspec, Framework::prowler, Framework::stig7}) {
    for (const FrameworkControl& control : framework_controls(framework)) {
      const ControlReference reference{framework, std::string(control.id),
                                       std::string(control.title)};
      EXPECT_EQ(parse_reference_text(reference_text(reference)), reference) << control.id;
    }
  }
}

TEST(ReferenceText, OtherTextIsNoReference) {
  EXPECT_EQ(parse_reference_text("CIS MongoDB 8 Benchmark 7.1: Ensure TLS"), std::nullopt);
  EXPECT_EQ(parse_reference_text("MongoDB Security Checklist: audit"), std::nullopt);
  EXPECT_EQ(parse_reference_text("MongoDB Security Checklist audit:"), std::nullopt);
  EXPECT_EQ(parse_reference_text("MongoDB Security Checklist a b: title"), std::nullopt);
  EXPECT_EQ(parse_reference_text(""), std::nullopt);
}

TEST(ReferenceTexts, KeepTheOrder) {
  EXPECT_EQ(reference_texts({{Framework::cis, "1.1", "a"}, {Framework::stig, "V-1", "b"}}),
            (std::vector<std::string>{"CIS MongoDB 7 and 8 Benchmark 1.1: a",
                                      "DISA MongoDB Enterprise Advanced 4.x STIG V-1: b"}));
}

}  // namespace
}  // namespace control_reference_test
}  // namespace mongoscan
