#pragma once
// The parse-uri command's JSON: {"valid", "warnings", "error", "hosts", "auth", "credential",
// "options"}. Secrets print as "***" unless reveal_secrets is set.

#include <nlohmann/json.hpp>

#include "scanner/uri/uri.h"
#include "scanner/uri/uri_option_json.h"

namespace mongoscan {

nlohmann::json parsed_uri_json(const Result<ConnectionString>& parsed, bool reveal_secrets);

}  // namespace mongoscan
