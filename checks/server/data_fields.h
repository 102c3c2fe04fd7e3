#pragma once
// Fields of the JSON data files compiled into the checks (checks/data/*.json): a shape error names
// the file's subject (`origin`, "release data") and where in it the field is missing or wrong.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "scanner/errors/result.h"

namespace mongoscan {

// An ErrorCode::protocol error of the data file `origin`.
Error data_file_error(const char* origin, std::string message);

// The non-empty string member `key` of `object`, or the error naming `where` and the key.
Result<std::string> required_text(const nlohmann::json& object, const char* key,
                                  const std::string& where, const char* origin);

// How many dots join the numbers of a version written as numbers only ("7.0.9": 2, "4.2": 1,
// "7": 0); -1 for anything else ("7.0-rc1", "7..0", "").
int version_dots(std::string_view text);

}  // namespace mongoscan
