#include "scanner/infra/cloud_exports.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace cloud_exports_test {
namespace {

using nlohmann::json;

TEST(CloudExports, AwsDescribeSecurityGroups) {
  const auto scan = read_cloud_export("aws/sg.json", json::parse(R"({
  "SecurityGroups": [{
    "GroupId": "sg-0db", "GroupName": "mongo",
    "IpPermissions": [
      {"IpProtocol": "tcp", "FromPort": 27017, "ToPort": 27017,
       "IpRanges": [{"CidrIp": "0.0.0.0/0", "Description": "anyone"}],
       "Ipv6Ranges": [{"CidrIpv6": "::/0"}], "PrefixListIds": [], "UserIdGroupPairs": []},
      {"IpProtocol": "tcp", "FromPort": 27017, "ToPort": 27017, "IpRanges": [],
       "UserIdGroupPairs": [{"GroupId": "sg-0app", "UserId": "123456789012"}]},
      {"IpProtocol": "-1", "IpRanges": [{"CidrIp": "10.0.0.0/8"}]}
    ],
    "IpPermissionsEgress": [{"IpProtocol": "-1", "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}]
  }]
})"));
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.rules.size(), 4u);
  const NetworkRule& open = scan.rules[0];
  EXPECT_EQ(open.location.path, "aws/sg.json");
  EXPECT_EQ(open.location.line, 1);
  EXPECT_EQ(open.format, "aws-cli");
  EXPECT_EQ(open.resource, "sg-0db (mongo)");
  EXPECT_EQ(open.protocol, "tcp");
  EXPECT_EQ(open.ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_EQ(open.sources, (std::vector<std::string>{"0.0.0.0/0", "::/0"}));
  EXPECT_EQ(scan.rules[1].sources, (std::vector<std::string>{"sg-0app"}));
  EXPECT_EQ(scan.rules[2].protocol, "-1");
  EXPECT_TRUE(scan.rules[2].ports.empty());
  EXPECT_EQ(scan.rules[3].direction, NetworkRule::Direction::egress);
}

TEST(CloudExports, TencentSecurityGroupPoliciesInTheApiResponse) {
  const auto scan = read_cloud_export("tencent/policies.json", json::parse(R"({
  "Response": {
    "SecurityGroupPolicySet": {
      "Version": "12",
      "Ingress": [
        {"PolicyIndex": 0, "Protocol": "TCP", "Port": "27017", "CidrBlock": "0.0.0.0/0",
         "Ipv6CidrBlock": "", "SecurityGroupId": "", "Action": "DROP"},
        {"PolicyIndex": 1, "Protocol": "TCP", "Port": "27017,27018-27019",
         "CidrBlock": "0.0.0.0/0", "Action": "ACCEPT"},
        {"PolicyIndex": 2, "Protocol": "ALL", "Port": "ALL", "Ipv6CidrBlock": "::/0",
         "Action": "ACCEPT"},
        {"PolicyIndex": 3, "Protocol": "TCP", "Port": "27017", "SecurityGroupId": "sg-clb",
         "Action": "ACCEPT"},
        {"PolicyIndex": 4, "Protocol": "TCP", "Port": "ALL", "CidrBlock": "203.0.113.7",
         "Action": "ACCEPT"},
        {"PolicyIndex": 5, "ServiceTemplate": {"ServiceId": "ppm-1", "ServiceGroupId": ""},
         "AddressTemplate": {"AddressId": "ipm-1", "AddressGroupId": ""}, "Action": "ACCEPT"}
      ],
      "Egress": [{"PolicyIndex": 0, "Protocol": "ALL", "Port": "ALL", "CidrBlock": "0.0.0.0/0",
                  "Action": "ACCEPT"}]
    },
    "RequestId": "abc"
  }
})"));
  ASSERT_EQ(scan.rules.size(), 6u);
  EXPECT_EQ(scan.rules[0].format, "tencentcloud-cli");
  EXPECT_EQ(scan.rules[0].resource, "SecurityGroupPolicySet.Ingress[0]");
  EXPECT_EQ(scan.rules[0].action, NetworkRule::Action::drop);
  EXPECT_EQ(scan.rules[0].sources, (std::vector<std::string>{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[1].action, NetworkRule::Action::accept);
  EXPECT_EQ(scan.rules[1].ports, (std::vector<PortRange>{{27017, 27017}, {27018, 27019}}));
  EXPECT_EQ(scan.rules[2].protocol, "all");
  EXPECT_TRUE(scan.rules[2].ports.empty());
  EXPECT_EQ(scan.rules[2].sources, (std::vector<std::string>{"::/0"}));
  EXPECT_EQ(scan.rules[3].sources, (std::vector<std::string>{"sg-clb"}));
  EXPECT_EQ(scan.rules[4].protocol, "tcp");
  EXPECT_TRUE(scan.rules[4].ports.empty());
  EXPECT_EQ(scan.rules[5].direction, NetworkRule::Direction::egress);
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_NE(scan.problems[0].find("Ingress[5]"), std::string::npos) << scan.problems[0];
}

TEST(CloudExports, GcloudFirewallRules) {
  const auto scan = read_cloud_export("gcp/firewalls.json", json::parse(R"([
  {"kind": "compute#firewall", "name": "allow-mongo", "direction": "INGRESS", "priority": 1000,
   "sourceRanges": ["0.0.0.0/0"], "allowed": [{"IPProtocol": "tcp", "ports": ["27017-27019", "443"]}]},
  {"name": "allow-all-internal", "direction": "INGRESS", "sourceRanges": ["10.128.0.0/9"],
   "allowed": [{"IPProtocol": "all"}]},
  {"name": "deny-mongo", "direction": "INGRESS", "sourceRanges": ["0.0.0.0/0"],
   "denied": [{"IPProtocol": "tcp", "ports": ["27017"]}]},
  {"name": "egress-any", "direction": "EGRESS", "destinationRanges": ["0.0.0.0/0"],
   "allowed": [{"IPProtocol": "tcp"}]},
  {"name": "off", "direction": "INGRESS", "disabled": true, "sourceRanges": ["0.0.0.0/0"],
   "allowed": [{"IPProtocol": "tcp", "ports": ["27017"]}]}
])"));
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.rules.size(), 4u);
  EXPECT_EQ(scan.rules[0].format, "gcloud");
  EXPECT_EQ(scan.rules[0].resource, "allow-mongo");
  EXPECT_EQ(scan.rules[0].ports, (std::vector<PortRange>{{27017, 27019}, {443, 443}}));
  EXPECT_EQ(scan.rules[0].sources, (std::vector<std::string>{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[1].protocol, "all");
  EXPECT_TRUE(scan.rules[1].ports.empty());
  EXPECT_EQ(scan.rules[2].action, NetworkRule::Action::drop);
  EXPECT_EQ(scan.rules[3].direction, NetworkRule::Direction::egress);
}

TEST(CloudExports, AzureNetworkSecurityGroups) {
  const auto scan = read_cloud_export("azure/nsg.json", json::parse(R"([
  {"name": "db-nsg", "resourceGroup": "rg",
   "securityRules": [
     {"name": "mongo-any", "direction": "Inbound", "access": "Allow", "protocol": "Tcp",
      "destinationPortRange": "27017", "sourceAddressPrefix": "*", "priority": 100},
     {"name": "mongo-office", "direction": "Inbound", "access": "Allow", "protocol": "Tcp",
      "destinationPortRanges": ["27017-27019", "443"], "sourceAddressPrefixes": ["203.0.113.0/24"]},
     {"name": "deny-internet", "direction": "Inbound", "access": "Deny", "protocol": "*",
      "destinationPortRange": "*", "sourceAddressPrefix": "Internet"},
     {"name": "out", "direction": "Outbound", "access": "Allow", "protocol": "*",
      "destinationPortRange": "*", "sourceAddressPrefix": "*", "destinationAddressPrefix": "Internet"}
   ],
   "defaultSecurityRules": [
     {"name": "AllowVnetInBound", "direction": "Inbound", "access": "Allow", "protocol": "*",
      "destinationPortRange": "*", "sourceAddressPrefix": "VirtualNetwork"}
   ]},
  {"name": "rest-nsg", "properties": {"securityRules": [
     {"name": "asg", "properties": {"direction": "Inbound", "access": "Allow", "protocol": "Tcp",
      "destinationPortRange": "27017",
      "sourceApplicationSecurityGroups": [{"id": "/subscriptions/s/applicationSecurityGroups/app"}]}}
  ]}}
])"));
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.rules.size(), 6u);
  EXPECT_EQ(scan.rules[0].format, "azure-cli");
  EXPECT_EQ(scan.rules[0].resource, "db-nsg/mongo-any");
  EXPECT_EQ(scan.rules[0].protocol, "tcp");
  EXPECT_EQ(scan.rules[0].ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_EQ(scan.rules[0].sources, (std::vector<std::string>{"*"}));
  EXPECT_EQ(scan.rules[1].ports, (std::vector<PortRange>{{27017, 27019}, {443, 443}}));
  EXPECT_EQ(scan.rules[1].sources, (std::vector<std::string>{"203.0.113.0/24"}));
  EXPECT_EQ(scan.rules[2].action, NetworkRule::Action::drop);
  EXPECT_TRUE(scan.rules[2].ports.empty());
  EXPECT_EQ(scan.rules[3].direction, NetworkRule::Direction::egress);
  EXPECT_EQ(scan.rules[3].sources, (std::vector<std::string>{"Internet"}));
  EXPECT_EQ(scan.rules[4].sources, (std::vector<std::string>{"VirtualNetwork"}));
  EXPECT_EQ(scan.rules[5].resource, "rest-nsg/asg");
  EXPECT_EQ(scan.rules[5].sources,
            (std::vector<std::string>{"/subscriptions/s/applicationSecurityGroups/app"}));
}

TEST(CloudExports, AzureRuleListOnItsOwn) {
  const auto scan = read_cloud_export("rules.json", json::parse(R"([
  {"name": "mongo", "direction": "Inbound", "access": "Allow", "protocol": "Tcp",
   "destinationPortRange": "27017", "sourceAddressPrefix": "Any"}])"));
  ASSERT_EQ(scan.rules.size(), 1u);
  EXPECT_EQ(scan.rules[0].resource, "mongo");
  EXPECT_EQ(scan.rules[0].sources, (std::vector<std::string>{"Any"}));
}

TEST(CloudExports, AtlasAccessList) {
  const auto scan = read_cloud_export("atlas/access-list.json", json::parse(R"({
  "links": [{"href": "https://cloud.mongodb.com/api/atlas/v2/groups/5f1/accessList", "rel": "self"}],
  "results": [
    {"cidrBlock": "0.0.0.0/0", "comment": "temporary", "groupId": "5f1"},
    {"cidrBlock": "203.0.113.7/32", "ipAddress": "203.0.113.7", "groupId": "5f1"},
    {"awsSecurityGroup": "sg-0app", "groupId": "5f1"}
  ],
  "totalCount": 3
})"));
  ASSERT_EQ(scan.rules.size(), 3u);
  EXPECT_EQ(scan.rules[0].format, "atlas");
  EXPECT_EQ(scan.rules[0].resource, "Atlas project 5f1 access list");
  EXPECT_EQ(scan.rules[0].direction, NetworkRule::Direction::ingress);
  EXPECT_TRUE(scan.rules[0].ports.empty());
  EXPECT_EQ(scan.rules[0].sources, (std::vector<std::string>{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[1].sources, (std::vector<std::string>{"203.0.113.7/32"}));
  EXPECT_EQ(scan.rules[2].sources, (std::vector<std::string>{"sg-0app"}));
}

TEST(CloudExports, PortsOtherThanMongoDbsAndTheRestOfEachShape) {
  const auto scan = read_cloud_export("exports.json", json::parse(R"({
  "aws": {"SecurityGroups": [{"GroupId": "sg-0web", "IpPermissions": [
    {"IpProtocol": "tcp", "FromPort": 443, "ToPort": 443, "IpRanges": [{"CidrIp": "0.0.0.0/0"}]},
    {"IpProtocol": "icmp", "FromPort": -1, "ToPort": -1, "IpRanges": [{"CidrIp": "0.0.0.0/0"}]},
    {"IpProtocol": "tcp", "FromPort": 27017, "ToPort": 27017,
     "PrefixListIds": [{"PrefixListId": "pl-0office"}]}
  ]}]},
  "tencent": {"SecurityGroupPolicySet": {"Ingress": [
    {"PolicyIndex": 0, "Protocol": "TCP", "Port": "443", "CidrBlock": "0.0.0.0/0", "Action": "ACCEPT"}
  ]}},
  "gcloud": [{"name": "web", "direction": "INGRESS", "sourceRanges": ["::/0"],
              "allowed": [{"IPProtocol": "tcp", "ports": ["443"]}]},
             {"name": "from-app", "direction": "INGRESS", "sourceTags": ["app"],
              "allowed": [{"IPProtocol": "tcp", "ports": ["27017"]}]}],
  "azure": [{"name": "v6", "direction": "Inbound", "access": "Allow", "protocol": "*",
             "destinationPortRange": "*", "sourceAddressPrefixes": ["::/0"]}]
})"));
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.rules.size(), 7u);
  // nlohmann's objects keep their keys in order: aws, azure, gcloud, tencent.
  EXPECT_EQ(scan.rules[0].ports, (std::vector<PortRange>{{443, 443}}));
  EXPECT_EQ(scan.rules[1].protocol, "icmp");
  EXPECT_EQ(scan.rules[2].sources, (std::vector<std::string>{"pl-0office"}));
  EXPECT_EQ(scan.rules[3].format, "azure-cli");
  EXPECT_EQ(scan.rules[3].protocol, "*");
  EXPECT_TRUE(scan.rules[3].ports.empty());
  EXPECT_EQ(scan.rules[3].sources, (std::vector<std::string>{"::/0"}));
  EXPECT_EQ(scan.rules[4].sources, (std::vector<std::string>{"::/0"}));
  EXPECT_EQ(scan.rules[4].ports, (std::vector<PortRange>{{443, 443}}));
  EXPECT_EQ(scan.rules[5].sources, (std::vector<std::string>{"app"}));
  EXPECT_EQ(scan.rules[6].format, "tencentcloud-cli");
  EXPECT_EQ(scan.rules[6].ports, (std::vector<PortRange>{{443, 443}}));
}

TEST(CloudExports, OtherJsonGivesAnEmptyScan) {
  for (std::string_view text :
       {R"({"name": "app", "version": "1.0.0", "dependencies": {"mongodb": "^6"}})", "[]", "null",
        R"({"results": [{"ipAddress": "10.0.0.1"}]})", R"({"IpPermissions": 3})",
        R"({"SecurityGroupPolicySet": {"Ingress": 3}})"}) {
    const auto scan = read_cloud_export("package.json", json::parse(text));
    EXPECT_TRUE(scan.rules.empty()) << text;
    EXPECT_TRUE(scan.problems.empty()) << text;
  }
}

TEST(CloudExports, DeepNestingIsBounded) {
  json deep = json::array();
  for (int i = 0; i < 200; ++i) deep = json::array({deep});
  EXPECT_TRUE(read_cloud_export("deep.json", deep).rules.empty());
}

}  // namespace
}  // namespace cloud_exports_test
}  // namespace mongoscan
