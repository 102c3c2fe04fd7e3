#include "scanner/cli/kept_node_facts.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace kept_node_facts_test {
namespace {

CommandOutcome ok(bson::Document reply) {
  return {CommandOutcome::State::ok, std::move(reply), ""};
}

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
  for (const char* kept :
       {"buildInfo", "serverStatus", "getCmdLineOpts", "connectionStatus", "replSetGetConfig",
        "listShards", "getShardMap", "find config.shards", "find config.mongos"})
    EXPECT_TRUE(node.commands[kept].reply.find("ok")) << kept;
  for (const char* dropped : {"getParameter", "getLog", "usersInfo"}) {
    EXPECT_FALSE(node.commands[dropped].reply.find("ok")) << dropped;
    EXPECT_EQ(node.commands[dropped].state, CommandOutcome::State::ok) << dropped;
  }
  EXPECT_EQ(node.commands["rolesInfo"].message, "not authorized");
}

}  // namespace
}  // namespace kept_node_facts_test
}  // namespace mongoscan
