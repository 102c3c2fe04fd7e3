#pragma once
// What `mongoscan cloud-policy` prints: the least privilege each provider needs for the scan's
// reads, derived from the allowlist (cloud_api_allowlist.h) so that the two cannot drift.

#include <nlohmann/json.hpp>

namespace mongoscan {

// A Tencent Cloud CAM policy (syntax version 2.0) allowing exactly the allowlisted actions,
// "service:Action", on every resource.
nlohmann::json tencent_cam_policy();

// The Atlas roles the reads need, each with the GET paths it is the least role for: Atlas grants
// roles, not single API actions, so this is the narrowest grant there is. Project Owner is listed
// for the two reads no read-only role allows (auditing, LDAP and X.509); without it those parts
// are reported as not read.
nlohmann::json atlas_roles_policy();

}  // namespace mongoscan
