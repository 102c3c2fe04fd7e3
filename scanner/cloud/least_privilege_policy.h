#pragma once
// What `mongoscan cloud-policy` prints: the least privilege each provider needs for the scan's
// reads, derived from the allowlist (cloud_api_allowlist.h) so that the two cannot drift.

#include <nlohmann/json.hpp>

namespace mongoscan {

// A Tencent Cloud CAM policy (syntax version 2.0) allowing exactly the allowlisted actions,
// "service:Action", on every resource.
nlohmann::json tencent_cam_policy();

}  // namespace mongoscan
