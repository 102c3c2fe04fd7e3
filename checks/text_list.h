#pragma once
// Lists as checks write them in messages, and the strings of a BSON array.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/bson/bson.h"

namespace mongoscan {

// "a, b, c" (or with another separator); empty for no parts.
std::string join(const std::vector<std::string>& parts, std::string_view separator = ", ");

// The string elements of an array, in order; other elements and an absent array give none.
std::vector<std::string> string_elements(const std::optional<bson::Array>& array);

bool contains(const std::vector<std::string>& list, std::string_view item);

}  // namespace mongoscan
