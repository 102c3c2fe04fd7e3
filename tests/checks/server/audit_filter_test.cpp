#include "checks/server/audit_filter.h"

#include <gtest/gtest.h>

#include <string>

namespace mongoscan {
namespace audit_filter_test {
namespace {

// The outcome for the first required event with `atype` (and `result`, when given).
FilterOutcome outcome(const AuditFilterJudgement& judgement, std::string_view atype,
                      int result = -1) {
  for (const AuditEventOutcome& judged : judgement.events) {
    if (judged.event.atype == atype && (result < 0 || judged.event.result == result))
      return judged.outcome;
  }
  ADD_FAILURE() << "no required event " << atype;
  return FilterOutcome::undecided;
}

int count(const AuditFilterJudgement& judgement, FilterOutcome wanted) {
  int n = 0;
  for (const AuditEventOutcome& judged : judgement.events) n += judged.outcome == wanted;
  return n;
}

TEST(AuditFilter, RequiredEventsCoverTheFourConcerns) {
  std::set<std::string> concerns;
  for (const AuditEvent& event : required_audit_events())
    concerns.insert(std::string(event.concern));
  EXPECT_EQ(concerns, (std::set<std::string>{"authentication", "authorization failures",
                                             "user and role changes", "DDL"}));
}

// The manual's example filter (auditing DDL only, in the shell's relaxed JSON the server's
// fromjson reads): it keeps createCollection and dropCollection and drops the rest.
TEST(AuditFilter, TheManualsDdlExampleDropsAuthentication) {
  const auto judgement =
      judge_audit_filter(R"({ atype: { $in: [ "createCollection", "dropCollection" ] } })");
  ASSERT_EQ(judgement.parse_error, "");
  EXPECT_EQ(outcome(judgement, "createCollection"), FilterOutcome::kept);
  EXPECT_EQ(outcome(judgement, "dropCollection"), FilterOutcome::kept);
  EXPECT_EQ(outcome(judgement, "authenticate", 18), FilterOutcome::dropped);
  EXPECT_EQ(outcome(judgement, "authCheck"), FilterOutcome::dropped);
  EXPECT_EQ(outcome(judgement, "dropDatabase"), FilterOutcome::dropped);
  EXPECT_EQ(count(judgement, FilterOutcome::undecided), 0);
}

TEST(AuditFilter, EmptyFilterKeepsEverything) {
  const auto judgement = judge_audit_filter("{}");
  EXPECT_EQ(count(judgement, FilterOutcome::kept),
            static_cast<int>(required_audit_events().size()));
}

TEST(AuditFilter, AFilterOnlyForFailedLoginsDropsSuccessfulOnes) {
  const auto judgement = judge_audit_filter(
      R"({$or: [{atype: 'authenticate', result: 18}, {atype: 'authCheck', 'result': 13}]})");
  EXPECT_EQ(outcome(judgement, "authenticate", 18), FilterOutcome::kept);
  EXPECT_EQ(outcome(judgement, "authenticate", 0), FilterOutcome::dropped);
  EXPECT_EQ(outcome(judgement, "authCheck"), FilterOutcome::kept);
  EXPECT_EQ(outcome(judgement, "createUser"), FilterOutcome::dropped);
}

TEST(AuditFilter, NinAndNorExcludeWhatTheyName) {
  const auto nin = judge_audit_filter(R"({"atype": {"$nin": ["createIndex", "dropIndex"]}})");
  EXPECT_EQ(outcome(nin, "createIndex"), FilterOutcome::dropped);
  EXPECT_EQ(outcome(nin, "authenticate", 0), FilterOutcome::kept);
  const auto nor = judge_audit_filter(R"({$nor: [{atype: "authCheck"}]})");
  EXPECT_EQ(outcome(nor, "authCheck"), FilterOutcome::dropped);
  EXPECT_EQ(outcome(nor, "dropUser"), FilterOutcome::kept);
  const auto ne = judge_audit_filter(R"({result: {$ne: 0}})");
  EXPECT_EQ(outcome(ne, "authenticate", 18), FilterOutcome::kept);
  EXPECT_EQ(outcome(ne, "dropDatabase"), FilterOutcome::dropped);
  const auto numbers = judge_audit_filter(R"({result: {$in: [NumberInt(13), NumberLong("18")]}})");
  EXPECT_EQ(outcome(numbers, "authCheck"), FilterOutcome::kept);
  EXPECT_EQ(outcome(numbers, "authenticate", 18), FilterOutcome::kept);
  EXPECT_EQ(outcome(numbers, "authenticate", 0), FilterOutcome::dropped);
}

// Conditions on fields a model message cannot know, regular expressions and operators not
// modelled leave events undecided, never kept; a clause that decides alone still decides.
TEST(AuditFilter, WhatCannotBeDecidedIsUndecidedWithTheReason) {
  const auto by_user = judge_audit_filter(
      R"({atype: {$in: ["authenticate", "authCheck"]}, "users.user": {$ne: "backup"}})");
  EXPECT_EQ(outcome(by_user, "authenticate", 0), FilterOutcome::undecided);
  EXPECT_EQ(outcome(by_user, "dropDatabase"), FilterOutcome::dropped);
  ASSERT_EQ(by_user.undecided_because.size(), 1u);
  EXPECT_NE(by_user.undecided_because[0].find("users.user"), std::string::npos);

  const auto regex = judge_audit_filter(R"({atype: /^(create|drop)/})");
  EXPECT_EQ(outcome(regex, "createUser"), FilterOutcome::undecided);
  EXPECT_NE(regex.undecided_because[0].find("regular expression"), std::string::npos);

  const auto either =
      judge_audit_filter(R"({$or: [{atype: "dropDatabase"}, {"param.ns": "a.b"}]})");
  EXPECT_EQ(outcome(either, "dropDatabase"), FilterOutcome::kept);
  EXPECT_EQ(outcome(either, "createUser"), FilterOutcome::undecided);

  const auto expr = judge_audit_filter(R"({$expr: {$eq: ["$atype", "authenticate"]}})");
  EXPECT_EQ(count(expr, FilterOutcome::undecided),
            static_cast<int>(required_audit_events().size()));
  const auto twice = judge_audit_filter(R"({atype: "authenticate", atype: "authCheck"})");
  EXPECT_EQ(count(twice, FilterOutcome::kept), 0) << "both conditions hold on the server";
  const auto constructor = judge_audit_filter(R"({ts: {$gt: ISODate("2024-01-01")}})");
  EXPECT_EQ(constructor.parse_error, "");
  EXPECT_EQ(count(constructor, FilterOutcome::undecided),
            static_cast<int>(required_audit_events().size()));
}

TEST(AuditFilter, TextThatIsNotADocumentIsAParseError) {
  EXPECT_NE(judge_audit_filter("").parse_error, "");
  EXPECT_NE(judge_audit_filter("[1, 2]").parse_error, "");
  EXPECT_NE(judge_audit_filter("{atype: 'authenticate'").parse_error, "");
  EXPECT_NE(judge_audit_filter("{atype: 'authenticate'} extra").parse_error, "");
  EXPECT_EQ(judge_audit_filter("{atype: 'authenticate'}").parse_error, "");
}

TEST(AuditFilter, DeepNestingIsUndecidedNotACrash) {
  std::string deep;
  for (int i = 0; i < 5000; ++i) deep += "{$and: [";
  deep += "{}";
  for (int i = 0; i < 5000; ++i) deep += "]}";
  const auto judgement = judge_audit_filter(deep);
  EXPECT_EQ(judgement.parse_error, "");
  EXPECT_EQ(count(judgement, FilterOutcome::kept), 0);
}

}  // namespace
}  // namespace audit_filter_test
}  // namespace mongoscan
