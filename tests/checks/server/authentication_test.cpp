#include "checks/server/authentication.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace authentication_test {
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
  EXPECT_EQ(findings.size(), authentication_specs().size());
  const Finding finding = check_test::finding_for(findings, "AUTHN-001");
  EXPECT_EQ(finding.subject.name, "10.0.0.5:27017");
  return finding;
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

// Through the localhost exception an arbiter answers without a login; it holds no data.
TEST(AuthenticationEnforced, AnArbiterIsNotApplicable) {
  NodeFacts facts;
  facts.host = "10.0.0.7";
  facts.port = 27017;
  facts.hello = bson::Document{{"setName", "rs0"}, {"arbiterOnly", true}, {"ok", 1.0}};
  facts.unauthenticated = {{"listDatabases", outcome(CommandOutcome::State::ok, databases(1))},
                           {"getLog", outcome(CommandOutcome::State::ok)}};
  const Finding finding =
      check_test::finding_for(check_authentication(facts, Policy{}), "AUTHN-001");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_TRUE(finding.message.starts_with("not applicable to an arbiter")) << finding.message;
}

TEST(AuthenticationEnforced, NoProbeIsAnError) { EXPECT_EQ(judge({}).status, Status::error); }

// buildInfo before authentication (NET-008) depends on buildInfoAuthMode, not on enforcement.
TEST(AuthenticationEnforced, BuildInfoBeforeAuthenticationDecidesNothing) {
  const auto answered = outcome(CommandOutcome::State::ok, bson::Document{{"version", "8.0.4"}});
  EXPECT_EQ(judge({{"listDatabases", outcome(CommandOutcome::State::not_permitted)},
                   {"buildInfo", answered}})
                .status,
            Status::pass);
  const Finding alone = judge({{"buildInfo", outcome(CommandOutcome::State::not_permitted)}});
  EXPECT_EQ(alone.status, Status::error);
  EXPECT_FALSE(alone.evidence.contains("buildInfo"));
}

using check_test::answered;
using check_test::cmd_line_opts;
using check_test::finding_for;
using check_test::reachable_node;
using check_test::refused;

Finding judge_node(const NodeFacts& facts, std::string_view id) {
  return finding_for(check_authentication(facts, Policy{}), id);
}

bson::Document security(bson::Document settings) {
  return bson::Document{{"security", std::move(settings)}};
}

TEST(AuthenticationConfigured, AuthorizationDisabledByDefaultFails) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] = cmd_line_opts(bson::Document{});
  const Finding finding = judge_node(facts, "AUTHN-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("(default)"), std::string::npos);
  EXPECT_EQ(finding.evidence["security.authorization"]["set"], false);
}

TEST(AuthenticationConfigured, StandaloneWithAuthorizationPasses) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(security(bson::Document{{"authorization", "enabled"}}));
  EXPECT_EQ(judge_node(facts, "AUTHN-002").status, Status::pass);
}

TEST(AuthenticationConfigured, ReplicaSetMemberNeedsKeyFileOrX509) {
  NodeFacts facts = reachable_node("7.0.12", "rs0");
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(security(bson::Document{{"authorization", "enabled"}}));
  const Finding none = judge_node(facts, "AUTHN-002");
  EXPECT_EQ(none.status, Status::fail);
  EXPECT_EQ(none.evidence["cluster_member"], true);

  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(security(bson::Document{{"keyFile", "/etc/mongo/key"}}));
  const Finding key_file = judge_node(facts, "AUTHN-002");
  EXPECT_EQ(key_file.status, Status::pass) << key_file.message;
  EXPECT_EQ(key_file.evidence["security.keyFile"], "set");
  EXPECT_EQ(key_file.evidence.dump().find("/etc/mongo/key"), std::string::npos);

  facts.commands["getCmdLineOpts"] = cmd_line_opts(
      security(bson::Document{{"authorization", "enabled"}, {"clusterAuthMode", "sendX509"}}));
  const Finding transition = judge_node(facts, "AUTHN-002");
  EXPECT_EQ(transition.status, Status::fail);
  EXPECT_NE(transition.message.find("transition"), std::string::npos);

  facts.commands["getCmdLineOpts"] = cmd_line_opts(
      security(bson::Document{{"authorization", "enabled"}, {"clusterAuthMode", "x509"}}));
  EXPECT_EQ(judge_node(facts, "AUTHN-002").status, Status::pass);
}

// storeServerOptions (src/mongo/db/server_options_server_helpers.cpp): any
// security.clusterAuthMode turns authorization on, with or without a keyFile.
TEST(AuthenticationConfigured, AnX509ClusterWithoutKeyFileEnforcesAuthorization) {
  NodeFacts facts = reachable_node("7.0.12", "rs0");
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(security(bson::Document{{"clusterAuthMode", "x509"}}));
  const Finding finding = judge_node(facts, "AUTHN-002");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["security.clusterAuthMode"]["value"], "x509");
}

// storeServerOptions: transitionToAuth, or authorization set to "disabled", turns authorization
// off after a keyFile or clusterAuthMode turned it on.
TEST(AuthenticationConfigured, TransitionToAuthOrAnExplicitDisabledTurnsItOff) {
  NodeFacts facts = reachable_node("7.0.12", "rs0");
  facts.commands["getCmdLineOpts"] = cmd_line_opts(
      security(bson::Document{{"keyFile", "/etc/mongo/key"}, {"transitionToAuth", true}}));
  const Finding transition = judge_node(facts, "AUTHN-002");
  EXPECT_EQ(transition.status, Status::fail);
  EXPECT_NE(transition.message.find("transitionToAuth"), std::string::npos);
  EXPECT_EQ(transition.evidence["security.transitionToAuth"]["value"], true);

  facts.commands["getCmdLineOpts"] = cmd_line_opts(
      security(bson::Document{{"clusterAuthMode", "x509"}, {"authorization", "disabled"}}));
  const Finding disabled = judge_node(facts, "AUTHN-002");
  EXPECT_EQ(disabled.status, Status::fail);
  EXPECT_NE(disabled.message.find("\"disabled\""), std::string::npos);

  facts.commands["getCmdLineOpts"] = cmd_line_opts(
      security(bson::Document{{"keyFile", "/etc/mongo/key"}, {"transitionToAuth", false}}));
  EXPECT_EQ(judge_node(facts, "AUTHN-002").status, Status::pass);
}

TEST(AuthenticationConfigured, WithoutGetCmdLineOptsItIsSkipped) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] = refused();
  EXPECT_EQ(judge_node(facts, "AUTHN-002").status, Status::skipped);
}

TEST(LocalhostBypass, TrueOrUnreportedFailsFalsePasses) {
  NodeFacts facts = reachable_node();
  facts.commands["getParameter"] =
      answered(bson::Document{{"enableLocalhostAuthBypass", true}, {"ok", 1.0}});
  EXPECT_EQ(judge_node(facts, "AUTHN-003").status, Status::fail);
  facts.commands["getParameter"] = answered(bson::Document{{"ok", 1.0}});
  EXPECT_EQ(judge_node(facts, "AUTHN-003").status, Status::fail);
  facts.commands["getParameter"] =
      answered(bson::Document{{"enableLocalhostAuthBypass", false}, {"ok", 1.0}});
  EXPECT_EQ(judge_node(facts, "AUTHN-003").status, Status::pass);
  facts.commands["getParameter"] = refused();
  const Finding skipped = judge_node(facts, "AUTHN-003");
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_EQ(skipped.evidence["needs"], "getParameter");
}

bson::Document mechanisms(std::initializer_list<const char*> names) {
  bson::Array list;
  for (const char* name : names) list.push_back(bson::Value(name));
  return bson::Document{{"authenticationMechanisms", list}, {"ok", 1.0}};
}

bson::Document user(const char* name, std::initializer_list<const char*> user_mechanisms) {
  bson::Array list;
  for (const char* mechanism : user_mechanisms) list.push_back(bson::Value(mechanism));
  return bson::Document{{"user", name}, {"db", "admin"}, {"mechanisms", list}};
}

TEST(Mechanisms, Sha256EverywherePasses) {
  NodeFacts facts = reachable_node();
  facts.tls = true;
  facts.plaintext_accepted = false;
  facts.commands["getParameter"] = answered(mechanisms({"SCRAM-SHA-256", "SCRAM-SHA-1", "PLAIN"}));
  facts.commands["usersInfo"] = answered(bson::Document{
      {"users", bson::Array{user("app", {"SCRAM-SHA-1", "SCRAM-SHA-256"})}}, {"ok", 1.0}});
  const Finding finding = judge_node(facts, "AUTHN-004");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
}

TEST(Mechanisms, Sha1OnlyUsersAndPlainWithoutTlsFail) {
  NodeFacts facts = reachable_node();
  facts.commands["getParameter"] = answered(mechanisms({"SCRAM-SHA-256", "PLAIN"}));
  facts.commands["usersInfo"] = answered(bson::Document{
      {"users", bson::Array{user("legacy", {"SCRAM-SHA-1"}), user("app", {"SCRAM-SHA-256"})}},
      {"ok", 1.0}});
  const Finding finding = judge_node(facts, "AUTHN-004");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("legacy@admin"), std::string::npos);
  EXPECT_EQ(finding.message.find("app@admin"), std::string::npos);
  EXPECT_NE(finding.message.find("PLAIN"), std::string::npos);
  EXPECT_EQ(finding.evidence["sha1_only_users"].size(), 1u);
}

TEST(Mechanisms, Sha256DisabledFails) {
  NodeFacts facts = reachable_node();
  facts.commands["getParameter"] = answered(mechanisms({"SCRAM-SHA-1"}));
  facts.commands["usersInfo"] = answered(bson::Document{{"users", bson::Array{}}, {"ok", 1.0}});
  EXPECT_EQ(judge_node(facts, "AUTHN-004").status, Status::fail);
}

TEST(Mechanisms, UsersNotVisibleIsNotAPass) {
  NodeFacts facts = reachable_node();
  facts.commands["getParameter"] = answered(mechanisms({"SCRAM-SHA-256"}));
  facts.commands["usersInfo"] = refused();
  const Finding finding = judge_node(facts, "AUTHN-004");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_EQ(finding.evidence["needs"], "viewUser");
}

TEST(IterationCounts, BelowTheDefaultsFails) {
  NodeFacts facts = reachable_node();
  facts.commands["getParameter"] =
      answered(bson::Document{{"scramIterationCount", std::int32_t{10000}},
                              {"scramSHA256IterationCount", std::int32_t{4096}},
                              {"ok", 1.0}});
  const Finding finding = judge_node(facts, "AUTHN-006");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("scramSHA256IterationCount 4096 < 15000"), std::string::npos);
  EXPECT_EQ(finding.message.find("scramIterationCount 10000"), std::string::npos);
}

TEST(IterationCounts, TheScanningAccountsStoredCountCounts) {
  NodeFacts facts = reachable_node();
  facts.commands["getParameter"] =
      answered(bson::Document{{"scramIterationCount", std::int32_t{10000}},
                              {"scramSHA256IterationCount", std::int32_t{15000}},
                              {"ok", 1.0}});
  EXPECT_EQ(judge_node(facts, "AUTHN-006").status, Status::pass);
  facts.authentication = AuthenticationFacts{};
  facts.authentication->username = "auditor";
  facts.authentication->mechanism = "SCRAM-SHA-256";
  facts.authentication->scram_iteration_count = 4096;
  const Finding finding = judge_node(facts, "AUTHN-006");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["scanning_account_iterations"], 4096);
}

// getParameter values may arrive as any BSON number (bson.h, Document::get_int64).
TEST(IterationCounts, CountsSentAsDoublesAreJudged) {
  NodeFacts facts = reachable_node();
  facts.commands["getParameter"] = answered(bson::Document{
      {"scramIterationCount", 10000.0}, {"scramSHA256IterationCount", 4096.0}, {"ok", 1.0}});
  const Finding low = judge_node(facts, "AUTHN-006");
  EXPECT_EQ(low.status, Status::fail) << low.message;
  EXPECT_NE(low.message.find("scramSHA256IterationCount 4096 < 15000"), std::string::npos);

  // A count that is not a whole number is neither a pass nor "not reported".
  facts.commands["getParameter"] = answered(bson::Document{
      {"scramIterationCount", 10000.0}, {"scramSHA256IterationCount", 15000.5}, {"ok", 1.0}});
  const Finding odd = judge_node(facts, "AUTHN-006");
  EXPECT_EQ(odd.status, Status::error) << odd.message;
  EXPECT_NE(odd.message.find("scramSHA256IterationCount"), std::string::npos) << odd.message;
  EXPECT_EQ(odd.evidence["scramSHA256IterationCount"], 15000.5);
}

// A server config file: AUTHN-002 and AUTHN-003 judged from its settings, at the setting's line.
TEST(ConfigFileAuthentication, AuthorizationDisabledFailsAtItsLine) {
  const ServerConfigFile file{
      "mongod.conf", {{"net.bindIp", "10.0.0.5", 2}, {"security.authorization", "disabled", 6}}};
  const Finding finding = finding_for(check_authentication(file, Policy{}), "AUTHN-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.subject.kind, Subject::Kind::file);
  EXPECT_EQ(finding.subject.line, 6);
}

TEST(ConfigFileAuthentication, UnsetAuthorizationFailsAndTransitionToAuthFails) {
  const ServerConfigFile unset{"mongod.conf", {{"net.bindIp", "10.0.0.5", 2}}};
  EXPECT_EQ(finding_for(check_authentication(unset, Policy{}), "AUTHN-002").status, Status::fail);
  const ServerConfigFile transition{
      "mongod.conf",
      {{"security.authorization", "enabled", 3}, {"security.transitionToAuth", "true", 4}}};
  const Finding finding = finding_for(check_authentication(transition, Policy{}), "AUTHN-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.subject.line, 4);
}

// A mongos has no security.authorization: its keyFile turns authorization on, and members
// authenticate with it.
TEST(ConfigFileAuthentication, AMongosWithAKeyFilePassesAReplicaSetMemberWithoutOneFails) {
  const ServerConfigFile mongos{
      "mongos.conf",
      {{"sharding.configDB", "cfg/c1:27019", 2}, {"security.keyFile", "/etc/mongo/key", 4}}};
  EXPECT_EQ(finding_for(check_authentication(mongos, Policy{}), "AUTHN-002").status, Status::pass);
  const ServerConfigFile member{
      "mongod.conf",
      {{"replication.replSetName", "rs0", 2}, {"security.authorization", "enabled", 4}}};
  const Finding finding = finding_for(check_authentication(member, Policy{}), "AUTHN-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("members do not authenticate"), std::string::npos);
}

// setParameter values are strings the server reads as booleans when "true"/"1" or "false"/"0".
TEST(ConfigFileAuthentication, LocalhostBypassPassesOnlyWhenTurnedOff) {
  for (const char* off : {"false", "0"}) {
    const ServerConfigFile file{"mongod.conf",
                                {{"setParameter.enableLocalhostAuthBypass", off, 9}}};
    const Finding finding = finding_for(check_authentication(file, Policy{}), "AUTHN-003");
    EXPECT_EQ(finding.status, Status::pass) << off;
    EXPECT_EQ(finding.subject.line, 9);
  }
  const ServerConfigFile on{"mongod.conf", {{"setParameter.enableLocalhostAuthBypass", "true", 9}}};
  EXPECT_EQ(finding_for(check_authentication(on, Policy{}), "AUTHN-003").status, Status::fail);
  const ServerConfigFile unset{"mongod.conf", {{"net.port", "27017", 2}}};
  EXPECT_EQ(finding_for(check_authentication(unset, Policy{}), "AUTHN-003").status, Status::fail);
}

}  // namespace
}  // namespace authentication_test
}  // namespace mongoscan
