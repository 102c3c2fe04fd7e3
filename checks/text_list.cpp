#include "checks/text_list.h"

#include <algorithm>

namespace mongoscan {

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string joined;
  for (const auto& part : parts) {
    if (!joined.empty()) joined += separator;
    joined += part;
  }
  return joined;
}

std::vector<std::string> string_elements(const std::optional<bson::Array>& array) {
  std::vector<std::string> strings;
  if (!array) return strings;
  for (const bson::Value& value : *array)
    if (const auto* text = value.get_if<std::string>()) strings.push_back(*text);
  return strings;
}

bool contains(const std::vector<std::string>& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

}  // namespace mongoscan
