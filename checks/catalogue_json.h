#pragma once
// The check catalogue as JSON, and its digest: which checks (ids, severities, titles, references,
// remediations) a build judged by, for `mongoscan checks --format json`, evidence manifests and
// run histories.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checks/check_spec.h"

namespace mongoscan {

// The specs in the given order, each {id, layer, severity, title, references, remediation,
// description}, a reference being {framework, id, title}.
nlohmann::ordered_json catalogue_json(const std::vector<CheckSpec>& specs);

// The SHA-256 (64 lower-case hex digits) of catalogue_json(specs) dumped compactly (no spaces, the
// members in the order above, UTF-8 as is): any change to any spec changes it.
std::string catalogue_sha256(const std::vector<CheckSpec>& specs);

// catalogue_sha256 of this build's check_catalogue().
std::string catalogue_sha256();

}  // namespace mongoscan
