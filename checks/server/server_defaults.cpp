#include "checks/server/server_defaults.h"

#include <algorithm>

#include "checks/server/data_fields.h"
#include "checks/server/server_settings.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr const char* kDefaultsOrigin = "server defaults";

Error defaults_error(std::string message) {
  return data_file_error(kDefaultsOrigin, std::move(message));
}

// "0", or "major.minor" / "major.minor.patch" with numbers only.
bool is_since(std::string_view text) {
  const int dots = version_dots(text);
  return text == "0" || dots == 1 || dots == 2;
}

// Where a fact of the server source was read: a release tag ("r7.0.0") or a commit of
// mongodb/mongo, whole or abbreviated (at least 7 hex digits).
bool is_revision(std::string_view text) {
  if (text.size() > 1 && text[0] == 'r' && text != "r0") return is_since(text.substr(1));
  return text.size() >= 7 && text.size() <= 40 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

Result<ServerDefault> parse_entry(const json& entry, std::size_t index) {
  const std::string where = "defaults[" + std::to_string(index) + "]";
  if (!entry.is_object()) return defaults_error(where + " must be an object");
  ServerDefault parsed;
  auto setting = required_text(entry, "setting", where, kDefaultsOrigin);
  if (!setting) return setting.error();
  parsed.setting = std::move(setting).value();
  const std::string named = where + " (" + parsed.setting + ")";
  auto since = required_text(entry, "since", named, kDefaultsOrigin);
  if (!since) return since.error();
  if (!is_since(since.value()))
    return defaults_error(named + ": 'since' must be \"0\" or a version");
  parsed.since = std::move(since).value();
  if (!entry.contains("value")) return defaults_error(named + ": 'value' is missing");
  parsed.value = entry["value"];
  if (entry.contains("when")) {
    if (!entry["when"].is_object()) return defaults_error(named + ": 'when' must be an object");
    parsed.when = entry["when"];
  }
  if (entry.contains("enterprise")) {
    if (!entry["enterprise"].is_boolean())
      return defaults_error(named + ": 'enterprise' must be true or false");
    parsed.enterprise = entry["enterprise"].get<bool>();
  }
  auto source = required_text(entry, "source", named, kDefaultsOrigin);
  if (!source) return source.error();
  parsed.source = std::move(source).value();
  const auto note = entry.find("note");
  const bool noted = note != entry.end() && note->is_string() && !note->get<std::string>().empty();
  if (parsed.source.starts_with("https://www.mongodb.com/docs/")) {
    // The manual stands in where the server source does not hold the setting (Enterprise) or its
    // declaration was not found; the note says which.
    if (!noted)
      return defaults_error(named + ": a manual page as 'source' needs a 'note' saying why");
  } else if (parsed.source.starts_with("src/mongo/")) {
    auto read_at = required_text(entry, "read_at", named, kDefaultsOrigin);
    if (!read_at) return read_at.error();
    if (!is_revision(read_at.value())) {
      return defaults_error(
          named + ": 'read_at' must be a release tag (r7.0.0) or a commit of mongodb/mongo");
    }
    parsed.read_at = std::move(read_at).value();
  } else {
    return defaults_error(named +
                          ": 'source' must be a path under src/mongo/ or a page of the manual");
  }
  return parsed;
}

bool meets(const json& when, const json& configured) {
  return std::all_of(when.items().begin(), when.items().end(), [&](const auto& condition) {
    const auto it = configured.find(condition.key());
    return it != configured.end() && *it == condition.value();
  });
}

}  // namespace

const ServerDefault* ServerDefaults::find(std::string_view setting, std::string_view version,
                                          const json& configured) const {
  // An entry whose condition the configuration meets replaces the unconditional ones.
  const bool conditional = std::any_of(entries.begin(), entries.end(), [&](const auto& entry) {
    return entry.setting == setting && !entry.when.empty() && meets(entry.when, configured);
  });
  const ServerDefault* chosen = nullptr;
  int candidates = 0;
  for (const ServerDefault& entry : entries) {
    if (entry.setting != setting || entry.when.empty() == conditional) continue;
    if (conditional && !meets(entry.when, configured)) continue;
    ++candidates;
    const bool applies = version.empty() || compare_versions(entry.since, version) <= 0;
    if (applies && (chosen == nullptr || compare_versions(chosen->since, entry.since) < 0))
      chosen = &entry;
  }
  return version.empty() && candidates > 1 ? nullptr : chosen;
}

json ServerDefaults::value(std::string_view setting, std::string_view version) const {
  const ServerDefault* entry = find(setting, version);
  return entry != nullptr ? entry->value : json();
}

Result<ServerDefaults> parse_server_defaults(std::string_view json_text) {
  const json document = json::parse(json_text, nullptr, false);
  if (document.is_discarded() || !document.is_object())
    return defaults_error("the table is not a JSON object");
  ServerDefaults parsed;
  auto as_of = required_text(document, "as_of", "the table", kDefaultsOrigin);
  if (!as_of) return as_of.error();
  parsed.as_of = std::move(as_of).value();
  const auto entries = document.find("defaults");
  if (entries == document.end() || !entries->is_array())
    return defaults_error("'defaults' must be a list");
  for (std::size_t index = 0; index < entries->size(); ++index) {
    auto entry = parse_entry((*entries)[index], index);
    if (!entry) return entry.error();
    const bool repeated = std::any_of(
        parsed.entries.begin(), parsed.entries.end(), [&](const ServerDefault& earlier) {
          return earlier.setting == entry.value().setting && earlier.since == entry.value().since &&
                 earlier.when == entry.value().when;
        });
    if (repeated) {
      return defaults_error("defaults[" + std::to_string(index) + "] (" + entry.value().setting +
                            "): a second value since " + entry.value().since);
    }
    parsed.entries.push_back(std::move(entry).value());
  }
  // A condition names a setting as configured: one with a default of its own would make the
  // lookup of one default depend on another's.
  for (std::size_t index = 0; index < parsed.entries.size(); ++index) {
    for (const auto& condition : parsed.entries[index].when.items()) {
      const bool defaulted =
          std::any_of(parsed.entries.begin(), parsed.entries.end(),
                      [&](const ServerDefault& other) { return other.setting == condition.key(); });
      if (defaulted) {
        return defaults_error("defaults[" + std::to_string(index) + "] (" +
                              parsed.entries[index].setting + "): its condition on " +
                              condition.key() + ", which has a default itself");
      }
    }
  }
  return parsed;
}

const ServerDefaults& server_defaults() {
  static const ServerDefaults table = [] {
    auto parsed = parse_server_defaults(kServerDefaultsJson);
    return parsed ? std::move(parsed).value() : ServerDefaults{};
  }();
  return table;
}

}  // namespace mongoscan
