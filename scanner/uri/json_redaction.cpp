#include "scanner/uri/json_redaction.h"

#include <string>
#include <utility>
#include <vector>

#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

// Member names that redaction changes are replaced, keeping their values (for ordered_json, the
// renamed member moves to the end, which only a name holding a credential does).
template <typename Json>
void redact_member_names(Json& object) {
  std::vector<std::pair<std::string, std::string>> renamed;
  for (auto member = object.begin(); member != object.end(); ++member) {
    std::string redacted = redact_connection_strings_in_text(member.key());
    if (redacted != member.key()) renamed.emplace_back(member.key(), std::move(redacted));
  }
  for (auto& [name, redacted] : renamed) {
    Json value = std::move(object[name]);
    object.erase(name);
    object[redacted] = std::move(value);
  }
}

template <typename Json>
void redact(Json& document) {
  std::vector<Json*> pending = {&document};
  while (!pending.empty()) {
    Json& node = *pending.back();
    pending.pop_back();
    if (node.is_string()) {
      auto& text = node.template get_ref<std::string&>();
      text = redact_connection_strings_in_text(text);
    } else if (node.is_object()) {
      redact_member_names(node);
      for (auto& member : node.items()) pending.push_back(&member.value());
    } else if (node.is_array()) {
      for (Json& element : node) pending.push_back(&element);
    }
  }
}

}  // namespace

void redact_connection_strings_in_json(nlohmann::json& document) { redact(document); }
void redact_connection_strings_in_json(nlohmann::ordered_json& document) { redact(document); }

}  // namespace mongoscan
