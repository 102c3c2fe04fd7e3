#include "checks/server/hardening.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace hardening_test {
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
  for (const char* id :
       {"HARD-001", "HARD-002", "HARD-003", "HARD-004", "HARD-005", "HARD-006", "HARD-007"}) {
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

NodeFacts encrypted(bson::Document security) {
  security.append("enableEncryption", bson::Value(true));
  return configured({{"security", std::move(security)}});
}

TEST(EncryptionAtRest, AKeyManagerPassesAtTheDefaultCipherMode) {
  const Finding kmip =
      judge(encrypted({{"kmip", bson::Document{{"serverName", "kmip.example.test"}}}}), "HARD-003");
  EXPECT_EQ(kmip.status, Status::pass) << kmip.message;
  EXPECT_EQ(kmip.evidence["key_source"], "KMIP");
  EXPECT_EQ(kmip.evidence["security.encryptionCipherMode"]["value"], "AES256-CBC");
  EXPECT_EQ(kmip.evidence["security.encryptionCipherMode"]["set"], false);
  // Percona Server keeps its master key in HashiCorp Vault.
  EXPECT_EQ(judge(encrypted({{"vault", bson::Document{{"serverName", "vault.example.test"}}}}),
                  "HARD-003")
                .status,
            Status::pass);
}

TEST(EncryptionAtRest, ALocalKeyFileOrAnUnseenKeySourceWarns) {
  const Finding key_file =
      judge(encrypted({{"encryptionKeyFile", "/etc/mongodb/encryption.key"}}), "HARD-003");
  EXPECT_EQ(key_file.status, Status::warn);
  EXPECT_NE(key_file.message.find("regulatory key management"), std::string::npos);
  EXPECT_EQ(key_file.evidence["key_source"], "key file");
  const Finding unseen = judge(encrypted({}), "HARD-003");
  EXPECT_EQ(unseen.status, Status::warn);
  EXPECT_TRUE(unseen.evidence["key_source"].is_null());
}

// STIG V-252165 allows AES256-GCM only: a policy saying so fails the default AES256-CBC.
TEST(EncryptionAtRest, ACipherModeThePolicyDoesNotAllowFails) {
  Policy gcm_only;
  gcm_only.encryption_cipher_modes = {"AES256-GCM"};
  const NodeFacts cbc = encrypted({{"kmip", bson::Document{{"serverName", "kmip.example.test"}}}});
  const Finding failed = finding_for(check_hardening(cbc, gcm_only), "HARD-003");
  EXPECT_EQ(failed.status, Status::fail);
  EXPECT_NE(failed.message.find("AES256-CBC (the default)"), std::string::npos) << failed.message;
  const NodeFacts gcm = encrypted({{"encryptionCipherMode", "AES256-GCM"},
                                   {"kmip", bson::Document{{"serverName", "kmip.example.test"}}}});
  EXPECT_EQ(finding_for(check_hardening(gcm, gcm_only), "HARD-003").status, Status::pass);
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

NodeFacts enterprise_with(bson::Document audit_log) {
  NodeFacts facts = configured({{"auditLog", std::move(audit_log)}});
  set_modules(facts, {bson::Value("enterprise")});
  return facts;
}

TEST(AuditFilterCheck, NoFilterKeepsEverythingAndPasses) {
  const Finding finding = judge(enterprise_with({{"destination", "syslog"}}), "HARD-005");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["auditLog.filter"]["set"], false);
}

TEST(AuditFilterCheck, AFilterThatDropsSecurityEventsFailsNamingThem) {
  const Finding finding =
      judge(enterprise_with(
                {{"destination", "file"},
                 {"path", "/var/log/mongodb/audit.json"},
                 {"filter", R"({ atype: { $in: [ "createCollection", "dropCollection" ] } })"}}),
            "HARD-005");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("authentication (authenticate (result 0), authenticate (result "
                                 "18))"),
            std::string::npos)
      << finding.message;
  EXPECT_NE(finding.message.find("dropDatabase"), std::string::npos);
  EXPECT_EQ(finding.evidence["dropped"]["authorization failures"], nlohmann::json{"authCheck"});
  EXPECT_FALSE(finding.evidence["dropped"].contains("unknown"));
}

TEST(AuditFilterCheck, AFilterKeepingEveryConcernPasses) {
  const Finding finding = judge(
      enterprise_with(
          {{"destination", "syslog"},
           {"filter",
            R"({$or: [{atype: {$in: ["authenticate", "createUser", "dropUser", "dropAllUsersFromDatabase", "updateUser", "grantRolesToUser", "revokeRolesFromUser", "createRole", "updateRole", "dropRole", "dropAllRolesFromDatabase", "grantRolesToRole", "revokeRolesFromRole", "grantPrivilegesToRole", "revokePrivilegesFromRole", "createCollection", "createDatabase", "createIndex", "renameCollection", "dropCollection", "dropDatabase", "dropIndex"]}}, {atype: "authCheck", result: 13}]})"}}),
      "HARD-005");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
}

TEST(AuditFilterCheck, TooComplexWarnsNeverPasses) {
  const Finding finding = judge(
      enterprise_with({{"destination", "syslog"}, {"filter", R"({"users.user": {$ne: "svc"}})"}}),
      "HARD-005");
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_NE(finding.message.find("users.user"), std::string::npos);
  const Finding runtime = judge(
      enterprise_with({{"destination", "syslog"}, {"runtimeConfiguration", true}}), "HARD-005");
  EXPECT_EQ(runtime.status, Status::warn);
  EXPECT_NE(runtime.message.find("runtimeConfiguration"), std::string::npos);
  const Finding ocsf =
      judge(enterprise_with({{"destination", "syslog"}, {"schema", "OCSF"}}), "HARD-005");
  EXPECT_EQ(ocsf.status, Status::warn);
  const Finding garbled =
      judge(enterprise_with({{"destination", "syslog"}, {"filter", "{atype: "}}), "HARD-005");
  EXPECT_EQ(garbled.status, Status::warn);
}

TEST(AuditFilterCheck, NotApplicableWithoutAuditing) {
  NodeFacts community = configured({});
  set_modules(community, {});
  for (const char* id : {"HARD-005", "HARD-006", "HARD-014"}) {
    const Finding finding = judge(community, id);
    EXPECT_EQ(finding.status, Status::skipped) << id;
    EXPECT_NE(finding.message.find("Community"), std::string::npos) << id;
    const Finding off = judge(enterprise_with({}), id);
    EXPECT_EQ(off.status, Status::skipped) << id;
    EXPECT_NE(off.message.find("HARD-002"), std::string::npos) << id;
  }
}

TEST(AuditDestination, ThePolicyDecidesWhichDestinationsPass) {
  EXPECT_EQ(judge(enterprise_with({{"destination", "syslog"}}), "HARD-006").status, Status::pass);
  const Finding file =
      judge(enterprise_with({{"destination", "file"}, {"path", "/var/log/mongodb/audit.json"}}),
            "HARD-006");
  EXPECT_EQ(file.status, Status::pass);
  EXPECT_NE(file.message.find("/var/log/mongodb/audit.json"), std::string::npos);
  const Finding console = judge(enterprise_with({{"destination", "console"}}), "HARD-006");
  EXPECT_EQ(console.status, Status::fail);
  EXPECT_NE(console.message.find("standard output"), std::string::npos);

  Policy syslog_only;
  syslog_only.audit_destinations = {"syslog"};
  const Finding refused_file = finding_for(
      check_hardening(enterprise_with({{"destination", "file"}}), syslog_only), "HARD-006");
  EXPECT_EQ(refused_file.status, Status::fail);
  EXPECT_EQ(refused_file.evidence["allowed"], nlohmann::json{"syslog"});
}

Policy requiring_authorization_success_audit() {
  Policy policy;
  policy.audit_authorization_success = true;
  return policy;
}

Finding authorization_success_audit(const NodeFacts& facts) {
  return finding_for(check_hardening(facts, requiring_authorization_success_audit()), "HARD-014");
}

TEST(AuthorizationSuccessAuditing, SkippedUnlessThePolicyRequiresIt) {
  const Finding finding = judge(enterprise_with({{"destination", "syslog"}}), "HARD-014");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_NE(finding.message.find("audit_authorization_success is false"), std::string::npos);
  EXPECT_EQ(finding.evidence["auditAuthorizationSuccess"]["value"], false);
  EXPECT_EQ(finding.evidence["auditAuthorizationSuccess"]["set"], false);
}

TEST(AuthorizationSuccessAuditing, TheDefaultFailsAndTrueFromAnySourcePasses) {
  const Finding defaulted =
      authorization_success_audit(enterprise_with({{"destination", "syslog"}}));
  EXPECT_EQ(defaulted.status, Status::fail);
  EXPECT_NE(defaulted.message.find("false (the default)"), std::string::npos) << defaulted.message;

  // getCmdLineOpts shows setParameter values as the strings they were given as.
  NodeFacts configured_on =
      configured({{"auditLog", bson::Document{{"destination", "syslog"}}},
                  {"setParameter", bson::Document{{"auditAuthorizationSuccess", "true"}}}});
  set_modules(configured_on, {bson::Value("enterprise")});
  EXPECT_EQ(authorization_success_audit(configured_on).status, Status::pass);

  // setParameter changes it at runtime: the live value outranks the configured one.
  configured_on.commands["getParameter"] =
      answered(bson::Document{{"auditAuthorizationSuccess", false}, {"ok", 1.0}});
  const Finding live = authorization_success_audit(configured_on);
  EXPECT_EQ(live.status, Status::fail);
  EXPECT_EQ(live.evidence["auditAuthorizationSuccess"]["source"],
            "getParameter auditAuthorizationSuccess");
}

TEST(AuthorizationSuccessAuditing, RuntimeAuditConfigurationWarnsNeverPasses) {
  NodeFacts facts = enterprise_with({{"destination", "syslog"}, {"runtimeConfiguration", true}});
  facts.commands["getParameter"] =
      answered(bson::Document{{"auditAuthorizationSuccess", true}, {"ok", 1.0}});
  const Finding finding = authorization_success_audit(facts);
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_NE(finding.message.find("getAuditConfig"), std::string::npos);
}

TEST(AuthorizationSuccessAuditing, FromAConfigFileAtTheParametersLine) {
  const ServerConfigFile file{"mongod.conf",
                              {{"auditLog.destination", "syslog", 9},
                               {"setParameter.auditAuthorizationSuccess", "false", 12}}};
  const Finding off =
      finding_for(check_hardening(file, requiring_authorization_success_audit()), "HARD-014");
  EXPECT_EQ(off.status, Status::fail);
  EXPECT_EQ(off.subject.line, 12);
  const ServerConfigFile unreadable{"mongod.conf",
                                    {{"auditLog.destination", "syslog", 9},
                                     {"setParameter.auditAuthorizationSuccess", "yes", 12}}};
  EXPECT_EQ(
      finding_for(check_hardening(unreadable, requiring_authorization_success_audit()), "HARD-014")
          .status,
      Status::warn);
}

TEST(SystemLog, DefaultsToAFileFailOnLogAppend) {
  const Finding finding =
      judge(configured({{"systemLog", bson::Document{{"destination", "file"},
                                                     {"path", "/var/log/mongodb/mongod.log"}}}}),
            "HARD-007");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("logAppend is off (the default)"), std::string::npos)
      << finding.message;
  EXPECT_EQ(finding.evidence["systemLog.logAppend"]["set"], false);
}

TEST(SystemLog, AppendedQuietOffVerbosityZeroPasses) {
  const Finding finding = judge(
      configured({{"systemLog", bson::Document{{"destination", "file"}, {"logAppend", true}}}}),
      "HARD-007");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  // syslog appends by itself: logAppend is not judged.
  EXPECT_EQ(
      judge(configured({{"systemLog", bson::Document{{"destination", "syslog"}}}}), "HARD-007")
          .status,
      Status::pass);
}

TEST(SystemLog, QuietAndRaisedVerbosityFail) {
  const Finding quiet =
      judge(configured({{"systemLog", bson::Document{{"destination", "syslog"}, {"quiet", true}}}}),
            "HARD-007");
  EXPECT_EQ(quiet.status, Status::fail);
  EXPECT_NE(quiet.message.find("quiet"), std::string::npos);
  const Finding component = judge(
      configured(
          {{"systemLog",
            bson::Document{{"destination", "syslog"},
                           {"component", bson::Document{{"accessControl",
                                                         bson::Document{{"verbosity", 2}}}}}}}}),
      "HARD-007");
  EXPECT_EQ(component.status, Status::fail);
  EXPECT_EQ(component.evidence["verbosity"]["components"]["accessControl"], 2);
}

// quiet and logLevel change at runtime (setParameter): getParameter's values outrank the file's.
TEST(SystemLog, LiveParametersOutrankTheConfiguration) {
  NodeFacts facts =
      configured({{"systemLog",
                   bson::Document{{"destination", "syslog"}, {"verbosity", 3}, {"quiet", true}}}});
  facts.commands["getParameter"] =
      answered(bson::Document{{"quiet", false}, {"logLevel", 0}, {"ok", 1.0}});
  const Finding finding = judge(facts, "HARD-007");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["verbosity"]["source"], "getParameter logLevel");
  facts.commands["getParameter"] = answered(bson::Document{
      {"logComponentVerbosity",
       bson::Document{{"verbosity", 0}, {"network", bson::Document{{"verbosity", 1}}}}},
      {"ok", 1.0}});
  EXPECT_EQ(judge(facts, "HARD-007").status, Status::fail);
}

// HARD-015 (Checklist, "Collect logs to a central log store"): syslog is collected by default; a
// file or standard output only where the policy's collected_logs declares it.
TEST(LogCollection, SyslogOrADeclaredFileOrConsolePassesAndTheRestWarns) {
  const auto system_log = [](bson::Document settings) {
    return configured({{"systemLog", std::move(settings)}});
  };
  EXPECT_EQ(judge(system_log({{"destination", "syslog"}}), "HARD-015").status, Status::pass);
  const Finding file = judge(
      system_log({{"destination", "file"}, {"path", "/var/log/mongodb/mongod.log"}}), "HARD-015");
  EXPECT_EQ(file.status, Status::warn);
  EXPECT_EQ(file.severity, Severity::low);
  EXPECT_NE(file.message.find("the file /var/log/mongodb/mongod.log"), std::string::npos);
  const Finding console = judge(configured({}), "HARD-015");
  EXPECT_EQ(console.status, Status::warn) << "no destination: standard output";
  EXPECT_NE(console.message.find("standard output"), std::string::npos);

  Policy shipped;
  shipped.collected_logs = {"/var/log/mongodb/", "/srv/mongo.log", "console"};
  const auto with = [&](const NodeFacts& facts) {
    return finding_for(check_hardening(facts, shipped), "HARD-015").status;
  };
  EXPECT_EQ(with(system_log({{"destination", "file"}, {"path", "/var/log/mongodb/mongod.log"}})),
            Status::pass);
  EXPECT_EQ(with(system_log({{"destination", "file"}, {"path", "/srv/mongo.log"}})), Status::pass);
  EXPECT_EQ(with(system_log({{"destination", "file"}, {"path", "/srv/mongo.log.1"}})), Status::warn)
      << "a file entry names that file only";
  EXPECT_EQ(with(system_log({{"destination", "file"}, {"path", "/var/log/mongodb2/x.log"}})),
            Status::warn);
  EXPECT_EQ(with(configured({})), Status::pass) << "console declared";
  EXPECT_EQ(with(system_log({{"destination", "syslog"}})), Status::warn)
      << "syslog not among the declared";
}

TEST(ConfigFileHardening, LoggingChecksFromTheFile) {
  const ServerConfigFile file{"mongod.conf",
                              {{"systemLog.destination", "file", 3},
                               {"systemLog.logAppend", "true", 4},
                               {"auditLog.destination", "console", 9},
                               {"auditLog.filter", "{ atype: 'authenticate' }", 10}}};
  const auto findings = check_hardening(file, Policy{});
  EXPECT_EQ(finding_for(findings, "HARD-007").status, Status::pass);
  const Finding filter = finding_for(findings, "HARD-005");
  EXPECT_EQ(filter.status, Status::fail);
  EXPECT_EQ(filter.subject.line, 10);
  EXPECT_EQ(finding_for(findings, "HARD-006").status, Status::fail);
  EXPECT_EQ(finding_for(findings, "HARD-006").subject.line, 9);
  const Finding collection = finding_for(findings, "HARD-015");
  EXPECT_EQ(collection.status, Status::warn) << "a file without a path";
  EXPECT_EQ(collection.subject.line, 3);
  // A file that sets no destination: standard output, whose collection the file cannot show.
  const ServerConfigFile bare{"mongod.conf", {{"net.port", "27017", 2}}};
  EXPECT_EQ(finding_for(check_hardening(bare, Policy{}), "HARD-015").status, Status::skipped);
}

}  // namespace
}  // namespace hardening_test
}  // namespace mongoscan
