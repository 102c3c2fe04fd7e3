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
    TencentApiAction{"mongodb", "2019-07-25", "DescribeAuditInstanceList",
                     "the region's instances with database audit on"},
    TencentApiAction{"mongodb", "2019-07-25", "DescribeBackupRules",
                     "how many days automatic backups are kept"},
    TencentApiAction{"mongodb", "2019-07-25", "DescribeAccountUsers",
                     "the instance's accounts and their read or read-write grants"},
    TencentApiAction{"clb", "2018-03-17", "DescribeLoadBalancers",
                     "load balancers: OPEN or INTERNAL, VIPs, security groups, "
                     "LoadBalancerPassToTarget"},
    TencentApiAction{"clb", "2018-03-17", "DescribeTargets",
                     "which addresses and ports each listener forwards to"},
    TencentApiAction{"vpc", "2017-03-12", "DescribeSecurityGroupPolicies",
                     "the rules of the security groups of load balancers in front of an instance"},
};

// Versions: the newest each path's OpenAPI description (mongodb/openapi v2.yaml, read through
// terraform-provider-mongodbatlas's copy at 6fb67ee2, 2026-08-19) lists for its 200 reply; the
// clusters, processArgs and backup schedule's 2023-01-01 editions carry x-sunset 2027-07-01.
constexpr std::array kAtlasPaths = {
    AtlasApiPath{"/orgs/{orgId}", "2023-01-01", "ORG_MEMBER", "the organisation"},
    AtlasApiPath{"/orgs/{orgId}/settings", "2023-01-01", "ORG_MEMBER",
                 "MFA required, API access list required, security contact, service-account "
                 "secret validity"},
    AtlasApiPath{"/orgs/{orgId}/groups", "2023-01-01", "ORG_READ_ONLY",
                 "the organisation's projects"},
    AtlasApiPath{"/groups/{groupId}", "2023-01-01", "GROUP_READ_ONLY", "the project"},
    AtlasApiPath{"/groups/{groupId}/accessList", "2023-01-01", "GROUP_READ_ONLY",
                 "the IP access list"},
    AtlasApiPath{"/groups/{groupId}/clusters", "2024-08-05", "GROUP_READ_ONLY",
                 "clusters: type, version, encryption at rest, backup, connection strings, TLS "
                 "floor"},
    AtlasApiPath{"/groups/{groupId}/clusters/{clusterName}/processArgs", "2024-08-05",
                 "GROUP_READ_ONLY", "TLS floor, JavaScript, default write concern"},
    AtlasApiPath{"/groups/{groupId}/clusters/{clusterName}/backup/schedule", "2024-08-05",
                 "GROUP_READ_ONLY", "backup policies and retention"},
    AtlasApiPath{"/groups/{groupId}/encryptionAtRest", "2023-01-01", "GROUP_READ_ONLY",
                 "customer key management for encryption at rest"},
    AtlasApiPath{"/groups/{groupId}/auditLog", "2023-01-01", "GROUP_OWNER",
                 "auditing on, its filter, auditAuthorizationSuccess"},
    AtlasApiPath{"/groups/{groupId}/databaseUsers", "2023-01-01", "GROUP_READ_ONLY",
                 "database users, their roles, scopes and kinds"},
    AtlasApiPath{"/groups/{groupId}/customDBRoles/roles", "2023-01-01", "GROUP_READ_ONLY",
                 "custom roles"},
    AtlasApiPath{"/groups/{groupId}/userSecurity", "2023-01-01", "GROUP_OWNER",
                 "LDAP and customer X.509"},
    AtlasApiPath{"/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService", "2023-01-01",
                 "GROUP_READ_ONLY", "private endpoints"},
    AtlasApiPath{"/groups/{groupId}/peers", "2023-01-01", "GROUP_READ_ONLY", "network peering"},
    // listClusterDetails lists no role requirement; it shows the clusters of the projects the
    // credentials can read.
    AtlasApiPath{"/clusters", "2023-01-01", "GROUP_READ_ONLY",
                 "whether each cluster requires authentication and TLS (authEnabled, sslEnabled)"},
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
      if (!is_atlas_path_segment(have)) return false;
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

bool is_atlas_path_segment(std::string_view segment) {
  return !segment.empty() && segment != "." && segment != ".." &&
         std::all_of(segment.begin(), segment.end(), is_segment_char);
}

const AtlasApiPath* atlas_api_path(std::string_view path_template) {
  for (const AtlasApiPath& listed : kAtlasPaths)
    if (listed.path == path_template) return &listed;
  return nullptr;
}

bool atlas_path_allowed(std::string_view path) {
  return std::any_of(kAtlasPaths.begin(), kAtlasPaths.end(),
                     [&](const auto& listed) { return matches(listed.path, path); });
}

}  // namespace mongoscan
