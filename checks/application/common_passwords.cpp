#include "checks/application/common_passwords.h"

#include <string>
#include <unordered_set>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

struct CommonPasswordList {
  std::size_t entries = 0;
  std::unordered_set<std::string> folded;  // lower-cased entries
};

CommonPasswordList load_list(std::string_view text) {
  CommonPasswordList list;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.empty()) continue;
    ++list.entries;
    list.folded.insert(to_lower_ascii(line));
  }
  return list;
}

// Built on first use; thread-safe by the rules of function-local statics.
const CommonPasswordList& common_password_list() {
  static const CommonPasswordList list = load_list(kCommonPasswordsText);
  return list;
}

}  // namespace

std::size_t common_password_list_size() { return common_password_list().entries; }

bool is_common_password(std::string_view candidate) {
  return common_password_list().folded.contains(to_lower_ascii(candidate));
}

}  // namespace mongoscan
