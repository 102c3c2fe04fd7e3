#include "scanner/infra/cloudformation_template.h"

#include <gtest/gtest.h>

#include "scanner/infra/infra_yaml.h"

namespace mongoscan {
namespace {

constexpr std::string_view kTemplate = R"(AWSTemplateFormatVersion: "2010-09-09"
Parameters:
  AllowedCidr: {Type: String}
Resources:
  DbSecurityGroup:
    Type: AWS::EC2::SecurityGroup
    Properties:
      GroupDescription: mongo
      VpcId: !Ref Vpc
      SecurityGroupIngress:
        - IpProtocol: tcp
          FromPort: 27017
          ToPort: 27019
          CidrIp: 0.0.0.0/0
        - IpProtocol: tcp
          FromPort: 27017
          ToPort: 27017
          CidrIp: !Ref AllowedCidr
        - IpProtocol: tcp
          FromPort: 27017
          ToPort: 27017
          SourceSecurityGroupId: !GetAtt AppSecurityGroup.GroupId
        - IpProtocol: "-1"
          CidrIpv6: ::/0
        - IpProtocol: tcp
          FromPort: 443
          ToPort: 443
          CidrIp: 0.0.0.0/0
      SecurityGroupEgress:
        - IpProtocol: "-1"
          CidrIp: 0.0.0.0/0
  ExtraIngress:
    Type: AWS::EC2::SecurityGroupIngress
    Properties:
      GroupId: !Ref DbSecurityGroup
      IpProtocol: tcp
      FromPort: 27017
      ToPort: 27017
      SourceSecurityGroupId: sg-0123456789abcdef0
  PortFromParameter:
    Type: AWS::EC2::SecurityGroupIngress
    Properties:
      IpProtocol: tcp
      FromPort: !Ref MongoPort
      ToPort: !Ref MongoPort
      CidrIp: 0.0.0.0/0
  Bucket:
    Type: AWS::S3::Bucket
)";

TEST(CloudFormationTemplate, SecurityGroupRulesWithTagsKeptUnresolved) {
  const auto scan = read_infra_yaml("stack.yaml", kTemplate);
  ASSERT_EQ(scan.rules.size(), 7u);
  const auto& open = scan.rules[0];
  EXPECT_EQ(open.format, "cloudformation");
  EXPECT_EQ(open.resource, "AWS::EC2::SecurityGroup DbSecurityGroup");
  EXPECT_EQ(open.location.line, 11);
  EXPECT_EQ(open.direction, NetworkRule::Direction::ingress);
  EXPECT_EQ(open.action, NetworkRule::Action::accept);
  EXPECT_EQ(open.protocol, "tcp");
  EXPECT_EQ(open.ports, (std::vector<PortRange>{{27017, 27019}}));
  EXPECT_EQ(open.sources, (std::vector<std::string>{"0.0.0.0/0"}));

  EXPECT_TRUE(scan.rules[1].sources.empty());
  EXPECT_EQ(scan.rules[1].unresolved_sources, (std::vector<std::string>{"!Ref AllowedCidr"}));

  EXPECT_EQ(scan.rules[2].sources,
            (std::vector<std::string>{"security_group !GetAtt AppSecurityGroup.GroupId"}));
  EXPECT_TRUE(scan.rules[2].unresolved_sources.empty());

  EXPECT_EQ(scan.rules[3].protocol, "-1");
  EXPECT_TRUE(scan.rules[3].ports.empty());
  EXPECT_EQ(scan.rules[3].sources, (std::vector<std::string>{"::/0"}));

  EXPECT_EQ(scan.rules[4].ports, (std::vector<PortRange>{{443, 443}}));

  EXPECT_EQ(scan.rules[5].direction, NetworkRule::Direction::egress);
  EXPECT_EQ(scan.rules[5].sources, (std::vector<std::string>{"0.0.0.0/0"}));

  EXPECT_EQ(scan.rules[6].resource, "AWS::EC2::SecurityGroupIngress ExtraIngress");
  EXPECT_EQ(scan.rules[6].sources, (std::vector<std::string>{"sg-0123456789abcdef0"}));

  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_NE(scan.problems[0].find("PortFromParameter"), std::string::npos) << scan.problems[0];
}

TEST(CloudFormationTemplate, JsonTemplatesAndLongFormFunctions) {
  const auto scan = read_infra_yaml("stack.json", R"({
  "Resources": {
    "Sg": {
      "Type": "AWS::EC2::SecurityGroup",
      "Properties": {
        "SecurityGroupIngress": [
          {"IpProtocol": "tcp", "FromPort": 27017, "ToPort": 27017,
           "CidrIp": {"Ref": "AllowedCidr"}}
        ]
      }
    }
  }
})");
  ASSERT_EQ(scan.rules.size(), 1u);
  EXPECT_EQ(scan.rules[0].unresolved_sources, (std::vector<std::string>{"Ref AllowedCidr"}));
  EXPECT_EQ(scan.rules[0].location.line, 7);
}

TEST(CloudFormationTemplate, TemplateWithoutSecurityGroupsHasNoRules) {
  const auto scan = read_infra_yaml("bucket.yaml", R"(Resources:
  Bucket:
    Type: AWS::S3::Bucket
    Properties: {BucketName: !Sub "${AWS::StackName}-data"}
)");
  EXPECT_TRUE(scan.rules.empty());
  EXPECT_TRUE(scan.endpoints.empty());
  EXPECT_TRUE(scan.problems.empty());
}

}  // namespace
}  // namespace mongoscan
