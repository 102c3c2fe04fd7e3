// The reviewed parts of the framework controls: the compiled-in text is the repository's file and
// parses; shapes the coverage cannot use are refused naming the control and part.

#include "checks/coverage_review.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace mongoscan {
namespace coverage_review_test {
namespace {

using nlohmann::json;

TEST(CoverageReview, TheCompiledInTextIsTheFileInTheRepositoryAndParses) {
  std::ifstream file(std::string(MONGOSCAN_SOURCE_DIR) + "/checks/data/coverage-review.json");
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_EQ(text.str(), kCoverageReviewJson);
  const auto& review = coverage_review();
  ASSERT_TRUE(review.ok()) << review.error().message;
  for (const Framework framework :
       {Framework::cis, Framework::stig, Framework::checklist, Framework::stig7}) {
    const bool has_texts = std::any_of(
        review.value().texts.begin(), review.value().texts.end(),
        [&](const auto& entry) { return entry.first == framework && !entry.second.empty(); });
    EXPECT_TRUE(has_texts) << to_string(framework) << ": where its texts were read";
  }
}

json document_with(const json& part) {
  return {{"reviewed", "2026-11-30"},
          {"frameworks",
           {{{"framework", "stig"},
             {"texts", "t"},
             {"controls", {{{"id", "V-252146"}, {"parts", {part}}}}}}}}};
}

std::string parse_error(const json& document) {
  const auto parsed = parse_coverage_review(document.dump());
  return parsed ? "" : parsed.error().message;
}

TEST(CoverageReview, ReadsAPartOfEachKind) {
  json document = document_with({{"part", "FIPS mode"}, {"checks", {"TLS-005"}}});
  document["frameworks"][0]["controls"][0]["parts"].push_back(
      {{"part", "the OS"}, {"outside", "the host's setting"}});
  document["frameworks"][0]["controls"][0]["parts"].push_back({{"part", "x"},
                                                               {"checks", {"A-1"}},
                                                               {"judged_when", "--data-model"},
                                                               {"beyond_preset", true}});
  const auto parsed = parse_coverage_review(document.dump());
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  const ControlReview* control = parsed.value().find(Framework::stig, "V-252146");
  ASSERT_NE(control, nullptr);
  ASSERT_EQ(control->parts.size(), 3u);
  EXPECT_EQ(control->parts[0].checks, std::vector<std::string>{"TLS-005"});
  EXPECT_EQ(control->parts[1].outside, "the host's setting");
  EXPECT_TRUE(control->parts[2].beyond_preset);
  EXPECT_EQ(parsed.value().find(Framework::cis, "V-252146"), nullptr);
}

TEST(CoverageReview, RefusesShapesTheCoverageCannotUse) {
  EXPECT_NE(parse_error(json::array()), "");
  EXPECT_NE(parse_error(document_with({{"part", "p"}})).find("exactly one of"), std::string::npos);
  EXPECT_NE(parse_error(document_with({{"part", "p"}, {"checks", {"A"}}, {"outside", "o"}}))
                .find("exactly one of"),
            std::string::npos);
  EXPECT_NE(parse_error(document_with({{"part", "p"}, {"checks", json::array()}}))
                .find("at least one check"),
            std::string::npos);
  EXPECT_NE(parse_error(document_with({{"part", "p"}, {"outside", "o"}, {"judged_when", "w"}}))
                .find("'judged_when' needs 'checks'"),
            std::string::npos);
  EXPECT_NE(parse_error(document_with({{"part", "p"}, {"unjudged", "u"}, {"note", "n"}}))
                .find("unknown member 'note'"),
            std::string::npos);
  json twice = document_with({{"part", "p"}, {"unjudged", "u"}});
  twice["frameworks"][0]["controls"].push_back(twice["frameworks"][0]["controls"][0]);
  EXPECT_NE(parse_error(twice).find("V-252146: reviewed twice"), std::string::npos);
  json unknown = document_with({{"part", "p"}, {"unjudged", "u"}});
  unknown["frameworks"][0]["framework"] = "pci";
  EXPECT_NE(parse_error(unknown).find("unknown framework 'pci'"), std::string::npos);
}

// Issue 39 item 5: a 7.x rule with its 4.x counterpart's check text shares its parts, then adds
// its own; a same_as naming no control reviewed before it is refused.
TEST(CoverageReview, AControlTakesThePartsOfOneReviewedBeforeIt) {
  json document = document_with({{"part", "FIPS mode"}, {"checks", {"TLS-005"}}});
  document["frameworks"].push_back(
      {{"framework", "stig-7"},
       {"texts", "t"},
       {"controls",
        {{{"id", "V-265922"}, {"same_as", "stig V-252146"}},
         {{"id", "V-265945"},
          {"same_as", "stig V-252146"},
          {"parts", {{{"part", "classified"}, {"outside", "the data's classification"}}}}}}}});
  const auto parsed = parse_coverage_review(document.dump());
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  const ControlReview* same = parsed.value().find(Framework::stig7, "V-265922");
  ASSERT_NE(same, nullptr);
  ASSERT_EQ(same->parts.size(), 1u);
  EXPECT_EQ(same->parts[0].checks, std::vector<std::string>{"TLS-005"});
  const ControlReview* more = parsed.value().find(Framework::stig7, "V-265945");
  ASSERT_NE(more, nullptr);
  ASSERT_EQ(more->parts.size(), 2u);
  EXPECT_EQ(more->parts[1].outside, "the data's classification");

  document["frameworks"][1]["controls"][0]["same_as"] = "stig V-252147";
  EXPECT_NE(parse_error(document).find("stig-7 V-265922: 'same_as' names no control reviewed"),
            std::string::npos);
  document["frameworks"][1]["controls"][0]["same_as"] = "V-252146";
  EXPECT_NE(parse_error(document).find("'same_as' names no control"), std::string::npos);
}

}  // namespace
}  // namespace coverage_review_test
}  // namespace mongoscan
