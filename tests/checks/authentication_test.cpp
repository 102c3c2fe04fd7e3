#include "checks/authentication.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace {

CommandOutcome outcome(CommandOutcome::State state, bson::Document reply = {}) {
  CommandOutcome result;
  result.state = state;
  result.reply = std::move(reply);
  return result;
}

bson::Document databases(int count) {
  bson::Array list;
  for (int i = 0; i < count; ++i)
    list.push_back(bson::Document{{"name", "db" + std::to_string(i)}});
  return bson::Document{{"databases", list}, {"ok", 1.0}};
}

Finding judge(std::map<std::string, CommandOutcome> unauthenticated) {
  NodeFacts facts;
  facts.host = "10.0.0.5";
  facts.port = 27017;
  facts.unauthenticated = std::move(unauthenticated);
  auto findings = check_authentication(facts, Policy{});
  EXPECT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check_id, "AUTHN-001");
  EXPECT_EQ(findings[0].subject.name, "10.0.0.5:27017");
  return findings[0];
}

TEST(AuthenticationEnforced, RefusedWithCode13Passes) {
  auto finding = judge({{"listDatabases", outcome(CommandOutcome::State::not_permitted)},
                        {"getLog", outcome(CommandOutcome::State::not_permitted)}});
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["listDatabases"], "not_permitted");
}

TEST(AuthenticationEnforced, DatabasesListedWithoutAuthenticationFail) {
  auto finding = judge({{"listDatabases", outcome(CommandOutcome::State::ok, databases(2))}});
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::critical);
  EXPECT_EQ(finding.evidence["listDatabases_databases"], 2);
}

TEST(AuthenticationEnforced, ReadableLogFails) {
  auto finding = judge({{"listDatabases", outcome(CommandOutcome::State::ok, databases(0))},
                        {"getLog", outcome(CommandOutcome::State::ok)}});
  EXPECT_EQ(finding.status, Status::fail);
}

TEST(AuthenticationEnforced, AnEmptyListProvesNothing) {
  auto finding = judge({{"listDatabases", outcome(CommandOutcome::State::ok, databases(0))},
                        {"getLog", outcome(CommandOutcome::State::failed)}});
  EXPECT_EQ(finding.status, Status::warn);
}

TEST(AuthenticationEnforced, NoProbeIsAnError) { EXPECT_EQ(judge({}).status, Status::error); }

}  // namespace
}  // namespace mongoscan
