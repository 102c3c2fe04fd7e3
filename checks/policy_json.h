#pragma once
// Policy files (--policy): the JSON form of a Policy, checked against the catalogue of checks.

#include <string_view>

#include "checks/policy.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// Parses a policy from JSON text. Unknown keys, wrong types and unknown check ids are errors
// (ErrorCode::usage) naming the offending key.
Result<Policy> parse_policy(std::string_view json_text);

}  // namespace mongoscan
