#pragma once
// The resolve command's JSON: {"seeds": ["host:port", ...], "options": {...}, "error": null or
// "..."}. Options are keyed by lower-cased name and typed as in parse-uri; secrets print as "***".

#include <nlohmann/json.hpp>

#include "scanner/facts/seedlist_facts.h"

namespace mongoscan {

nlohmann::json seedlist_json(const SeedlistDiscovery& discovery);

}  // namespace mongoscan
