#include "scanner/cli/acceptance_file.h"

#include <algorithm>
#include <array>

#include "scanner/infra/yaml_nodes.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

constexpr std::array<std::string_view, 5> kFields = {"check", "subject", "reason", "expires",
                                                     "owner"};

Error load_error(std::string_view path, int line, const std::string& what) {
  return Error{ErrorCode::usage, "accept",
               std::string(path) + ":" + std::to_string(line) + ": " + what};
}

bool is_digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// A calendar date written YYYY-MM-DD (days up to 31 in every month: a typo, not a calendar, is
// what this catches).
bool is_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  if (!is_digits(text.substr(0, 4)) || !is_digits(text.substr(5, 2)) ||
      !is_digits(text.substr(8, 2))) {
    return false;
  }
  const int month = std::stoi(std::string(text.substr(5, 2)));
  const int day = std::stoi(std::string(text.substr(8, 2)));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

Result<Acceptance> acceptance_from_yaml(const YAML::Node& entry, std::string_view path) {
  const int line = yaml_line(entry);
  if (!entry.IsMap()) return load_error(path, line, "an acceptance must be a mapping");
  for (const auto& field : entry) {
    const auto key = yaml_text(field.first);
    if (!key || std::find(kFields.begin(), kFields.end(), *key) == kFields.end()) {
      return load_error(path, yaml_line(field.first),
                        "unknown field (expected check, subject, reason, expires, owner)");
    }
  }
  Acceptance acceptance;
  acceptance.origin = std::string(path) + ":" + std::to_string(line);
  for (const auto& [name, value] : {std::pair{"check", &acceptance.check},
                                    {"subject", &acceptance.subject},
                                    {"reason", &acceptance.reason},
                                    {"expires", &acceptance.expires},
                                    {"owner", &acceptance.owner}}) {
    const YAML::Node node = yaml_child(entry, name);
    if (node.IsNull()) continue;
    const auto text = yaml_text(node);
    if (!text) return load_error(path, yaml_line(node), std::string(name) + " must be text");
    *value = *text;
  }
  for (const auto& [name, value] : {std::pair{"check", &acceptance.check},
                                    {"subject", &acceptance.subject},
                                    {"reason", &acceptance.reason},
                                    {"expires", &acceptance.expires}}) {
    if (value->empty()) return load_error(path, line, std::string("\"") + name + "\" is required");
  }
  if (!is_date(acceptance.expires)) {
    return load_error(path, yaml_line(yaml_child(entry, "expires")),
                      "\"expires\" must be a date YYYY-MM-DD");
  }
  // Every connection string in it, wherever it starts and whatever its scheme's case
  // (MonGodb://u:pw@h was kept whole: only a lower-case scheme at the start was redacted).
  acceptance.subject = redact_connection_strings_in_text(acceptance.subject);
  return acceptance;
}

}  // namespace

Result<std::vector<Acceptance>> acceptances_from_yaml(const YAML::Node& entries,
                                                      std::string_view path) {
  if (!entries.IsSequence()) {
    return load_error(path, yaml_line(entries), "acceptances must be a list");
  }
  std::vector<Acceptance> acceptances;
  for (const YAML::Node& entry : entries) {
    auto acceptance = acceptance_from_yaml(entry, path);
    if (!acceptance) return acceptance.error();
    acceptances.push_back(std::move(acceptance).value());
  }
  return acceptances;
}

Result<std::vector<Acceptance>> parse_acceptance_file(std::string_view text,
                                                      std::string_view path) {
  YAML::Node document;
  try {
    document = YAML::Load(std::string(text));
  } catch (const YAML::Exception& error) {
    return load_error(path, error.mark.is_null() ? 1 : error.mark.line + 1,
                      "not YAML: " + error.msg);
  }
  if (const auto repeated = repeated_key(document)) {
    return load_error(path, repeated->line, repeated->what);
  }
  const YAML::Node entries = yaml_child(document, "acceptances");
  if (entries.IsNull()) {
    return load_error(path, 1, "expected a mapping with an \"acceptances\" list");
  }
  return acceptances_from_yaml(entries, path);
}

}  // namespace mongoscan
