#pragma once
// A connection-string option value as JSON, for evidence and parse-uri output alike.

#include <nlohmann/json.hpp>

#include "scanner/uri/uri.h"

namespace mongoscan {

// Secrets, and the values of key-value pairs whose key names a secret, show as "***" unless
// reveal_secrets.
nlohmann::json option_value_json(const OptionValue& value, bool reveal_secrets);

}  // namespace mongoscan
