#include "scanner/infra/server_config_file.h"

#include <algorithm>
#include <array>
#include <string>

#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

// The top-level sections of the MongoDB manual's "Configuration File Options" (mongod and
// mongos); mongod refuses a file with any other.
constexpr std::array<std::string_view, 12> kServerConfigSections{
    "systemLog", "processManagement",  "cloud",       "net",      "security", "setParameter",
    "storage",   "operationProfiling", "replication", "sharding", "auditLog", "snmp"};

// Sections a file must have one of to be taken for a server config rather than a file that
// happens to have only, say, `storage:`.
constexpr std::array<std::string_view, 6> kServerConfigCoreSections{
    "net", "security", "storage", "systemLog", "replication", "sharding"};

constexpr int kServerConfigMaxDepth = 16;
constexpr std::size_t kServerConfigMaxSettings = 10000;

bool is_server_config_section(std::string_view key) {
  return std::find(kServerConfigSections.begin(), kServerConfigSections.end(), key) !=
         kServerConfigSections.end();
}

bool is_server_config_core_section(std::string_view key) {
  return std::find(kServerConfigCoreSections.begin(), kServerConfigCoreSections.end(), key) !=
         kServerConfigCoreSections.end();
}

bool looks_like_server_config(const YAML::Node& document) {
  if (!document.IsMap()) return false;
  bool has_core_section = false;
  for (const auto& entry : document) {
    if (!entry.first.IsScalar() || !is_server_config_section(entry.first.Scalar())) return false;
    has_core_section = has_core_section || (is_server_config_core_section(entry.first.Scalar()) &&
                                            entry.second.IsMap());
  }
  return has_core_section;
}

void flatten_server_settings(const YAML::Node& node, const std::string& key, int line, int depth,
                             ServerConfigFile& file) {
  if (depth > kServerConfigMaxDepth || file.settings.size() >= kServerConfigMaxSettings) return;
  if (node.IsMap()) {
    for (const auto& entry : node) {
      flatten_server_settings(entry.second, key + "." + entry.first.Scalar(),
                              yaml_line(entry.first), depth + 1, file);
    }
  } else if (node.IsSequence()) {
    for (const auto& element : node) {
      flatten_server_settings(element, key, yaml_line(element), depth + 1, file);
    }
  } else if (node.IsScalar()) {
    file.settings.push_back(ServerConfigSetting{key, node.Scalar(), line});
  }
}

}  // namespace

std::optional<ServerConfigFile> read_server_config(std::string_view path, std::string_view text) {
  const auto documents = load_yaml_documents(text);
  if (!documents || documents.value().size() != 1) return std::nullopt;
  const YAML::Node& document = documents.value().front();
  try {
    if (!looks_like_server_config(document)) return std::nullopt;
    ServerConfigFile file;
    file.path = std::string(path);
    for (const auto& section : document) {
      flatten_server_settings(section.second, section.first.Scalar(), yaml_line(section.first), 1,
                              file);
    }
    return file;
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
}

}  // namespace mongoscan
