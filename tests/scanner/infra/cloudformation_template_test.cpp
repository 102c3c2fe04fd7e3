#include "scanner/infra/cloudformation_template.h"

#include <gtest/gtest.h>

#include "scanner/infra/infra_yaml.h"

namespace mongoscan {
namespace cloudformation_template_test {
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

TEST(CloudFormationTemplate, ParameterDefaultsStandForTheirRefs) {
  const auto scan = read_infra_yaml("stack.yaml", R"(Parameters:
  ClientCidr:
    Type: String
    Default: 0.0.0.0/0
  MongoPort:
    Type: Number
    Default: 27017
  AppSecurityGroup:
    Type: AWS::EC2::SecurityGroup::Id
    Default: sg-0app
  OfficeCidr:
    Type: String
Resources:
  Db:
    Type: AWS::EC2::SecurityGroup
    Properties:
      SecurityGroupIngress:
        - IpProtocol: tcp
          FromPort: !Ref MongoPort
          ToPort: {Ref: MongoPort}
          CidrIp: !Ref ClientCidr
        - IpProtocol: tcp
          FromPort: 27017
          ToPort: 27017
          SourceSecurityGroupId: !Ref AppSecurityGroup
        # - IpProtocol: tcp
        #   FromPort: 27017
        #   ToPort: 27017
        #   CidrIp: 0.0.0.0/0
        - IpProtocol: tcp
          FromPort: 27017
          ToPort: 27017
          CidrIp: !Ref OfficeCidr
)");
  EXPECT_TRUE(scan.problems.empty()) << scan.problems.front();
  ASSERT_EQ(scan.rules.size(), 3u) << "the commented-out rule is no rule";
  EXPECT_EQ(scan.rules[0].ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_EQ(scan.rules[0].sources, (std::vector<std::string>{"0.0.0.0/0"}));
  EXPECT_TRUE(scan.rules[0].unresolved_sources.empty());
  EXPECT_EQ(scan.rules[1].sources, (std::vector<std::string>{"sg-0app"}));
  EXPECT_TRUE(scan.rules[2].sources.empty());
  EXPECT_EQ(scan.rules[2].unresolved_sources, (std::vector<std::string>{"!Ref OfficeCidr"}));
  EXPECT_EQ(scan.rules[2].location.line, 30);
}

constexpr std::string_view kLoadBalancers = R"(AWSTemplateFormatVersion: "2010-09-09"
Parameters:
  Scheme: {Type: String, Default: internal}
Resources:
  PublicNlb:
    Type: AWS::ElasticLoadBalancingV2::LoadBalancer
    Properties:
      Type: network
      Subnets: [subnet-1, subnet-2]
  MongoListener:
    Type: AWS::ElasticLoadBalancingV2::Listener
    Properties:
      LoadBalancerArn: !Ref PublicNlb
      Port: 27017
      Protocol: TCP
      DefaultActions:
        - Type: forward
          TargetGroupArn: !Ref MongoTargets
  MongoTargets:
    Type: AWS::ElasticLoadBalancingV2::TargetGroup
    Properties:
      Port: 27017
      Protocol: TCP
  TlsListener:
    Type: AWS::ElasticLoadBalancingV2::Listener
    Properties:
      LoadBalancerArn: !Ref GuardedNlb
      Port: 443
      Protocol: TLS
      DefaultActions:
        - Type: forward
          ForwardConfig:
            TargetGroups:
              - TargetGroupArn: !Ref ShardTargets
  GuardedNlb:
    Type: AWS::ElasticLoadBalancingV2::LoadBalancer
    Properties:
      Type: network
      Scheme: internet-facing
      SecurityGroups: [!Ref NlbSecurityGroup, sg-0partners]
  ShardTargets:
    Type: AWS::ElasticLoadBalancingV2::TargetGroup
    Properties: {Port: 27018, Protocol: TCP}
  InternalNlb:
    Type: AWS::ElasticLoadBalancingV2::LoadBalancer
    Properties:
      Type: network
      Scheme: !Ref Scheme
  InternalListener:
    Type: AWS::ElasticLoadBalancingV2::Listener
    Properties:
      LoadBalancerArn: !Ref InternalNlb
      Port: 27017
  Classic:
    Type: AWS::ElasticLoadBalancing::LoadBalancer
    Properties:
      Listeners:
        - {LoadBalancerPort: "27017", InstancePort: "27017", Protocol: TCP}
  ImportedListener:
    Type: AWS::ElasticLoadBalancingV2::Listener
    Properties:
      LoadBalancerArn: !ImportValue shared-nlb-arn
      Port: 27017
)";

TEST(CloudFormationTemplate, LoadBalancersWithTheirListenersAndTargetGroups) {
  const auto scan = read_infra_yaml("lb.yaml", kLoadBalancers);
  EXPECT_TRUE(scan.rules.empty());
  ASSERT_EQ(scan.endpoints.size(), 4u);
  const NetworkEndpoint& open = scan.endpoints[0];
  EXPECT_EQ(open.format, "cloudformation");
  EXPECT_EQ(open.resource, "AWS::ElasticLoadBalancingV2::LoadBalancer PublicNlb");
  EXPECT_EQ(open.kind, "load_balancer");
  EXPECT_EQ(open.location.line, 5);
  EXPECT_TRUE(open.public_facing) << "internet-facing is the default Scheme";
  EXPECT_TRUE(open.source_restrictions.empty());
  EXPECT_EQ(open.ports, (std::vector<PortRange>{{27017, 27017}}));

  const NetworkEndpoint& guarded = scan.endpoints[1];
  EXPECT_EQ(guarded.resource, "AWS::ElasticLoadBalancingV2::LoadBalancer GuardedNlb");
  EXPECT_TRUE(guarded.public_facing);
  EXPECT_EQ(guarded.source_restrictions,
            (std::vector<std::string>{"!Ref NlbSecurityGroup", "sg-0partners"}));
  EXPECT_EQ(guarded.ports, (std::vector<PortRange>{{443, 443}, {27018, 27018}}))
      << "the listener's port and the port it forwards to";

  EXPECT_FALSE(scan.endpoints[2].public_facing) << "Scheme from a parameter's default";
  EXPECT_EQ(scan.endpoints[2].ports, (std::vector<PortRange>{{27017, 27017}}));

  EXPECT_EQ(scan.endpoints[3].resource, "AWS::ElasticLoadBalancing::LoadBalancer Classic");
  EXPECT_TRUE(scan.endpoints[3].public_facing);
  EXPECT_EQ(scan.endpoints[3].ports, (std::vector<PortRange>{{27017, 27017}}));

  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0],
            "lb.yaml:59: AWS::ElasticLoadBalancingV2::Listener ImportedListener: its "
            "LoadBalancerArn names no load balancer of this template");
}

TEST(CloudFormationTemplate, JsonTemplateOfEveryKindOfRule) {
  const auto scan = read_infra_yaml("stack.json", R"({
  "AWSTemplateFormatVersion": "2010-09-09",
  "Resources": {
    "Db": {
      "Type": "AWS::EC2::SecurityGroup",
      "Properties": {
        "SecurityGroupIngress": [
          {"IpProtocol": "-1", "CidrIpv6": "::/0"},
          {"IpProtocol": "tcp", "FromPort": 443, "ToPort": 443, "CidrIp": "0.0.0.0/0"},
          {"IpProtocol": "tcp", "FromPort": 27017, "ToPort": 27017,
           "SourceSecurityGroupId": {"Fn::GetAtt": ["App", "GroupId"]}}
        ],
        "SecurityGroupEgress": [{"IpProtocol": "-1", "CidrIp": "0.0.0.0/0"}]
      }
    },
    "Nlb": {
      "Type": "AWS::ElasticLoadBalancingV2::LoadBalancer",
      "Properties": {"Type": "network", "Scheme": "internal"}
    },
    "Listener": {
      "Type": "AWS::ElasticLoadBalancingV2::Listener",
      "Properties": {"LoadBalancerArn": {"Ref": "Nlb"}, "Port": 27017, "Protocol": "TCP"}
    }
  }
})");
  EXPECT_TRUE(scan.problems.empty()) << scan.problems.front();
  ASSERT_EQ(scan.rules.size(), 4u);
  EXPECT_EQ(scan.rules[0].protocol, "-1");
  EXPECT_TRUE(scan.rules[0].ports.empty());
  EXPECT_EQ(scan.rules[0].sources, (std::vector<std::string>{"::/0"}));
  EXPECT_EQ(scan.rules[0].location.line, 8);
  EXPECT_EQ(scan.rules[1].ports, (std::vector<PortRange>{{443, 443}}));
  EXPECT_EQ(scan.rules[2].sources, (std::vector<std::string>{"security_group Fn::GetAtt"}));
  EXPECT_EQ(scan.rules[3].direction, NetworkRule::Direction::egress);
  ASSERT_EQ(scan.endpoints.size(), 1u);
  EXPECT_FALSE(scan.endpoints[0].public_facing);
  EXPECT_EQ(scan.endpoints[0].ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_EQ(scan.endpoints[0].location.line, 16);
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
}  // namespace cloudformation_template_test
}  // namespace mongoscan
