#pragma once
// What `mongoscan cloud-policy` prints: the least privilege each provider needs for the scan's
// reads, derived from the allowlist (cloud_api_allowlist.h) so that the two cannot drift.

#include <nlohmann/json.hpp>
#include <string>

namespace mongoscan {

// A Tencent Cloud CAM policy (syntax version 2.0) allowing exactly the allowlisted actions,
// "service:Action", on every resource.
nlohmann::json tencent_cam_policy();

// The Atlas roles the scan needs, with the paths each one reads: Organization Read Only and
// Project Read Only for everything but the project settings Atlas shows only to Project Owner.
std::string atlas_role_summary();

}  // namespace mongoscan
