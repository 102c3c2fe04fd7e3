#include "scanner/cli/kept_node_facts.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace kept_node_facts_test {
namespace {

CommandOutcome ok(bson::Document reply) {
  return {CommandOutcome::State::ok, std::move(reply), ""};
}

// serverStatus is kept in part: the next test.
TEST(KeptNodeFacts, RepliesReadLaterStayOthersGoWithTheirStateKept) {
  NodeFacts node;
  node.hello = bson::Document{{"setName", std::string("rs0")}};
  node.unauthenticated["listDatabases"] = ok(bson::Document{{"totalSize", 1.0}});
  for (const char* name : {"buildInfo", "serverStatus", "getCmdLineOpts", "connectionStatus",
                           "replSetGetConfig", "listShards", "getShardMap", "find config.shards",
                           "find config.mongos", "getParameter", "getLog", "usersInfo"})
    node.commands[name] = ok(bson::Document{{"ok", 1.0}});
  node.commands["rolesInfo"] = {CommandOutcome::State::not_permitted, {}, "not authorized"};

  drop_replies_judged(node);

  EXPECT_TRUE(node.hello.has_value());
  EXPECT_FALSE(node.unauthenticated["listDatabases"].reply.find("totalSize"));
  EXPECT_EQ(node.unauthenticated["listDatabases"].state, CommandOutcome::State::ok);
  for (const char* kept : {"buildInfo", "getCmdLineOpts", "connectionStatus", "replSetGetConfig",
                           "listShards", "getShardMap", "find config.shards", "find config.mongos"})
    EXPECT_TRUE(node.commands[kept].reply.find("ok")) << kept;
  for (const char* dropped : {"getParameter", "getLog", "usersInfo"}) {
    EXPECT_FALSE(node.commands[dropped].reply.find("ok")) << dropped;
    EXPECT_EQ(node.commands[dropped].state, CommandOutcome::State::ok) << dropped;
  }
  EXPECT_EQ(node.commands["rolesInfo"].message, "not authorized");
}

TEST(KeptNodeFacts, ServerStatusKeepsTheFieldsReadLaterInTheirOrder) {
  NodeFacts node;
  node.commands["serverStatus"] = ok(bson::Document{
      {"host", std::string("db1:27017")},
      {"version", std::string("8.0.4")},
      {"connections", bson::Document{{"current", 3}, {"available", 797}}},
      {"opcounters", bson::Document{{"query", std::int64_t{12}}}},
      {"sharding", bson::Document{{"configsvrConnectionString", std::string("cfg/c1:27019")}}},
      {"metrics", bson::Document{{"cursor", bson::Document{{"open", 1}}}}},
      {"ok", 1.0}});

  drop_replies_judged(node);

  const bson::Document& kept = node.commands["serverStatus"].reply;
  std::vector<std::string> keys;
  for (const auto& [key, value] : kept) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"host", "connections", "sharding"}));
  EXPECT_EQ(kept.get_string("host"), "db1:27017");
  EXPECT_EQ(kept.get_document("connections")->get_int64("available"), 797);
  EXPECT_EQ(kept.get_document("sharding")->get_string("configsvrConnectionString"), "cfg/c1:27019");
  EXPECT_EQ(node.commands["serverStatus"].state, CommandOutcome::State::ok);
}

}  // namespace
}  // namespace kept_node_facts_test
}  // namespace mongoscan
