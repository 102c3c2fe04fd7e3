#include "scanner/cloud/cloud_api_allowlist.h"

#include <algorithm>
#include <array>

namespace mongoscan {
namespace {

// The services' current API versions: mongodb 2019-07-25, clb 2018-03-17, vpc 2017-03-12
// (tencentcloud-sdk-python's mongodb_client.py, clb_client.py, vpc_client.py _apiVersion).
constexpr std::array kTencentActions = {
    TencentApiAction{"mongodb", "2019-07-25", "DescribeDBInstances",
                     "instances: type, version, VPC, VIP and port, status"},
    TencentApiAction{"mongodb", "2019-07-25", "DescribeDBInstanceNodeProperty",
                     "each node's address and public (WAN) address, role, hidden, votes"},
    TencentApiAction{"mongodb", "2019-07-25", "DescribeSecurityGroup",
                     "the instance's security groups and their inbound rules"},
    TencentApiAction{"mongodb", "2019-07-25", "DescribeInstanceSSL", "whether SSL is on"},
    TencentApiAction{"clb", "2018-03-17", "DescribeLoadBalancers",
                     "load balancers: OPEN or INTERNAL, VIPs, security groups, "
                     "LoadBalancerPassToTarget"},
    TencentApiAction{"clb", "2018-03-17", "DescribeTargets",
                     "which addresses and ports each listener forwards to"},
    TencentApiAction{"vpc", "2017-03-12", "DescribeSecurityGroupPolicies",
                     "the rules of the security groups of load balancers in front of an instance"},
};

constexpr std::array kAtlasPaths = {
    AtlasApiPath{"/orgs/{orgId}", "ORG_MEMBER", "the organisation"},
    AtlasApiPath{"/orgs/{orgId}/settings", "ORG_MEMBER",
                 "MFA required, API access list required, security contact, service-account "
                 "secret validity"},
    AtlasApiPath{"/orgs/{orgId}/groups", "ORG_READ_ONLY", "the organisation's projects"},
    AtlasApiPath{"/groups/{groupId}", "GROUP_READ_ONLY", "the project"},
    AtlasApiPath{"/groups/{groupId}/accessList", "GROUP_READ_ONLY", "the IP access list"},
    AtlasApiPath{"/groups/{groupId}/clusters", "GROUP_READ_ONLY",
                 "clusters: type, version, encryption at rest, backup, connection strings, TLS "
                 "floor"},
    AtlasApiPath{"/groups/{groupId}/clusters/{clusterName}/processArgs", "GROUP_READ_ONLY",
                 "TLS floor, JavaScript, default write concern"},
    AtlasApiPath{"/groups/{groupId}/clusters/{clusterName}/backup/schedule", "GROUP_READ_ONLY",
                 "backup policies and retention"},
    AtlasApiPath{"/groups/{groupId}/encryptionAtRest", "GROUP_READ_ONLY",
                 "customer key management for encryption at rest"},
    AtlasApiPath{"/groups/{groupId}/auditLog", "GROUP_OWNER",
                 "auditing on, its filter, auditAuthorizationSuccess"},
    AtlasApiPath{"/groups/{groupId}/databaseUsers", "GROUP_READ_ONLY",
                 "database users, their roles, scopes and kinds"},
    AtlasApiPath{"/groups/{groupId}/customDBRoles/roles", "GROUP_READ_ONLY", "custom roles"},
    AtlasApiPath{"/groups/{groupId}/userSecurity", "GROUP_OWNER", "LDAP and customer X.509"},
    AtlasApiPath{"/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService",
                 "GROUP_READ_ONLY", "private endpoints"},
    AtlasApiPath{"/groups/{groupId}/peers", "GROUP_READ_ONLY", "network peering"},
};

bool is_segment_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}

// Splits off the first '/'-led segment of `path` ("/a/b" gives "a", leaving "/b").
std::string_view next_segment(std::string_view& path) {
  path.remove_prefix(1);
  const std::size_t end = std::min(path.find('/'), path.size());
  const std::string_view segment = path.substr(0, end);
  path.remove_prefix(end);
  return segment;
}

bool matches(std::string_view pattern, std::string_view path) {
  while (!pattern.empty() && !path.empty()) {
    if (!pattern.starts_with('/') || !path.starts_with('/')) return false;
    const std::string_view want = next_segment(pattern);
    const std::string_view have = next_segment(path);
    if (want.starts_with('{')) {
      if (have.empty() || have == "." || have == ".." ||
          !std::all_of(have.begin(), have.end(), is_segment_char)) {
        return false;
      }
    } else if (want != have) {
      return false;
    }
  }
  return pattern.empty() && path.empty();
}

}  // namespace

std::span<const TencentApiAction> tencent_api_actions() { return kTencentActions; }
std::span<const AtlasApiPath> atlas_api_paths() { return kAtlasPaths; }

bool tencent_action_allowed(std::string_view service, std::string_view version,
                            std::string_view action) {
  return std::any_of(kTencentActions.begin(), kTencentActions.end(), [&](const auto& listed) {
    return listed.service == service && listed.version == version && listed.action == action;
  });
}

bool atlas_path_allowed(std::string_view path) {
  return std::any_of(kAtlasPaths.begin(), kAtlasPaths.end(),
                     [&](const auto& listed) { return matches(listed.path, path); });
}

}  // namespace mongoscan
