#include "checks/host_scope.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace host_scope_test {
namespace {

HostScope scope_of(HostType type, const std::string& host) {
  return host_scope(HostAddress{type, host, std::nullopt});
}

TEST(IpScope, Ipv4RangesAtTheirEdges) {
  EXPECT_EQ(ip_scope("127.0.0.1"), HostScope::local);
  EXPECT_EQ(ip_scope("127.255.255.254"), HostScope::local);
  EXPECT_EQ(ip_scope("10.0.0.1"), HostScope::private_network);
  EXPECT_EQ(ip_scope("172.15.255.255"), HostScope::public_network);
  EXPECT_EQ(ip_scope("172.16.0.0"), HostScope::private_network);
  EXPECT_EQ(ip_scope("172.31.255.255"), HostScope::private_network);
  EXPECT_EQ(ip_scope("172.32.0.0"), HostScope::public_network);
  EXPECT_EQ(ip_scope("192.168.1.1"), HostScope::private_network);
  EXPECT_EQ(ip_scope("192.169.0.1"), HostScope::public_network);
  EXPECT_EQ(ip_scope("169.254.10.1"), HostScope::private_network);
  EXPECT_EQ(ip_scope("100.63.255.255"), HostScope::public_network);
  EXPECT_EQ(ip_scope("100.64.0.0"), HostScope::private_network);
  EXPECT_EQ(ip_scope("100.127.255.255"), HostScope::private_network);
  EXPECT_EQ(ip_scope("100.128.0.0"), HostScope::public_network);
  EXPECT_EQ(ip_scope("8.8.8.8"), HostScope::public_network);
}

TEST(IpScope, Ipv6LoopbackLinkLocalUniqueLocalAndMapped) {
  EXPECT_EQ(ip_scope("::1"), HostScope::local);
  EXPECT_EQ(ip_scope("fe80::1"), HostScope::private_network);
  EXPECT_EQ(ip_scope("fe80::1%eth0"), HostScope::private_network);
  EXPECT_EQ(ip_scope("fc00::1"), HostScope::private_network);
  EXPECT_EQ(ip_scope("fd12:3456::1"), HostScope::private_network);
  EXPECT_EQ(ip_scope("fe00::1"), HostScope::public_network);
  EXPECT_EQ(ip_scope("::ffff:10.1.2.3"), HostScope::private_network);
  EXPECT_EQ(ip_scope("::ffff:8.8.8.8"), HostScope::public_network);
  EXPECT_EQ(ip_scope("2001:db8::1"), HostScope::public_network);
}

TEST(IpScope, TextThatIsNoAddressCountsAsPublic) {
  EXPECT_EQ(ip_scope("not-an-ip"), HostScope::public_network);
}

TEST(HostScope, NamesBySuffix) {
  EXPECT_EQ(scope_of(HostType::hostname, "localhost"), HostScope::local);
  EXPECT_EQ(scope_of(HostType::hostname, "db.LOCALHOST"), HostScope::local);
  EXPECT_EQ(scope_of(HostType::hostname, "mongo.svc.cluster.local"), HostScope::private_network);
  EXPECT_EQ(scope_of(HostType::hostname, "db.internal."), HostScope::private_network);
  EXPECT_EQ(scope_of(HostType::hostname, "rs1.mongoscan.test"), HostScope::private_network);
  EXPECT_EQ(scope_of(HostType::hostname, "mongo"), HostScope::private_network);
  EXPECT_EQ(scope_of(HostType::hostname, "db.example.com"), HostScope::public_network);
  EXPECT_EQ(scope_of(HostType::hostname, "notlocal"), HostScope::private_network);
  EXPECT_EQ(scope_of(HostType::hostname, "db.notlocal.com"), HostScope::public_network);
}

// Issue 36 item 1: Kubernetes Service names in any cluster domain, and localhost.localdomain.
TEST(HostScope, KubernetesServiceNamesArePrivateInAnyClusterDomain) {
  EXPECT_EQ(scope_of(HostType::hostname, "mongo.db.svc"), HostScope::private_network);
  EXPECT_EQ(scope_of(HostType::hostname, "mongo-0.mongo.db.svc.k8s.acme.io"),
            HostScope::private_network);
  EXPECT_EQ(scope_of(HostType::hostname, "svc.acme.io"), HostScope::public_network);
  EXPECT_EQ(scope_of(HostType::hostname, "mongo.svcs.acme.io"), HostScope::public_network);
  EXPECT_EQ(scope_of(HostType::hostname, "localhost.localdomain"), HostScope::local);
}

TEST(HostScope, AddressesAndSockets) {
  EXPECT_EQ(scope_of(HostType::unix_socket, "/tmp/mongodb-27017.sock"), HostScope::local);
  EXPECT_EQ(scope_of(HostType::ipv4, "10.0.0.5"), HostScope::private_network);
  EXPECT_EQ(scope_of(HostType::ip_literal, "::1"), HostScope::local);
  EXPECT_EQ(scope_of(HostType::ip_literal, "2001:4860::8888"), HostScope::public_network);
}

}  // namespace
}  // namespace host_scope_test
}  // namespace mongoscan
