#include "checks/server/hardening.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace {

using check_test::answered;
using check_test::cmd_line_opts;
using check_test::finding_for;
using check_test::reachable_node;
using check_test::refused;

NodeFacts configured(bson::Document parsed) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] = cmd_line_opts(std::move(parsed));
  return facts;
}

Finding judge(const NodeFacts& facts, std::string_view id) {
  return finding_for(check_hardening(facts, Policy{}), id);
}

void set_modules(NodeFacts& facts, bson::Array modules) {
  facts.commands["buildInfo"] =
      answered(bson::Document{{"version", "7.0.12"}, {"modules", std::move(modules)}, {"ok", 1.0}});
}

TEST(ServerSideJavaScript, OnByDefaultFails) {
  const Finding finding = judge(configured({}), "HARD-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("(the default)"), std::string::npos);
  EXPECT_EQ(finding.evidence["security.javascriptEnabled"]["set"], false);
  EXPECT_EQ(
      judge(configured({{"security", bson::Document{{"javascriptEnabled", false}}}}), "HARD-001")
          .status,
      Status::pass);
}

TEST(ServerSideJavaScript, WithoutConfigurationItIsSkippedNotPassed) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] = refused();
  for (const char* id : {"HARD-001", "HARD-002", "HARD-003", "HARD-004"}) {
    EXPECT_EQ(judge(facts, id).status, Status::skipped) << id;
  }
}

TEST(Auditing, DestinationSetPasses) {
  const Finding finding = judge(
      configured({{"auditLog", bson::Document{{"destination", "file"}, {"path", "/var/log/a"}}}}),
      "HARD-002");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_NE(finding.message.find("file"), std::string::npos);
}

TEST(Auditing, OffOnCommunitySaysItIsAnEnterpriseOrPerconaFeature) {
  NodeFacts community = configured({});
  set_modules(community, {});
  const Finding finding = judge(community, "HARD-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["edition"], "Community");
  EXPECT_NE(finding.evidence["note"].get<std::string>().find("Enterprise or Percona feature"),
            std::string::npos);

  NodeFacts enterprise = configured({});
  set_modules(enterprise, {bson::Value("enterprise")});
  const Finding off = judge(enterprise, "HARD-002");
  EXPECT_EQ(off.status, Status::fail);
  EXPECT_FALSE(off.evidence.contains("note"));
}

TEST(EncryptionAtRest, EnabledPasses) {
  EXPECT_EQ(
      judge(configured({{"security", bson::Document{{"enableEncryption", true}}}}), "HARD-003")
          .status,
      Status::pass);
}

TEST(EncryptionAtRest, CommunityWarnsAndSupportedBuildsFail) {
  NodeFacts community = configured({});
  set_modules(community, {});
  const Finding warned = judge(community, "HARD-003");
  EXPECT_EQ(warned.status, Status::warn);
  EXPECT_NE(warned.evidence["note"].get<std::string>().find("Enterprise or Percona feature"),
            std::string::npos);

  NodeFacts percona = configured({});
  percona.commands["buildInfo"] = answered(bson::Document{{"version", "7.0.12"},
                                                          {"psmdbVersion", "7.0.12-7"},
                                                          {"modules", bson::Array{}},
                                                          {"ok", 1.0}});
  const Finding failed = judge(percona, "HARD-003");
  EXPECT_EQ(failed.status, Status::fail);
  EXPECT_EQ(failed.evidence["edition"], "Percona Server for MongoDB");
}

CommandOutcome startup_log(std::initializer_list<const char*> lines) {
  bson::Array log;
  for (const char* line : lines) log.push_back(bson::Value(line));
  return answered(
      bson::Document{{"totalLinesWritten", std::int32_t(log.size())}, {"log", log}, {"ok", 1.0}});
}

TEST(Process, RedactedAndQuietStartupPasses) {
  NodeFacts facts = configured({{"security", bson::Document{{"redactClientLogData", true}}}});
  facts.commands["getLog"] = startup_log(
      {R"({"t":{"$date":"2024-07-01T10:00:00.000Z"},"s":"W","c":"CONTROL","id":22140,"msg":"This server is bound to localhost."})"});
  const Finding finding = judge(facts, "HARD-004");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["runs_as_root"], false);
}

TEST(Process, RootAndLowRlimitsFromStartupWarningsFail) {
  NodeFacts facts = configured({{"security", bson::Document{{"redactClientLogData", true}}}});
  facts.commands["getLog"] = startup_log(
      {R"({"s":"W","c":"CONTROL","id":22120,"msg":"You are running this process as the root user, which is not recommended"})",
       "** WARNING: soft rlimits too low. rlimits set to 4096 processes, 1024 files."});
  const Finding finding = judge(facts, "HARD-004");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("runs as root"), std::string::npos);
  EXPECT_NE(finding.message.find("limits"), std::string::npos);
  EXPECT_EQ(finding.evidence["low_rlimits"], true);
}

TEST(Process, UnredactedLogsFailEvenWithoutTheLog) {
  NodeFacts facts = configured({});
  set_modules(facts, {"enterprise"});
  facts.commands["getLog"] = refused();
  const Finding finding = judge(facts, "HARD-004");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("defaults to false"), std::string::npos);

  facts.commands["getCmdLineOpts"] =
      cmd_line_opts({{"security", bson::Document{{"redactClientLogData", true}}}});
  const Finding partial = judge(facts, "HARD-004");
  EXPECT_EQ(partial.status, Status::skipped);
  EXPECT_EQ(partial.evidence["needs"], "getLog");
}

// The manual lists security.redactClientLogData as an Enterprise feature; a Community build has no
// such option, so its absence there is no finding, and root and rlimits still judge.
TEST(Process, LogRedactionDoesNotApplyToCommunityAndTheRestStillJudges) {
  NodeFacts community = configured({});
  set_modules(community, {});
  community.commands["getLog"] = startup_log({});
  const Finding clean = judge(community, "HARD-004");
  EXPECT_EQ(clean.status, Status::pass) << clean.message;
  EXPECT_EQ(clean.evidence["security.redactClientLogData"]["applicable"], false);
  EXPECT_NE(clean.message.find("does not apply to MongoDB Community"), std::string::npos);

  community.commands["getLog"] = startup_log(
      {R"({"s":"W","c":"CONTROL","id":22120,"msg":"You are running this process as the root user, which is not recommended"})"});
  const Finding root = judge(community, "HARD-004");
  EXPECT_EQ(root.status, Status::fail);
  EXPECT_EQ(root.message, "the server runs as root (startupWarnings)");
}

// redactClientLogData is a server parameter that setParameter changes at runtime (Percona's
// jstests read it back with getParameter): the live value outranks the configuration file.
TEST(Process, TheLiveParameterOutranksTheConfiguration) {
  NodeFacts facts = configured({{"security", bson::Document{{"redactClientLogData", true}}}});
  set_modules(facts, {"enterprise"});
  facts.commands["getLog"] = startup_log({});
  facts.commands["getParameter"] =
      answered(bson::Document{{"redactClientLogData", false}, {"ok", 1.0}});
  const Finding turned_off = judge(facts, "HARD-004");
  EXPECT_EQ(turned_off.status, Status::fail);
  EXPECT_EQ(turned_off.evidence["security.redactClientLogData"]["source"],
            "getParameter redactClientLogData");

  facts.commands["getCmdLineOpts"] = cmd_line_opts({});
  facts.commands["getParameter"] =
      answered(bson::Document{{"redactClientLogData", true}, {"ok", 1.0}});
  EXPECT_EQ(judge(facts, "HARD-004").status, Status::pass);
}

// A server config file: HARD-001 and HARD-002 judged from its settings, at the setting's line.
TEST(ConfigFileHardening, JavaScriptAndAuditingFromTheFile) {
  const ServerConfigFile hardened{
      "mongod.conf",
      {{"security.javascriptEnabled", "false", 5}, {"auditLog.destination", "syslog", 8}}};
  const auto findings = check_hardening(hardened, Policy{});
  EXPECT_EQ(finding_for(findings, "HARD-001").status, Status::pass);
  EXPECT_EQ(finding_for(findings, "HARD-001").subject.line, 5);
  EXPECT_EQ(finding_for(findings, "HARD-002").status, Status::pass);
  EXPECT_EQ(finding_for(findings, "HARD-002").subject.line, 8);
  const ServerConfigFile bare{"mongod.conf", {{"net.port", "27017", 2}}};
  const auto defaults = check_hardening(bare, Policy{});
  EXPECT_EQ(finding_for(defaults, "HARD-001").status, Status::fail);
  EXPECT_EQ(finding_for(defaults, "HARD-002").status, Status::fail);
  EXPECT_EQ(finding_for(defaults, "HARD-002").evidence["edition"], "unknown");
}

}  // namespace
}  // namespace mongoscan
