#pragma once
// CloudFormation templates, in YAML or JSON: the rules of `AWS::EC2::SecurityGroup` (inline
// SecurityGroupIngress and SecurityGroupEgress) and of `AWS::EC2::SecurityGroupIngress` and
// `AWS::EC2::SecurityGroupEgress` resources; the load balancers of
// `AWS::ElasticLoadBalancingV2::LoadBalancer` (with the ports of its `::Listener`s and of the
// `::TargetGroup`s they forward to) and `AWS::ElasticLoadBalancing::LoadBalancer`. A `!Ref` to a
// parameter with a literal Default stands for that default; every other intrinsic function
// (`!GetAtt`, `!Sub`, `!ImportValue`, `{"Ref": ...}` of a resource) is kept as written, unresolved.

#include <yaml-cpp/yaml.h>

#include <string_view>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// Whether `document` is a template: AWSTemplateFormatVersion, or a `Resources` mapping with an
// entry whose Type starts with "AWS::".
bool is_cloudformation_template(const YAML::Node& document);

// Adds a rule per security group rule. CidrIp and CidrIpv6 are sources, or unresolved sources
// when a function gives them; a source or destination security group or prefix list is a
// source as written, and a function giving one is written "security_group <function>" (a group,
// never an address). A rule whose ports a function gives becomes a problem.
// Adds an endpoint of kind "load_balancer" per load balancer: public facing unless its Scheme is
// "internal", its SecurityGroups as source restrictions (functions as written). A listener whose
// LoadBalancerArn is no `!Ref` to a load balancer of the template becomes a problem.
void read_cloudformation_template(const YAML::Node& document, std::string_view path,
                                  ExposureScan& scan);

}  // namespace mongoscan
