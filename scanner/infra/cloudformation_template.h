#pragma once
// CloudFormation templates, in YAML or JSON: the rules of `AWS::EC2::SecurityGroup` (inline
// SecurityGroupIngress and SecurityGroupEgress) and of `AWS::EC2::SecurityGroupIngress` and
// `AWS::EC2::SecurityGroupEgress` resources. Intrinsic functions (`!Ref`, `!GetAtt`, `!Sub`,
// `{"Ref": ...}`) are kept as written, unresolved.

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
void read_cloudformation_template(const YAML::Node& document, std::string_view path,
                                  ExposureScan& scan);

}  // namespace mongoscan
