#include "checks/infrastructure/source_range.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace source_range_test {
namespace {

SourceReach reach(std::string_view source) { return classify_source(source).reach; }

TEST(ClassifySource, EveryAddressInEachCloudsWords) {
  for (const char* any :
       {"0.0.0.0/0", "::/0", "*", "Any", "Internet", "ALL", " 0.0.0.0/0 ", "10.0.0.0/0"}) {
    EXPECT_EQ(reach(any), SourceReach::anywhere) << any;
  }
}

TEST(ClassifySource, PublicRangesCarryTheirPrefix) {
  const SourceRange wide = classify_source("203.0.0.0/16");
  EXPECT_EQ(wide.reach, SourceReach::public_range);
  EXPECT_EQ(wide.prefix, 16);
  EXPECT_FALSE(wide.ipv6);
  EXPECT_EQ(classify_source("198.51.100.7").prefix, 32) << "one address";
  const SourceRange v6 = classify_source("2001:db8::/32");
  EXPECT_EQ(v6.reach, SourceReach::public_range);
  EXPECT_TRUE(v6.ipv6);
  EXPECT_EQ(v6.prefix, 32);
  // 10.0.0.0/7 also holds 11.0.0.0/8: a range that spans private and public space is public.
  EXPECT_EQ(reach("10.0.0.0/7"), SourceReach::public_range);
}

TEST(ClassifySource, PrivateLoopbackAndNonAddresses) {
  for (const char* inside : {"10.0.0.0/8", "172.16.0.0/12", "192.168.1.0/24", "100.64.0.0/10",
                             "127.0.0.1", "fd00::/8", "fe80::1"}) {
    EXPECT_EQ(reach(inside), SourceReach::private_network) << inside;
  }
  for (const char* other : {"sg-0a1b2c3d", "VirtualNetwork", "AzureLoadBalancer", "var.allowed",
                            "10.0.0.0/33", "1.2.3.4/", "", "::/129"}) {
    EXPECT_EQ(reach(other), SourceReach::not_an_address) << other;
  }
}

TEST(WithinAny, ARangeInsideAnAllowedOne) {
  const std::vector<std::string> allowed = {"203.0.113.0/24", "2001:db8::/32"};
  EXPECT_TRUE(within_any("203.0.113.128/25", allowed));
  EXPECT_TRUE(within_any("203.0.113.9", allowed));
  EXPECT_TRUE(within_any("2001:db8:1::/48", allowed));
  EXPECT_FALSE(within_any("203.0.112.0/23", allowed)) << "wider than the allowed range";
  EXPECT_FALSE(within_any("198.51.100.0/24", allowed));
  EXPECT_FALSE(within_any("sg-1", allowed));
}

}  // namespace
}  // namespace source_range_test
}  // namespace mongoscan
