#include "checks/server/network.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace network_test {
namespace {

using check_test::answered;
using check_test::cmd_line_opts;
using check_test::finding_for;
using check_test::reachable_node;
using check_test::refused;

Finding judge(const NodeFacts& facts, std::string_view id) {
  return finding_for(check_network(facts, Policy{}), id);
}

TEST(NetworkExposure, PrivateAndLoopbackAddressesPass) {
  NodeFacts facts = reachable_node();
  facts.host = "db1.internal";
  facts.resolved_addresses = {"10.0.0.5", "fd00::5", "127.0.0.1", "100.64.1.1"};
  const Finding finding = judge(facts, "NET-001");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["addresses"]["10.0.0.5"], "private");
  EXPECT_EQ(finding.evidence["addresses"]["127.0.0.1"], "loopback");
}

TEST(NetworkExposure, OnePublicAddressFailsNamingIt) {
  NodeFacts facts = reachable_node();
  facts.host = "db1.example.com";
  facts.resolved_addresses = {"10.0.0.5", "203.0.113.7"};
  const Finding finding = judge(facts, "NET-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::high);
  EXPECT_NE(finding.message.find("203.0.113.7"), std::string::npos);
  EXPECT_EQ(finding.message.find("10.0.0.5"), std::string::npos);
}

TEST(NetworkExposure, UnresolvedNameIsAnError) {
  NodeFacts facts = reachable_node();
  facts.resolved_addresses.clear();
  EXPECT_EQ(judge(facts, "NET-001").status, Status::error);
}

TEST(BindIp, EveryInterfaceInAListFails) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(bson::Document{{"net", bson::Document{{"bindIp", "127.0.0.1, 0.0.0.0"}}}});
  const Finding finding = judge(facts, "NET-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("0.0.0.0"), std::string::npos);
  EXPECT_EQ(finding.evidence["net.bindIp"]["set"], true);
}

TEST(BindIp, IPv6AnyAndBindIpAllFail) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(bson::Document{{"net", bson::Document{{"bindIp", "::1,::"}}}});
  EXPECT_EQ(judge(facts, "NET-002").status, Status::fail);
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(bson::Document{{"net", bson::Document{{"bindIpAll", true}}}});
  const Finding all = judge(facts, "NET-002");
  EXPECT_EQ(all.status, Status::fail);
  EXPECT_NE(all.message.find("bindIpAll"), std::string::npos);
}

TEST(BindIp, SpecificAddressesPass) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts(bson::Document{{"net", bson::Document{{"bindIp", "127.0.0.1,10.0.0.5"}}}});
  const Finding finding = judge(facts, "NET-002");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_NE(finding.message.find("127.0.0.1, 10.0.0.5"), std::string::npos);
}

TEST(BindIp, UnsetUsesTheVersionsDefaultAndSaysSo) {
  NodeFacts modern = reachable_node("6.0.4");
  modern.commands["getCmdLineOpts"] = cmd_line_opts(bson::Document{});
  const Finding localhost = judge(modern, "NET-002");
  EXPECT_EQ(localhost.status, Status::pass);
  EXPECT_EQ(localhost.evidence["net.bindIp"]["set"], false);
  EXPECT_NE(localhost.message.find("(default)"), std::string::npos);

  NodeFacts old = reachable_node("3.4.24");
  old.commands["getCmdLineOpts"] = cmd_line_opts(bson::Document{});
  const Finding every = judge(old, "NET-002");
  EXPECT_EQ(every.status, Status::fail);
  EXPECT_NE(every.message.find("the default of this version"), std::string::npos);
}

TEST(BindIp, WithoutGetCmdLineOptsItIsSkippedOrAnError) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] = refused();
  const Finding skipped = judge(facts, "NET-002");
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_EQ(skipped.evidence["needs"], "getCmdLineOpts");
  facts.commands.erase("getCmdLineOpts");
  EXPECT_EQ(judge(facts, "NET-002").status, Status::error);
}

TEST(Port, DefaultPortFailsAtLowSeverity) {
  const Finding finding = judge(reachable_node(), "NET-003");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::low);
  EXPECT_EQ(judge(reachable_node("7.0.12", "", "10.0.0.5", 27117), "NET-003").status, Status::pass);
}

TEST(HttpInterface, ModernServersHaveNone) {
  const Finding finding = judge(reachable_node(), "NET-004");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["maxWireVersion"], 21);
}

// A hello number may arrive as any BSON number (bson.h, Document::get_int64); 21.0 is wire 21.
TEST(HttpInterface, AWireVersionSentAsADoubleIsRead) {
  NodeFacts facts = reachable_node();
  facts.hello = bson::Document{{"isWritablePrimary", true}, {"maxWireVersion", 21.0}};
  const Finding finding = judge(facts, "NET-004");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["maxWireVersion"], 21);
  // A wire version that is not a whole number is no wire version: not checked.
  facts.hello = bson::Document{{"isWritablePrimary", true}, {"maxWireVersion", 21.5}};
  EXPECT_EQ(judge(facts, "NET-004").status, Status::error);
}

TEST(HttpInterface, OldServerAnsweringHttpFails) {
  NodeFacts facts = reachable_node("3.4.24");
  facts.hello = bson::Document{{"ismaster", true}, {"maxWireVersion", std::int32_t{5}}};
  facts.http_interface = HttpInterfaceFacts{28017, true, "HTTP/1.0 200 OK", ""};
  const Finding finding = judge(facts, "NET-004");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("28017"), std::string::npos);

  facts.http_interface = HttpInterfaceFacts{28017, true, "", ""};
  EXPECT_EQ(judge(facts, "NET-004").status, Status::warn);
  facts.http_interface = HttpInterfaceFacts{28017, false, "", "connection refused"};
  EXPECT_EQ(judge(facts, "NET-004").status, Status::pass);
}

TEST(HttpInterface, OldServerNotCheckedIsAnError) {
  NodeFacts facts = reachable_node("3.4.24");
  facts.hello = bson::Document{{"ismaster", true}, {"maxWireVersion", std::int32_t{5}}};
  EXPECT_EQ(judge(facts, "NET-004").status, Status::error);
}

TEST(Network, EveryFindingIsAboutTheNode) {
  for (const Finding& finding : check_network(reachable_node(), Policy{})) {
    EXPECT_EQ(finding.subject.name, "10.0.0.5:27017") << finding.check_id;
  }
  EXPECT_EQ(check_network(reachable_node(), Policy{}).size(), network_specs().size());
}

// A server config file: NET-002 and NET-003 judged from its settings, at the setting's line.
TEST(ConfigFileNetwork, EveryInterfaceFailsAtTheBindIpLine) {
  const ServerConfigFile file{"etc/mongod.conf",
                              {{"net.port", "27017", 3}, {"net.bindIp", "127.0.0.1,0.0.0.0", 4}}};
  const auto findings = check_network(file, Policy{});
  const Finding bind = finding_for(findings, "NET-002");
  EXPECT_EQ(bind.status, Status::fail);
  EXPECT_EQ(bind.subject.kind, Subject::Kind::file);
  EXPECT_EQ(bind.subject.name, "etc/mongod.conf");
  EXPECT_EQ(bind.subject.line, 4);
  EXPECT_NE(bind.message.find("0.0.0.0"), std::string::npos);
  EXPECT_EQ(bind.evidence["net.bindIp"]["source"], "line 4");
  const Finding port = finding_for(findings, "NET-003");
  EXPECT_EQ(port.status, Status::fail);
  EXPECT_EQ(port.subject.line, 3);
}

TEST(ConfigFileNetwork, BindIpAllTrueFailsAndFalseDoesNot) {
  const ServerConfigFile all{"mongod.conf",
                             {{"net.bindIp", "10.0.0.5", 2}, {"net.bindIpAll", "true", 3}}};
  const Finding bind = finding_for(check_network(all, Policy{}), "NET-002");
  EXPECT_EQ(bind.status, Status::fail);
  EXPECT_EQ(bind.subject.line, 3);
  const ServerConfigFile off{"mongod.conf",
                             {{"net.bindIp", "10.0.0.5", 2}, {"net.bindIpAll", "false", 3}}};
  EXPECT_EQ(finding_for(check_network(off, Policy{}), "NET-002").status, Status::pass);
}

TEST(ConfigFileNetwork, UnsetBindIpIsLocalhostAndAnotherPortPasses) {
  const ServerConfigFile file{"mongod.conf",
                              {{"net.port", "27417", 2}, {"storage.dbPath", "/data", 4}}};
  const auto findings = check_network(file, Policy{});
  const Finding bind = finding_for(findings, "NET-002");
  EXPECT_EQ(bind.status, Status::pass) << bind.message;
  EXPECT_EQ(bind.subject.line, 1);
  EXPECT_EQ(bind.evidence["net.bindIp"]["set"], false);
  EXPECT_EQ(finding_for(findings, "NET-003").status, Status::pass);
}

// mongod's default port follows its cluster role (src/mongo/db/mongod_options.cpp).
TEST(ConfigFileNetwork, UnsetPortIsTheDefaultOfTheClusterRole) {
  const auto port_of = [](std::vector<ServerConfigSetting> settings) {
    return finding_for(
        check_network(ServerConfigFile{"mongod.conf", std::move(settings)}, Policy{}), "NET-003");
  };
  const Finding config_server = port_of({{"sharding.clusterRole", "configsvr", 2}});
  EXPECT_EQ(config_server.status, Status::pass) << config_server.message;
  EXPECT_EQ(config_server.message, "the server listens on port 27019");
  EXPECT_EQ(config_server.evidence["net.port"]["source"],
            "default for sharding.clusterRole configsvr");
  EXPECT_EQ(port_of({{"sharding.clusterRole", "shardsvr", 2}}).message,
            "the server listens on port 27018");
  EXPECT_EQ(port_of({{"sharding.clusterRole", "shardsvr", 2}, {"net.port", "27017", 3}}).status,
            Status::fail);
  EXPECT_EQ(port_of({{"replication.replSetName", "rs0", 2}}).status, Status::fail);
}

// NET-007

TEST(WireObjectCheck, DefaultTrueAndDisabledFails) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] = cmd_line_opts({});
  const Finding by_default = judge(facts, "NET-007");
  EXPECT_EQ(by_default.status, Status::pass);
  EXPECT_EQ(by_default.evidence["net.wireObjectCheck"]["set"], false);
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts({{"net", bson::Document{{"wireObjectCheck", false}}}});
  EXPECT_EQ(judge(facts, "NET-007").status, Status::fail);
  facts.commands["getCmdLineOpts"] = refused();
  EXPECT_EQ(judge(facts, "NET-007").status, Status::skipped);
}

// NET-008

TEST(VersionDisclosure, BuildInfoBeforeAuthenticationWarnsWithWhatItDisclosed) {
  NodeFacts facts = reachable_node();
  facts.unauthenticated["buildInfo"] = answered(
      bson::Document{{"version", "7.0.12"},
                     {"gitVersion", "abc"},
                     {"openssl", bson::Document{{"running", "OpenSSL 3.0.11 19 Sep 2023"}}},
                     {"ok", 1.0}});
  const Finding finding = judge(facts, "NET-008");
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_EQ(finding.severity, Severity::info);
  EXPECT_NE(finding.message.find("7.0.12"), std::string::npos);
  EXPECT_EQ(finding.evidence["buildInfo"]["openssl"]["running"], "OpenSSL 3.0.11 19 Sep 2023");
  EXPECT_EQ(finding.evidence["hello_maxWireVersion"], 21);
}

TEST(VersionDisclosure, RefusedBeforeAuthenticationPassesAndNotTriedIsAnError) {
  NodeFacts facts = reachable_node();
  facts.unauthenticated["buildInfo"] = refused();
  EXPECT_EQ(judge(facts, "NET-008").status, Status::pass);
  facts.unauthenticated.clear();
  EXPECT_EQ(judge(facts, "NET-008").status, Status::error);
}

// NET-009

TEST(ConnectionLimit, UnsetFailsWithTheServersRealLimit) {
  NodeFacts facts = reachable_node();
  facts.commands["getCmdLineOpts"] = cmd_line_opts({});
  facts.commands["serverStatus"] = answered(bson::Document{
      {"connections", bson::Document{{"current", 3}, {"available", 51197}}}, {"ok", 1.0}});
  const Finding finding = judge(facts, "NET-009");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("not set"), std::string::npos);
  EXPECT_NE(finding.message.find("51200"), std::string::npos);
  EXPECT_EQ(finding.evidence["net.maxIncomingConnections"]["value"], 1000000);
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts({{"net", bson::Document{{"maxIncomingConnections", 1000000}}}});
  EXPECT_EQ(judge(facts, "NET-009").status, Status::fail);
  facts.commands["getCmdLineOpts"] =
      cmd_line_opts({{"net", bson::Document{{"maxIncomingConnections", 2000}}}});
  EXPECT_EQ(judge(facts, "NET-009").status, Status::pass);
}

TEST(ConfigFileNetwork, AnyNetHttpOptionFailsAtItsLine) {
  // STIG V-252138 finds even a disabled interface's options: they belong to servers before 3.6.
  const ServerConfigFile file{"mongod.conf",
                              {{"net.port", "27017", 2}, {"net.http.enabled", "false", 4}}};
  const Finding http = finding_for(check_network(file, Policy{}), "NET-004");
  EXPECT_EQ(http.status, Status::fail);
  EXPECT_EQ(http.subject.line, 4);
  EXPECT_EQ(http.evidence["net.http"]["net.http.enabled"], "false");
  const ServerConfigFile without{"mongod.conf", {{"net.port", "27017", 2}}};
  EXPECT_EQ(finding_for(check_network(without, Policy{}), "NET-004").status, Status::pass);
}

TEST(ConfigFileNetwork, WireObjectCheckAndConnectionLimitFromTheFile) {
  const ServerConfigFile file{
      "mongod.conf",
      {{"net.wireObjectCheck", "false", 3}, {"net.maxIncomingConnections", "500", 4}}};
  const auto findings = check_network(file, Policy{});
  EXPECT_EQ(finding_for(findings, "NET-007").status, Status::fail);
  EXPECT_EQ(finding_for(findings, "NET-007").subject.line, 3);
  EXPECT_EQ(finding_for(findings, "NET-009").status, Status::pass);
  EXPECT_EQ(finding_for(findings, "NET-009").subject.line, 4);
}

}  // namespace
}  // namespace network_test
}  // namespace mongoscan
