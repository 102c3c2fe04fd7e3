#include "scanner/discovery/member_queue.h"

#include <gtest/gtest.h>

namespace mongoscan {
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
  MemberQueue queue({});
  bson::Array hosts;
  for (int i = 0; i < 5000; ++i) hosts.push_back("h" + std::to_string(i) + ":27017");
  queue.add_members_of(node_with_hello(bson::Document{{"hosts", hosts}}));
  EXPECT_EQ(drain(queue).size(), MemberQueue::kMaxNodes);
  EXPECT_EQ(queue.not_queued(), 5000 - MemberQueue::kMaxNodes) << "the rest are counted";
  queue.add_members_of(node_with_hello(bson::Document{{"hosts", hosts}}));
  EXPECT_EQ(queue.not_queued(), 5000 - MemberQueue::kMaxNodes) << "each name once";
}

}  // namespace
}  // namespace mongoscan
