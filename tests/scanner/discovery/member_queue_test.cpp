#include "scanner/discovery/member_queue.h"

#include <gtest/gtest.h>

#include <map>

#include "tests/scanner/facts/cluster_facts_fixture.h"

namespace mongoscan {
namespace member_queue_test {
namespace {

std::vector<std::string> drain(MemberQueue& queue) {
  std::vector<std::string> addresses;
  while (auto node = queue.next()) addresses.push_back(node->host.address());
  return addresses;
}

NodeFacts node_with_hello(bson::Document hello) {
  NodeFacts node;
  node.host = "a.example.com";
  node.port = 27017;
  node.hello = std::move(hello);
  return node;
}

TEST(MemberQueue, AddsMembersFromHelloOnceEach) {
  MemberQueue queue({HostAddress{HostType::hostname, "a.example.com", 27017}});
  const auto seed = queue.next();
  EXPECT_EQ(seed->host.address(), "a.example.com:27017");
  EXPECT_EQ(seed->origin, NodeOrigin::seed);
  queue.add_members_of(node_with_hello(
      bson::Document{{"hosts", bson::Array{"A.example.com:27017", "b.example.com:27018"}},
                     {"passives", bson::Array{"[::1]:27019"}},
                     {"arbiters", bson::Array{"c.example.com:27020", 7, "not a host:port:x"}}}));
  const auto member = queue.next();
  EXPECT_EQ(member->host.address(), "b.example.com:27018");
  EXPECT_EQ(member->origin, NodeOrigin::hello);
  EXPECT_EQ(member->named_by, "a.example.com:27017");
  EXPECT_EQ(drain(queue), (std::vector<std::string>{"[::1]:27019", "c.example.com:27020"}));
  queue.add_members_of(
      node_with_hello(bson::Document{{"hosts", bson::Array{"b.example.com:27018"}}}));
  EXPECT_FALSE(queue.next().has_value());
}

TEST(MemberQueue, AddsHiddenMembersFromReplSetGetStatus) {
  MemberQueue queue({});
  NodeFacts node = node_with_hello(bson::Document{{"hosts", bson::Array{"a.example.com:27017"}}});
  CommandOutcome status;
  status.state = CommandOutcome::State::ok;
  status.reply = bson::Document{
      {"members", bson::Array{bson::Document{{"_id", 0}, {"name", "a.example.com:27017"}},
                              bson::Document{{"_id", 1}, {"name", "hidden.example.com:27017"}},
                              bson::Document{{"_id", 2}}}}};
  node.commands["replSetGetStatus"] = status;
  queue.add_members_of(node);
  EXPECT_EQ(queue.next()->origin, NodeOrigin::hello);
  const auto hidden = queue.next();
  ASSERT_TRUE(hidden.has_value());
  EXPECT_EQ(hidden->host.address(), "hidden.example.com:27017");
  EXPECT_EQ(hidden->origin, NodeOrigin::replica_set_status);
  EXPECT_FALSE(queue.next().has_value());

  // A refused replSetGetStatus names nobody.
  MemberQueue refused_queue({});
  node.commands["replSetGetStatus"].state = CommandOutcome::State::not_permitted;
  node.hello.reset();
  refused_queue.add_members_of(node);
  EXPECT_FALSE(refused_queue.next().has_value());
}

TEST(MemberQueue, IsBounded) {
  for (const std::size_t cap : {std::size_t{1}, std::size_t{40}, MemberQueue::kDefaultMaxNodes}) {
    MemberQueue queue({HostAddress{HostType::hostname, "seed.example.com", 27017}}, cap);
    bson::Array hosts;
    const std::size_t named = cap + 300;
    for (std::size_t i = 0; i < named; ++i) hosts.push_back("h" + std::to_string(i) + ":27017");
    queue.add_members_of(node_with_hello(bson::Document{{"hosts", hosts}}));
    EXPECT_EQ(drain(queue).size(), cap) << "the seed and the first members";
    EXPECT_EQ(queue.not_queued(), named + 1 - cap) << "the rest are counted";
    queue.add_members_of(node_with_hello(bson::Document{{"hosts", hosts}}));
    EXPECT_EQ(queue.not_queued(), named + 1 - cap) << "each name once";
  }
}

// From a mongos: every shard member listShards names, the config servers serverStatus names and
// the active mongos of config.mongos, each with how it was found and its part of the cluster; the
// mongos that stopped pinging is never queued.
TEST(MemberQueue, AMongosNamesEveryComponentOfItsCluster) {
  MemberQueue queue({HostAddress{HostType::hostname, "vip", 27017}});
  ASSERT_TRUE(queue.next());
  queue.add_members_of(cluster_fixture::mongos("vip", 27017, "mongos1:27017"));
  std::map<std::string, QueuedNode> queued;
  while (auto node = queue.next()) queued[node->host.address()] = *node;
  const std::vector<std::string> expected = {"cfg1:27019",    "cfg2:27019",    "cfg3:27019",
                                             "mongos1:27017", "mongos2:27017", "s0a:27018",
                                             "s0b:27018",     "s1a:27018",     "s1b:27018"};
  std::vector<std::string> addresses;
  for (const auto& [address, node] : queued) addresses.push_back(address);
  EXPECT_EQ(addresses, expected) << "retired:27017 stopped pinging and is not probed";
  EXPECT_EQ(queued["s1a:27018"].origin, NodeOrigin::list_shards);
  EXPECT_EQ(queued["s1a:27018"].component,
            (ClusterComponent{ClusterComponent::Kind::shard, "shard1"}));
  EXPECT_EQ(queued["s1a:27018"].named_by, "vip:27017");
  EXPECT_EQ(queued["cfg2:27019"].origin, NodeOrigin::config_servers);
  EXPECT_EQ(queued["cfg2:27019"].component,
            (ClusterComponent{ClusterComponent::Kind::config_servers, "cfg"}));
  EXPECT_EQ(queued["mongos2:27017"].origin, NodeOrigin::config_mongos);
  EXPECT_EQ(queued["mongos2:27017"].component.kind, ClusterComponent::Kind::mongos);
}

// What a probe lends discovery early names the same nodes, found the same way, as its whole
// facts do, and holds nothing else.
TEST(MemberQueue, NamingFactsNameWhatTheWholeFactsName) {
  NodeFacts mongos = cluster_fixture::mongos("vip", 27017, "mongos1:27017");
  CommandOutcome unrelated;
  unrelated.state = CommandOutcome::State::ok;
  unrelated.reply = bson::Document{{"users", bson::Array{}}};
  mongos.commands["usersInfo"] = unrelated;
  const NodeFacts naming = member_naming_facts(mongos);
  EXPECT_FALSE(naming.commands.contains("usersInfo"));
  EXPECT_EQ(naming.address(), mongos.address());

  auto queued_by = [](const NodeFacts& node) {
    MemberQueue queue({});
    queue.add_members_of(node);
    std::vector<std::string> queued;
    while (auto next = queue.next()) {
      queued.push_back(next->host.address() + " " + std::string(to_string(next->origin)) + " " +
                       next->named_by + " " + next->component.name);
    }
    return queued;
  };
  const std::vector<std::string> whole = queued_by(mongos);
  EXPECT_EQ(whole.size(), 9u);
  EXPECT_EQ(queued_by(naming), whole);
}

// A shard member's hello names its hidden-less members and arbiters; they belong to its shard.
TEST(MemberQueue, MembersNamedByAShardMemberJoinItsShard) {
  MemberQueue queue({});
  NodeFacts member = cluster_fixture::member(
      "s1a", 27018,
      cluster_fixture::member_hello("shard1", "primary", {"s1a:27018", "s1b:27018"}, {"s1c:27018"}),
      {ClusterComponent::Kind::shard, "shard1"}, NodeOrigin::list_shards);
  queue.add_members_of(member);
  std::vector<QueuedNode> queued;
  while (auto node = queue.next()) queued.push_back(*node);
  ASSERT_EQ(queued.size(), 3u);
  for (const QueuedNode& node : queued) {
    EXPECT_EQ(node.component, (ClusterComponent{ClusterComponent::Kind::shard, "shard1"}))
        << node.host.address();
    EXPECT_EQ(node.origin, NodeOrigin::hello);
  }
}

}  // namespace
}  // namespace member_queue_test
}  // namespace mongoscan
