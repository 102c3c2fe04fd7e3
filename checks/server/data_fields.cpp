#include "checks/server/data_fields.h"

namespace mongoscan {

Error data_file_error(const char* origin, std::string message) {
  return Error{ErrorCode::protocol, origin, std::move(message)};
}

Result<std::string> required_text(const nlohmann::json& object, const char* key,
                                  const std::string& where, const char* origin) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_string() || it->get<std::string>().empty())
    return data_file_error(origin, where + ": '" + key + "' must be a non-empty string");
  return it->get<std::string>();
}

int version_dots(std::string_view text) {
  int dots = 0;
  bool digit_before = false;
  for (const char c : text) {
    if (c == '.') {
      if (!digit_before) return -1;
      ++dots;
      digit_before = false;
    } else if (c >= '0' && c <= '9') {
      digit_before = true;
    } else {
      return -1;
    }
  }
  return digit_before ? dots : -1;
}

}  // namespace mongoscan
