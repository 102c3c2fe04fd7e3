#pragma once
// The CWE weakness each check guards against, where one fits: the SARIF rules' tags.

#include <optional>
#include <string_view>

namespace mongoscan {

// The CWE id (https://cwe.mitre.org) of the check, or nullopt for checks of reliability and
// style (most CONN-*, DISC-* and MODEL-*), which guard against no weakness.
std::optional<int> cwe_of(std::string_view check_id);

}  // namespace mongoscan
