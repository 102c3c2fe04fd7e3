#include "scanner/infra/embedded_server_config.h"

#include <string>

#include "scanner/infra/server_config_file.h"
#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

// How deep the walk goes into a document, and how many settings one fragment keeps.
constexpr int kEmbeddedMaxDepth = 32;
constexpr std::size_t kEmbeddedMaxSettings = 1000;

bool embeds_config_text(std::string_view key) {
  return key == "configuration" || key.ends_with("mongod.conf") || key.ends_with("mongos.conf");
}

// `additionalMongodConfig`'s mapping, as dotted keys: `storage.wiredTiger...: zlib` and nested
// sections alike.
void flatten(const YAML::Node& node, const std::string& key, int line, int depth,
             ServerConfigFile& file) {
  if (depth > kEmbeddedMaxDepth || file.settings.size() >= kEmbeddedMaxSettings) return;
  if (node.IsMap()) {
    for (const auto& entry : node) {
      if (!entry.first.IsScalar()) continue;
      flatten(entry.second, key.empty() ? entry.first.Scalar() : key + "." + entry.first.Scalar(),
              yaml_line(entry.first), depth + 1, file);
    }
  } else if (node.IsSequence()) {
    for (const auto& element : node) flatten(element, key, yaml_line(element), depth + 1, file);
  } else if (node.IsScalar()) {
    file.settings.push_back(ServerConfigSetting{key, node.Scalar(), line});
  }
}

void walk(const YAML::Node& node, std::string_view path, int depth,
          std::vector<ServerConfigFile>& found) {
  if (depth > kEmbeddedMaxDepth) return;
  if (node.IsSequence()) {
    for (const auto& element : node) walk(element, path, depth + 1, found);
    return;
  }
  if (!node.IsMap()) return;
  for (const auto& entry : node) {
    if (!entry.first.IsScalar()) continue;
    const std::string& key = entry.first.Scalar();
    const int key_line = yaml_line(entry.first);
    if (entry.second.IsScalar() && embeds_config_text(key) &&
        entry.second.Scalar().find('\n') != std::string::npos) {
      // A block scalar's text starts on the line after its key.
      if (auto config = read_server_config(path, entry.second.Scalar())) {
        for (ServerConfigSetting& setting : config->settings) setting.line += key_line;
        config->line = key_line;
        config->fragment = true;
        found.push_back(std::move(*config));
      }
      continue;
    }
    if (key == "additionalMongodConfig" && entry.second.IsMap()) {
      ServerConfigFile config;
      config.path = std::string(path);
      config.line = key_line;
      config.fragment = true;
      flatten(entry.second, "", key_line, 0, config);
      if (!config.settings.empty()) found.push_back(std::move(config));
      continue;
    }
    walk(entry.second, path, depth + 1, found);
  }
}

}  // namespace

bool may_embed_server_config(std::string_view text) {
  return text.find("configuration:") != std::string_view::npos ||
         text.find("additionalMongodConfig") != std::string_view::npos ||
         text.find(".conf:") != std::string_view::npos;
}

std::vector<ServerConfigFile> read_embedded_server_configs(std::string_view path,
                                                           std::string_view text) {
  std::vector<ServerConfigFile> found;
  const auto documents = load_yaml_documents(text);
  if (!documents) return found;
  try {
    for (const YAML::Node& document : documents.value()) walk(document, path, 0, found);
  } catch (const YAML::Exception&) {
    // A tree yaml-cpp cannot walk holds no configuration read here.
  }
  return found;
}

}  // namespace mongoscan
