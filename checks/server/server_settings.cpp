#include "checks/server/server_settings.h"

#include <algorithm>
#include <array>
#include <charconv>

#include "checks/server/server_defaults.h"
#include "checks/text_list.h"
#include "scanner/facts/node_facts.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// The value at a dotted path inside a document, if every step is there.
const bson::Value* find_path(const bson::Document& document, std::string_view path) {
  const bson::Document* current = &document;
  while (true) {
    const std::size_t dot = path.find('.');
    const bson::Value* value = current->find(path.substr(0, dot));
    if (value == nullptr || dot == std::string_view::npos) return value;
    current = value->get_if<bson::Document>();
    if (current == nullptr) return nullptr;
    path.remove_prefix(dot + 1);
  }
}

// The part of a version number before any suffix, as integers.
std::array<int, 3> version_parts(std::string_view version) {
  std::array<int, 3> parts{0, 0, 0};
  for (int& part : parts) {
    const char* end = version.data() + version.size();
    auto [next, error] = std::from_chars(version.data(), end, part);
    if (error != std::errc() || next == end || *next != '.') break;
    version.remove_prefix(static_cast<std::size_t>(next - version.data()) + 1);
  }
  return parts;
}

// The version whose defaults a config file's unset settings are judged at: every setting the
// server defaults table gives for 4.2 keeps its default in later versions (server_defaults_test).
constexpr std::string_view kConfigFileDefaultsVersion = "4.2";

// The table's default for `path`, its `when` conditions met by `configured`.
ServerSetting default_setting(std::string_view version, std::string_view path,
                              const json& configured) {
  const ServerDefault* entry = server_defaults().find(path, version, configured);
  if (entry == nullptr) return {json(), false, "not set; no known default for this version"};
  std::string source = "default";
  for (const auto& [key, value] : entry->when.items())
    source += " for " + key + " " + value_text(value);
  if (entry->when.empty() && entry->since != "0") source += " since MongoDB " + entry->since;
  return {entry->value, false, std::move(source)};
}

// A config file's scalar as mongod's options parser types it (YAMLNodeToValue in
// src/mongo/util/options_parser/options_parser.cpp): a Bool or Switch option takes exactly "true"
// or "false", a numeric one a number; the option's type is not known here, so those spellings
// are read as such and anything else stays a string. setParameter values stay strings, as
// getCmdLineOpts reports them.
json option_value(const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  std::int64_t number = 0;
  const char* end = text.data() + text.size();
  if (!text.empty() && std::from_chars(text.data(), end, number).ptr == end) return number;
  return text;
}

}  // namespace

json ServerSetting::evidence() const {
  return {{"value", value}, {"set", set}, {"source", source}};
}

ServerSetting tls_setting(const ServerSettings& settings, std::string_view name) {
  ServerSetting tls = settings["net.tls." + std::string(name)];
  if (tls.set) return tls;
  ServerSetting ssl = settings["net.ssl." + std::string(name)];
  return ssl.set ? ssl : tls;
}

int compare_versions(std::string_view a, std::string_view b) {
  const auto left = version_parts(a);
  const auto right = version_parts(b);
  return left < right ? -1 : (left == right ? 0 : 1);
}

bool is_cluster_member(const ServerSettings& settings) {
  return settings.has_section("replication") || settings.has_section("sharding");
}

std::vector<std::string> comma_separated(const std::string& text) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string name = text.substr(start, comma - start);
    std::erase(name, ' ');
    if (!name.empty()) names.push_back(name);
    start = comma + 1;
  }
  return names;
}

bool is_on(const nlohmann::json& value) {
  return value == true || (value.is_string() && to_lower_ascii(value.get<std::string>()) == "true");
}

std::string value_text(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

std::optional<bool> parameter_flag(const nlohmann::json& value) {
  if (value.is_boolean()) return value.get<bool>();
  if (value == "true" || value == "1") return true;
  if (value == "false" || value == "0") return false;
  return std::nullopt;
}

bool is_cluster_member(const NodeFacts& facts, const ServerSettings& settings) {
  if (facts.hello &&
      (facts.hello->get_string("setName") || facts.hello->get_string("msg") == "isdbgrid")) {
    return true;
  }
  return is_cluster_member(settings);
}

std::string server_version(const NodeFacts& facts) {
  const auto build_info = facts.commands.find("buildInfo");
  if (build_info == facts.commands.end() || build_info->second.state != CommandOutcome::State::ok)
    return "";
  return build_info->second.reply.get_string("version").value_or("");
}

ServerSetting server_setting(const bson::Document& cmd_line_opts, std::string_view version,
                             std::string_view path) {
  return ServerSettings(cmd_line_opts, std::string(version))[path];
}

ServerSettings::ServerSettings(const bson::Document& cmd_line_opts, std::string version)
    : cmd_line_opts_(&cmd_line_opts), version_(std::move(version)) {}

ServerSettings::ServerSettings(const ServerConfigFile& file)
    : file_(&file), version_(kConfigFileDefaultsVersion) {}

ServerSetting ServerSettings::operator[](std::string_view path) const {
  if (cmd_line_opts_ != nullptr) {
    const auto parsed = cmd_line_opts_->get_document("parsed");
    if (const bson::Value* value = parsed ? find_path(*parsed, path) : nullptr)
      return {bson::to_json(*value), true, "getCmdLineOpts parsed." + std::string(path)};
    return default_for(path);
  }
  json values = json::array();
  int line = 0;
  for (const ServerConfigSetting& setting : file_->settings) {
    if (setting.key != path) continue;
    if (line == 0) line = setting.line;
    values.push_back(path.starts_with("setParameter.") ? json(setting.value)
                                                       : option_value(setting.value));
  }
  if (values.empty()) return default_for(path);
  return {values.size() == 1 ? values[0] : values, true,
          (file_->command_line ? "command line, line " : "line ") + std::to_string(line)};
}

ServerSetting ServerSettings::default_for(std::string_view path) const {
  json configured = json::object();
  for (const ServerDefault& entry : server_defaults().entries) {
    if (entry.setting != path) continue;
    for (const auto& condition : entry.when.items()) {
      if (configured.contains(condition.key())) continue;
      const ServerSetting value = (*this)[condition.key()];
      if (value.set) configured[condition.key()] = value.value;
    }
  }
  return default_setting(version_, path, configured);
}

bool ServerSettings::has_section(std::string_view section) const {
  if (cmd_line_opts_ != nullptr) {
    const auto parsed = cmd_line_opts_->get_document("parsed");
    return parsed && parsed->find(section) != nullptr;
  }
  return std::any_of(file_->settings.begin(), file_->settings.end(), [&](const auto& setting) {
    return setting.key.starts_with(section) && setting.key.size() > section.size() &&
           setting.key[section.size()] == '.';
  });
}

Subject ServerSettings::file_subject(std::initializer_list<std::string_view> paths) const {
  if (file_ == nullptr) return Subject::file("", 1, 1);
  for (std::string_view wanted : paths) {
    for (const ServerConfigSetting& setting : file_->settings) {
      if (setting.key == wanted) return Subject::file(file_->path, setting.line, 1);
    }
  }
  return Subject::file(file_->path, file_->line, 1);
}

std::vector<std::string> authentication_mechanisms(const bson::Document* parameters,
                                                   const ServerSettings& settings,
                                                   std::string& source) {
  if (const auto reported =
          parameters ? parameters->get_array("authenticationMechanisms") : std::nullopt) {
    source = "getParameter authenticationMechanisms";
    return string_elements(reported);
  }
  const ServerSetting configured = settings["setParameter.authenticationMechanisms"];
  source = configured.source;
  if (configured.value.is_string()) return comma_separated(configured.value.get<std::string>());
  std::vector<std::string> mechanisms;  // the default: a list, as getParameter reports it
  for (const json& mechanism : configured.value)
    if (mechanism.is_string()) mechanisms.push_back(mechanism.get<std::string>());
  return mechanisms;
}

}  // namespace mongoscan
