#pragma once
// The parse-uri command's JSON: {"valid", "warnings", "error", "hosts", "auth", "credential",
// "options"}. Secrets print as "***" unless reveal_secrets is set.

#include <nlohmann/json.hpp>

#include "scanner/uri.h"

namespace mongoscan {

nlohmann::json option_value_json(const OptionValue& value, bool reveal_secrets);
nlohmann::json parsed_uri_json(const Result<ConnectionString>& parsed, bool reveal_secrets);

}  // namespace mongoscan
