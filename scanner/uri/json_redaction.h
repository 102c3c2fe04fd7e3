#pragma once
// Connection strings inside JSON documents that reach an output (free-form evidence, a saved report
// read back by convert or merge, a SARIF log): every string, member names included, passed through
// redact_connection_strings_in_text.

#include <nlohmann/json.hpp>

namespace mongoscan {

// Redacts `document` in place. Walks with a stack of its own, so any depth is safe.
void redact_connection_strings_in_json(nlohmann::json& document);
void redact_connection_strings_in_json(nlohmann::ordered_json& document);

}  // namespace mongoscan
