#pragma once
// The only control-plane API calls mongoscan makes, each a read: Tencent Cloud API actions
// (Describe*) of the services and versions named here, and Atlas Administration API GET paths.
// AllowlistedTransport (allowlisted_transport.h) refuses any request outside this list before it
// leaves the process, and `mongoscan cloud-policy` prints the least-privilege policy from it.

#include <span>
#include <string>
#include <string_view>

namespace mongoscan {

struct TencentApiAction {
  std::string_view service;  // the credential scope's service and the host's first label
  std::string_view version;  // the API version the action is called with
  std::string_view action;   // "DescribeDBInstances"
  std::string_view reads;    // what the checks learn from it
};

// Atlas Administration API v2 paths, relative to the API base (/api/atlas/v2), with {name} for a
// path parameter; `version` is the resource version every request for it asks for (the Accept
// header's application/vnd.atlas.VERSION+json, pinned here and nowhere else); `role` is the least
// Atlas role that may read it (the OpenAPI specification's x-rolesRequirements).
struct AtlasApiPath {
  std::string_view path;     // "/groups/{groupId}/accessList"
  std::string_view version;  // "2023-01-01"
  std::string_view role;     // "GROUP_READ_ONLY", "GROUP_OWNER", "ORG_READ_ONLY", "ORG_MEMBER"
  std::string_view reads;
};

std::span<const TencentApiAction> tencent_api_actions();
std::span<const AtlasApiPath> atlas_api_paths();

// Whether (service, version, action) is on the list.
bool tencent_action_allowed(std::string_view service, std::string_view version,
                            std::string_view action);

// Whether `path` (relative to the API base, no query) matches a listed template: each {name}
// matches one non-empty segment of letters, digits, '-', '_' or '.'.
bool atlas_path_allowed(std::string_view path);

// Whether `segment` may stand for a {name} of a template: non-empty letters, digits, '-', '_' or
// '.', and neither "." nor "..". A client puts nothing else in a path.
bool is_atlas_path_segment(std::string_view segment);

// The listed entry whose template is exactly `path_template`; nullptr when none is.
const AtlasApiPath* atlas_api_path(std::string_view path_template);

}  // namespace mongoscan
