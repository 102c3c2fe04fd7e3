#include "checks/server/command_evidence.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace command_evidence_test {
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

TEST(CommandReply, AFailedLoginIsTheReasonNotAMissingAction) {
  NodeFacts facts = with_command(CommandOutcome::State::not_permitted);
  facts.authentication = AuthenticationFacts{};
  facts.authentication->error = Error{ErrorCode::auth_failed, "auth", "Authentication failed."};
  auto generic = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  ASSERT_TRUE(std::holds_alternative<Verdict>(generic));
  EXPECT_EQ(std::get<Verdict>(generic).status, Status::skipped);
  EXPECT_EQ(std::get<Verdict>(generic).message,
            "getCmdLineOpts needs a login, and the scanning account could not authenticate on "
            "this node (Authentication failed.)");
  EXPECT_EQ(std::get<Verdict>(generic).evidence["authenticated"], false);

  facts.component = {ClusterComponent::Kind::shard, "shard1"};
  auto shard = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  EXPECT_NE(std::get<Verdict>(shard).message.find(
                "create the auditor role and user on each shard's primary"),
            std::string::npos);

  facts.authentication->succeeded = true;  // logged in, the role lacks the action
  auto lacking = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  EXPECT_NE(std::get<Verdict>(lacking).message.find("needs the getCmdLineOpts action"),
            std::string::npos);
}

// An arbiter holds no users: no role would let a remote scan read it, so the message says what
// is true there rather than naming an action to grant.
TEST(CommandReply, OnAnArbiterARefusedCommandIsNotVisible) {
  NodeFacts facts = with_command(CommandOutcome::State::not_permitted);
  facts.hello = bson::Document{{"setName", "rs0"}, {"arbiterOnly", true}, {"ok", 1.0}};
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  ASSERT_TRUE(std::holds_alternative<Verdict>(reply));
  const Verdict& verdict = std::get<Verdict>(reply);
  EXPECT_EQ(verdict.status, Status::skipped);
  EXPECT_TRUE(verdict.message.starts_with("not visible on an arbiter")) << verdict.message;
  EXPECT_EQ(verdict.message.find("auditor-role"), std::string::npos);
  EXPECT_EQ(verdict.evidence["arbiter"], true);
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

// usersInfo {forAllDBs: true} exists from 4.0 (SERVER-34401): on 3.6 it fails with NoSuchKey,
// which says the node is too old for the question, not that the scan went wrong.
TEST(CommandReply, AFormTheVersionPredatesIsSkippedNotAnError) {
  NodeFacts facts;
  CommandOutcome failed;
  failed.state = CommandOutcome::State::failed;
  failed.message = "NoSuchKey: Missing expected field \"user\"";
  facts.commands["usersInfo"] = failed;
  CommandOutcome build_info;
  build_info.state = CommandOutcome::State::ok;
  build_info.reply = bson::Document{{"version", "3.6.23"}, {"ok", 1.0}};
  facts.commands["buildInfo"] = build_info;
  const auto old_node = command_reply(facts, "usersInfo", "viewUser");
  ASSERT_TRUE(std::holds_alternative<Verdict>(old_node));
  EXPECT_EQ(std::get<Verdict>(old_node).status, Status::skipped);
  EXPECT_EQ(std::get<Verdict>(old_node).evidence["needs_version"], "4.0");
  EXPECT_NE(std::get<Verdict>(old_node).message.find("3.6.23"), std::string::npos);

  facts.commands["buildInfo"].reply = bson::Document{{"version", "4.0.28"}, {"ok", 1.0}};
  const auto new_node = command_reply(facts, "usersInfo", "viewUser");
  EXPECT_EQ(std::get<Verdict>(new_node).status, Status::error);
}

}  // namespace
}  // namespace command_evidence_test
}  // namespace mongoscan
