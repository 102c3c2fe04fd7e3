#pragma once
// Cloud CLI and API exports of firewall rules and access lists, recognised by their shape
// wherever they sit in a JSON document:
// - `aws ec2 describe-security-groups`: security groups with IpPermissions and
//   IpPermissionsEgress (IpProtocol, FromPort, ToPort, IpRanges[].CidrIp, Ipv6Ranges[].CidrIpv6,
//   UserIdGroupPairs[].GroupId, PrefixListIds[].PrefixListId);
// - Tencent Cloud `DescribeSecurityGroupPolicies`: SecurityGroupPolicySet.Ingress and Egress
//   (Protocol, Port, CidrBlock, Ipv6CidrBlock, SecurityGroupId, AddressTemplate, Action), bare or
//   in the API's `Response`;
// - `gcloud compute firewall-rules list --format=json`: firewalls with direction, allowed or
//   denied ({IPProtocol, ports}), sourceRanges, sourceTags, destinationRanges;
// - `az network nsg list` and `az network nsg rule list` (and the REST API's `properties`
//   nesting): security rules with direction, access, protocol, destinationPortRange(s),
//   sourceAddressPrefix(es), sourceApplicationSecurityGroups;
// - MongoDB Atlas project IP access lists (Admin API `GET /groups/{groupId}/accessList`,
//   `atlas accessLists list -o json`): results[] with cidrBlock, ipAddress, awsSecurityGroup.

#include <nlohmann/json.hpp>
#include <string_view>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// The rules `document` (the file at `path`) holds, each at line 1. For egress rules the sources
// are the destinations the rule names. A document of none of these shapes gives an empty scan.
ExposureScan read_cloud_export(std::string_view path, const nlohmann::json& document);

}  // namespace mongoscan
