#include "checks/server/command_evidence.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace {

NodeFacts with_command(CommandOutcome::State state, std::string message = "") {
  NodeFacts facts;
  CommandOutcome outcome;
  outcome.state = state;
  outcome.reply = bson::Document{{"parsed", bson::Document{}}, {"ok", 1.0}};
  outcome.message = std::move(message);
  facts.commands["getCmdLineOpts"] = outcome;
  return facts;
}

TEST(CommandReply, TheReplyWhenTheCommandSucceeded) {
  const NodeFacts facts = with_command(CommandOutcome::State::ok);
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  ASSERT_TRUE(std::holds_alternative<const bson::Document*>(reply));
  EXPECT_EQ(std::get<const bson::Document*>(reply), &facts.commands.at("getCmdLineOpts").reply);
}

TEST(CommandReply, SkippedNamingTheActionWhenNotPermitted) {
  const NodeFacts facts = with_command(CommandOutcome::State::not_permitted);
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  ASSERT_TRUE(std::holds_alternative<Verdict>(reply));
  const Verdict& verdict = std::get<Verdict>(reply);
  EXPECT_EQ(verdict.status, Status::skipped);
  EXPECT_NE(verdict.message.find("needs the getCmdLineOpts action"), std::string::npos);
  EXPECT_EQ(verdict.evidence["needs"], "getCmdLineOpts");
}

TEST(CommandReply, ErrorWhenTheCommandFailedOrNeverRan) {
  auto failed = command_reply(with_command(CommandOutcome::State::failed, "no such command"),
                              "getCmdLineOpts", "getCmdLineOpts");
  ASSERT_TRUE(std::holds_alternative<Verdict>(failed));
  EXPECT_EQ(std::get<Verdict>(failed).status, Status::error);
  EXPECT_NE(std::get<Verdict>(failed).message.find("no such command"), std::string::npos);

  NodeFacts unreachable;
  unreachable.errors.push_back(Error{ErrorCode::refused, "connect", "Connection refused"});
  auto missing = command_reply(unreachable, "getCmdLineOpts", "getCmdLineOpts");
  ASSERT_TRUE(std::holds_alternative<Verdict>(missing));
  EXPECT_EQ(std::get<Verdict>(missing).status, Status::error);
  EXPECT_EQ(std::get<Verdict>(missing).message,
            "getCmdLineOpts did not run on this node (connect: Connection refused)");
}

}  // namespace
}  // namespace mongoscan
