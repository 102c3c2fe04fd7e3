#include "scanner/cli/kept_node_facts.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace kept_node_facts_test {
namespace {

CommandOutcome ok(bson::Document reply) {
  return {CommandOutcome::State::ok, std::move(reply), ""};
}

std::vector<std::string> keys_of(const bson::Document& document) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : document) keys.push_back(key);
  return keys;
}

// A node as a probe leaves it: replies to read later, replies only its own checks read.
NodeFacts probed_node() {
  NodeFacts node;
  node.host = "db1.example.test";
  node.port = 27017;
  node.resolved_addresses = {"10.0.0.5"};
  node.tls = true;
  node.tls_facts = TlsFacts{};
  node.weak_tls_handshakes = {{"TLSv1", WeakTlsHandshake::Outcome::refused, "", "", "alert"}};
  node.http_interface = HttpInterfaceFacts{28017, false, "", ""};
  node.hello_command = "hello";
  node.hello = bson::Document{{"isWritablePrimary", true},
                              {"setName", "rs0"},
                              {"hosts", bson::Array{"db1:27017", "db2:27017"}},
                              {"topologyVersion", bson::Document{{"counter", 6}}},
                              {"maxWireVersion", 21},
                              {"saslSupportedMechs", bson::Array{"SCRAM-SHA-256"}}};
  node.unauthenticated["listDatabases"] = {CommandOutcome::State::not_permitted,
                                           bson::Document{{"code", 13}}, "Unauthorized"};
  node.commands["buildInfo"] = ok(bson::Document{
      {"version", "8.0.4"}, {"gitVersion", "bc3"}, {"modules", bson::Array{"enterprise"}}});
  node.commands["getParameter"] = ok(bson::Document{{"auditAuthorizationSuccess", false}});
  node.commands["rolesInfo"] = {CommandOutcome::State::not_permitted, {}, "not authorized"};
  node.commands["connectionStatus"] = ok(bson::Document{
      {"authInfo",
       bson::Document{
           {"authenticatedUsers", bson::Array{bson::Document{{"user", "scan"}, {"db", "admin"}}}},
           {"authenticatedUserRoles",
            bson::Array{bson::Document{{"role", "clusterMonitor"}, {"db", "admin"}}}},
           {"authenticatedUserPrivileges",
            bson::Array{
                bson::Document{{"resource", bson::Document{{"cluster", true}}},
                               {"actions", bson::Array{"listDatabases", "serverStatus"}}}}}}}});
  node.commands["replSetGetConfig"] = ok(bson::Document{
      {"config", bson::Document{{"_id", "rs0"},
                                {"settings", bson::Document{{"chainingAllowed", true}}},
                                {"members", bson::Array{bson::Document{{"_id", 0},
                                                                       {"host", "db1:27017"},
                                                                       {"priority", 1.0},
                                                                       {"votes", 1},
                                                                       {"tags", bson::Document{}}},
                                                        bson::Document{{"_id", 1},
                                                                       {"host", "db2:27017"},
                                                                       {"arbiterOnly", true},
                                                                       {"votes", 1}}}}}}});
  return node;
}

TEST(KeptNodeFacts, CommandsNoLaterReaderAsksForAreDroppedButBuildInfoStays) {
  NodeFacts node = probed_node();
  node.commands["buildInfo"] = {CommandOutcome::State::failed, {}, "no reply before the deadline"};

  drop_facts_judged(node, {});

  std::vector<std::string> names;
  for (const auto& [name, outcome] : node.commands) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"buildInfo", "replSetGetConfig"}));
  EXPECT_EQ(node.commands["buildInfo"].state, CommandOutcome::State::failed);
  EXPECT_EQ(node.commands["buildInfo"].message, "no reply before the deadline");
  // Before authentication: only each command's state (listing_scope.cpp reads them).
  EXPECT_EQ(node.unauthenticated["listDatabases"].state, CommandOutcome::State::not_permitted);
  EXPECT_TRUE(node.unauthenticated["listDatabases"].reply.empty());
  EXPECT_TRUE(node.unauthenticated["listDatabases"].message.empty());
}

TEST(KeptNodeFacts, RepliesKeepTheFieldsReadLaterLookingThroughArrays) {
  NodeFacts node = probed_node();

  drop_facts_judged(node, {});

  EXPECT_EQ(keys_of(node.commands["buildInfo"].reply), (std::vector<std::string>{"version"}));
  const auto config = node.commands["replSetGetConfig"].reply.get_document("config");
  ASSERT_TRUE(config);
  EXPECT_EQ(keys_of(*config), (std::vector<std::string>{"members"}));
  const bson::Array members = *config->get_array("members");
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(keys_of(*members[0].get_if<bson::Document>()),
            (std::vector<std::string>{"host", "votes"}));
  EXPECT_EQ(keys_of(*members[1].get_if<bson::Document>()),
            (std::vector<std::string>{"host", "arbiterOnly", "votes"}));
  EXPECT_EQ(members[1].get_if<bson::Document>()->get_bool("arbiterOnly"), true);
}

TEST(KeptNodeFacts, ServerStatusKeepsTheFieldsReadLaterInTheirOrder) {
  NodeFacts node;
  node.commands["serverStatus"] = ok(bson::Document{
      {"host", std::string("db1:27017")},
      {"version", std::string("8.0.4")},
      {"connections", bson::Document{{"current", 3}, {"available", 797}, {"totalCreated", 9}}},
      {"opcounters", bson::Document{{"query", std::int64_t{12}}}},
      {"sharding", bson::Document{{"configsvrConnectionString", std::string("cfg/c1:27019")},
                                  {"lastSeenConfigServerOpTime", bson::Document{}}}},
      {"metrics", bson::Document{{"cursor", bson::Document{{"open", 1}}}}},
      {"ok", 1.0}});

  drop_facts_judged(node, {});

  const bson::Document& kept = node.commands["serverStatus"].reply;
  EXPECT_EQ(keys_of(kept), (std::vector<std::string>{"host", "connections", "sharding"}));
  EXPECT_EQ(kept.get_string("host"), "db1:27017");
  EXPECT_EQ(keys_of(*kept.get_document("connections")),
            (std::vector<std::string>{"current", "available"}));
  EXPECT_EQ(kept.get_document("connections")->get_int64("available"), 797);
  EXPECT_EQ(keys_of(*kept.get_document("sharding")),
            (std::vector<std::string>{"configsvrConnectionString"}));
  EXPECT_EQ(node.commands["serverStatus"].state, CommandOutcome::State::ok);
}

TEST(KeptNodeFacts, PrivilegesStayOnlyWhenTheListingScopeIsJudgedLater) {
  NodeFacts without = probed_node();
  drop_facts_judged(without, {});
  EXPECT_FALSE(without.commands.contains("connectionStatus"));

  NodeFacts with = probed_node();
  drop_facts_judged(with, {.listing_scope = true});
  const auto info = with.commands["connectionStatus"].reply.get_document("authInfo");
  ASSERT_TRUE(info);
  EXPECT_EQ(keys_of(*info), (std::vector<std::string>{"authenticatedUserPrivileges"}));
  const bson::Array privileges = *info->get_array("authenticatedUserPrivileges");
  ASSERT_EQ(privileges.size(), 1u);
  EXPECT_EQ(keys_of(*privileges[0].get_if<bson::Document>()),
            (std::vector<std::string>{"resource", "actions"}));
  EXPECT_EQ(privileges[0].get_if<bson::Document>()->get_array("actions")->size(), 2u);
}

TEST(KeptNodeFacts, HelloKeepsWhatPlacesTheNodeAndTlsFactsGo) {
  NodeFacts node = probed_node();

  drop_facts_judged(node, {});

  ASSERT_TRUE(node.hello);
  EXPECT_EQ(keys_of(*node.hello),
            (std::vector<std::string>{"isWritablePrimary", "setName", "hosts", "maxWireVersion"}));
  EXPECT_TRUE(node.tls);
  EXPECT_FALSE(node.tls_facts);
  EXPECT_TRUE(node.weak_tls_handshakes.empty());
  EXPECT_FALSE(node.http_interface);
  EXPECT_TRUE(node.resolved_addresses.empty());
  EXPECT_EQ(node.address(), "db1.example.test:27017");
}

}  // namespace
}  // namespace kept_node_facts_test
}  // namespace mongoscan
