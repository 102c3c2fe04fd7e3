#include "scanner/cli/acceptance_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace mongoscan {
namespace acceptance_file_test {
namespace {

std::string load_error(std::string_view text) {
  const auto parsed = parse_acceptance_file(text, "accept.yaml");
  return parsed ? "(loaded)" : parsed.error().message;
}

TEST(AcceptanceFile, EntriesLoadWithTheirFieldsAndWhereTheyWereRead) {
  const auto parsed = parse_acceptance_file(
      "acceptances:\n"
      "  - check: APP-002\n"
      "    subject: \"fixtures/*\"\n"
      "    reason: test fixture\n"
      "    expires: 2026-12-31\n"
      "    owner: team-db\n"
      "  - {check: NET-*, subject: 'db1:27017', reason: lab only, expires: 2027-01-31}\n",
      "accept.yaml");
  ASSERT_TRUE(parsed) << parsed.error().message;
  ASSERT_EQ(parsed.value().size(), 2u);
  const Acceptance& first = parsed.value()[0];
  EXPECT_EQ(first.check, "APP-002");
  EXPECT_EQ(first.subject, "fixtures/*");
  EXPECT_EQ(first.reason, "test fixture");
  EXPECT_EQ(first.expires, "2026-12-31");
  EXPECT_EQ(first.owner, "team-db");
  EXPECT_EQ(first.origin, "accept.yaml:2");
  EXPECT_EQ(parsed.value()[1].owner, "");
  EXPECT_EQ(parsed.value()[1].origin, "accept.yaml:7");
}

TEST(AcceptanceFile, ReasonAndExpiresAreRequiredAndTheErrorNamesTheLine) {
  EXPECT_EQ(load_error("acceptances:\n"
                       "  - {check: A-1, subject: x, reason: r, expires: 2026-01-01}\n"
                       "  - check: APP-002\n"
                       "    subject: x\n"
                       "    expires: 2026-12-31\n"),
            "accept.yaml:3: \"reason\" is required");
  EXPECT_EQ(load_error("acceptances:\n  - {check: A-1, subject: x, reason: r}\n"),
            "accept.yaml:2: \"expires\" is required");
  EXPECT_EQ(load_error("acceptances:\n  - {check: A-1, subject: x, reason: r, expires: soon}\n"),
            "accept.yaml:2: \"expires\" must be a date YYYY-MM-DD");
  EXPECT_EQ(
      load_error("acceptances:\n  - {check: A-1, subject: x, reason: r, expires: 2026-13-01}\n"),
      "accept.yaml:2: \"expires\" must be a date YYYY-MM-DD");
  EXPECT_EQ(load_error("acceptances:\n  - check: A-1\n    expiry: 2026-01-01\n"),
            "accept.yaml:3: unknown field (expected check, subject, reason, expires, owner)");
  EXPECT_EQ(load_error("acceptances:\n  - {check: A-1, subject: [x], reason: r}\n"),
            "accept.yaml:2: subject must be text");
  EXPECT_EQ(load_error("- check: A-1\n"),
            "accept.yaml:1: expected a mapping with an \"acceptances\" list");
  EXPECT_EQ(load_error("acceptances: none\n"), "accept.yaml:1: acceptances must be a list");
  EXPECT_EQ(load_error("acceptances:\n  - [unclosed\n").rfind("accept.yaml:", 0), 0u);
}

// Issue 35 item 5: a repeated key is an error naming both lines.
TEST(AcceptanceFile, ARepeatedKeyIsAnErrorNamingBothLines) {
  EXPECT_EQ(load_error("acceptances:\n"
                       "  - check: A-1\n"
                       "    subject: x\n"
                       "    reason: r\n"
                       "    reason: s\n"
                       "    expires: 2099-01-01\n"),
            "accept.yaml:5: key reason repeats line 4's");
}

TEST(AcceptanceFile, AConnectionStringSubjectLosesItsPasswordAndErrorsNeverQuoteValues) {
  const auto parsed = parse_acceptance_file(
      "acceptances:\n"
      "  - {check: CONN-*, subject: 'mongodb://app:Hunter2Secret@db1/app', reason: r, "
      "expires: 2026-12-31}\n",
      "accept.yaml");
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(parsed.value()[0].subject, "mongodb://app:***@db1/app");
  // Whatever the scheme's case and wherever the string starts (found by make fuzz: MonGodb://
  // kept its password).
  const auto mixed = parse_acceptance_file(
      "acceptances:\n"
      "  - {check: CONN-*, subject: 'see MonGodb://app:Hunter2Secret@db1/app', reason: r, "
      "expires: 2026-12-31}\n",
      "accept.yaml");
  ASSERT_TRUE(mixed) << mixed.error().message;
  EXPECT_EQ(mixed.value()[0].subject, "see MonGodb://app:***@db1/app");

  const std::string error = load_error(
      "acceptances:\n  - {check: C-1, subject: 'mongodb://a:Hunter2Secret@h', "
      "reason: r, expires: Hunter2Secret}\n");
  EXPECT_EQ(error.find("Hunter2Secret"), std::string::npos) << error;
}

TEST(AcceptanceFile, TheExampleInFixturesLoads) {
  std::ifstream file(std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/accept.yaml");
  std::ostringstream text;
  text << file.rdbuf();
  const auto parsed = parse_acceptance_file(text.str(), "fixtures/accept.yaml");
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(parsed.value().size(), 3u);
}

}  // namespace
}  // namespace acceptance_file_test
}  // namespace mongoscan
