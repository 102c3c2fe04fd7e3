#include "scanner/member_queue.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace {

std::vector<std::string> drain(MemberQueue& queue) {
  std::vector<std::string> addresses;
  while (auto host = queue.next()) addresses.push_back(host->address());
  return addresses;
}

TEST(MemberQueue, AddsMembersFromHelloOnceEach) {
  MemberQueue queue({HostAddress{HostType::hostname, "a.example.com", 27017}});
  EXPECT_EQ(queue.next()->address(), "a.example.com:27017");
  queue.add_members_of(
      bson::Document{{"hosts", bson::Array{"A.example.com:27017", "b.example.com:27018"}},
                     {"passives", bson::Array{"[::1]:27019"}},
                     {"arbiters", bson::Array{"c.example.com:27020", 7, "not a host:port:x"}}});
  EXPECT_EQ(drain(queue), (std::vector<std::string>{"b.example.com:27018", "[::1]:27019",
                                                    "c.example.com:27020"}));
  queue.add_members_of(bson::Document{{"hosts", bson::Array{"b.example.com:27018"}}});
  EXPECT_FALSE(queue.next().has_value());
}

TEST(MemberQueue, IsBounded) {
  MemberQueue queue({});
  bson::Array hosts;
  for (int i = 0; i < 5000; ++i) hosts.push_back("h" + std::to_string(i) + ":27017");
  queue.add_members_of(bson::Document{{"hosts", hosts}});
  EXPECT_EQ(drain(queue).size(), MemberQueue::kMaxNodes);
}

}  // namespace
}  // namespace mongoscan
