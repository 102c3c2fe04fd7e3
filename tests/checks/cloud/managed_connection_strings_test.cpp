#include "checks/cloud/managed_connection_strings.h"

#include <gtest/gtest.h>

#include "tests/checks/cloud/managed_cloud_fixture.h"

namespace mongoscan {
namespace managed_connection_strings_test {
namespace {

using managed_cloud_fixture::clouds;

// CHECK-ID → status of the findings on `uri`.
std::map<std::string, Status> judged(const std::string& uri) {
  const UriTarget target{uri, parse_connection_string(uri).value()};
  std::map<std::string, Status> statuses;
  for (const Finding& finding : check_managed_connection_strings(target, clouds(), Policy{})) {
    EXPECT_FALSE(statuses.contains(finding.check_id)) << uri;
    statuses[finding.check_id] = finding.status;
    EXPECT_FALSE(finding.message.empty());
  }
  return statuses;
}

TEST(ManagedConnectionStrings, AShardedInstanceIsReachedThroughItsVipALoadBalancerOrEveryMongos) {
  EXPECT_EQ(Status::pass, judged("mongodb://10.0.0.21:27017/?tls=true")["CLOUD-006"]);
  EXPECT_EQ(Status::pass, judged("mongodb://198.51.100.10:27017/?tls=true")["CLOUD-006"]);
  EXPECT_EQ(Status::pass,
            judged("mongodb://10.0.0.22:27017,10.0.0.23:27017/?tls=true")["CLOUD-006"]);
  EXPECT_EQ(Status::fail, judged("mongodb://10.0.0.22:27017/?tls=true")["CLOUD-006"]);
  // A replica set's strings are the CONN checks' to judge.
  EXPECT_FALSE(judged("mongodb://10.0.0.31:27017/?tls=true").contains("CLOUD-006"));
}

TEST(ManagedConnectionStrings, TlsWhereThePublicPathSslOrAtlasRequireIt) {
  // The sharded instance has a public address: every string needs TLS, even to the VIP.
  EXPECT_EQ(Status::fail, judged("mongodb://10.0.0.21:27017/")["CLOUD-007"]);
  EXPECT_EQ(Status::fail, judged("mongodb://198.51.100.10:27017/?tls=false")["CLOUD-007"]);
  EXPECT_EQ(Status::pass, judged("mongodb://10.0.0.21:27017/?ssl=true")["CLOUD-007"]);
  // The replica set has SSL on in the console.
  EXPECT_EQ(Status::fail, judged("mongodb://10.0.0.31:27017/")["CLOUD-007"]);
  EXPECT_EQ(Status::pass, judged("mongodb://10.0.0.31:27017/?tls=true")["CLOUD-007"]);
  // Atlas: its SRV name (TLS by default) or a host of its standard string.
  EXPECT_EQ(Status::pass, judged("mongodb+srv://C0.ab12c.mongodb.net/app")["CLOUD-007"]);
  EXPECT_EQ(Status::fail, judged("mongodb+srv://c0.ab12c.mongodb.net/?tls=false")["CLOUD-007"]);
  EXPECT_EQ(Status::fail, judged("mongodb://c0-shard-00-00.ab12c.mongodb.net:27017/")["CLOUD-007"]);
  EXPECT_TRUE(judged("mongodb+srv://other.ab12c.mongodb.net/").empty());
}

TEST(ManagedConnectionStrings, AnInstanceWithoutSslOrAPublicPathAsksNothing) {
  auto accounts = clouds();
  ManagedInstance& sharded = accounts[0].instances[0];
  (*sharded.nodes)[0].public_address.clear();
  accounts[0].load_balancers.clear();
  const UriTarget target{"mongodb://10.0.0.21:27017/",
                         parse_connection_string("mongodb://10.0.0.21:27017/").value()};
  const auto findings = check_managed_connection_strings(target, accounts, Policy{});
  ASSERT_EQ(1u, findings.size());
  EXPECT_EQ("CLOUD-006", findings[0].check_id);
}

}  // namespace
}  // namespace managed_connection_strings_test
}  // namespace mongoscan
