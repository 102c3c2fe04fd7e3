#include "scanner/infra/embedded_server_config.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "scanner/infra/mongod_command_line.h"
#include "scanner/infra/server_config_file.h"
#include "scanner/infra/word_search.h"
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

// Whether `image` ("mongo:7.0", "docker.io/library/mongo@sha256:...",
// "mongodb/mongodb-community-server:7.0-ubi8") is an image whose entrypoint runs mongod with the
// container's arguments when the first is an option: the official image's docker-entrypoint.sh
// ("if command starts with an option, prepend mongod", docker-library/mongo) and MongoDB's
// community and enterprise server images built on it.
bool runs_mongod_with_arguments(std::string_view image) {
  image = image.substr(0, image.find('@'));
  const std::size_t slash = image.rfind('/');
  const std::size_t colon = image.find(':', slash == std::string_view::npos ? 0 : slash);
  image = image.substr(0, colon);
  const std::string_view name = image.substr(slash == std::string_view::npos ? 0 : slash + 1);
  if (name == "mongo")
    return slash == std::string_view::npos || image.ends_with("library/mongo") ||
           image == "docker.io/mongo";
  return image.ends_with("mongodb/mongodb-community-server") ||
         image.ends_with("mongodb/mongodb-enterprise-server");
}

// A sequence of scalars, or a string split at spaces (Compose's `command: --auth --bind_ip_all`),
// as command words at their lines; empty for anything else.
std::vector<CommandWord> argument_words(const YAML::Node& node) {
  std::vector<CommandWord> words;
  if (node.IsSequence()) {
    for (const auto& element : node) {
      if (!element.IsScalar()) return {};
      words.push_back({element.Scalar(), yaml_line(element)});
    }
  } else if (node.IsScalar()) {
    std::string_view text = node.Scalar();
    while (!text.empty()) {
      const std::size_t begin = text.find_first_not_of(' ');
      if (begin == std::string_view::npos) break;
      const std::size_t end = text.find(' ', begin);
      words.push_back({std::string(text.substr(begin, end - begin)), yaml_line(node)});
      text = end == std::string_view::npos ? std::string_view() : text.substr(end);
    }
  }
  return words;
}

// Whether a container's `env` (a Kubernetes list of {name, value}) or `environment` (Compose: a
// map or a list of NAME=value) sets both of the official image's root account variables.
bool sets_root_user(const YAML::Node& container) {
  std::string names;
  for (const char* key : {"env", "environment"}) {
    const YAML::Node variables = yaml_child(container, key);
    if (variables.IsMap()) {
      for (const auto& entry : variables)
        if (entry.first.IsScalar()) names += entry.first.Scalar() + "\n";
    } else if (variables.IsSequence()) {
      for (const auto& element : variables) {
        if (element.IsScalar()) names += element.Scalar() + "\n";
        if (element.IsMap() && yaml_child(element, "name").IsScalar())
          names += yaml_child(element, "name").Scalar() + "\n";
      }
    }
  }
  return sets_initdb_root_user(names);
}

// A container (a Kubernetes pod's, a Compose service) of the official image whose arguments
// (`args`, or Compose's `command`) are `mongod ...` or start with an option: the image's
// entrypoint runs mongod with them, adding --bind_ip_all when no address is bound and --auth for
// the root account variables. A container whose entrypoint is replaced (a Kubernetes `command`,
// a Compose `entrypoint`) is left to mongod_command_line.h, which reads it where it is written.
void read_container_arguments(const YAML::Node& container, std::string_view path,
                              std::vector<ServerConfigFile>& found) {
  const YAML::Node image = yaml_child(container, "image");
  if (!image.IsScalar() || !runs_mongod_with_arguments(image.Scalar())) return;
  const YAML::Node command = yaml_child(container, "command");
  const YAML::Node args = yaml_child(container, "args");
  const bool kubernetes = !args.IsNull();
  if (kubernetes && !command.IsNull()) return;  // a Kubernetes command replaces the entrypoint
  if (!kubernetes && !yaml_child(container, "entrypoint").IsNull()) return;  // so does Compose's
  std::vector<CommandWord> words = argument_words(kubernetes ? args : command);
  if (words.empty()) return;
  const int line = words.front().line;
  if (words.front().text == "mongod") {
    words.erase(words.begin());
  } else if (!words.front().text.starts_with("-")) {
    return;
  }
  // "MongoDB defaults to localhost-only binding ... so if no "--bind_ip" is specified, let's add
  // "--bind_ip_all"" (docker-entrypoint.sh).
  const bool binds = std::any_of(words.begin(), words.end(), [](const CommandWord& word) {
    return word.text == "--bind_ip" || word.text == "--bind_ip_all" ||
           word.text.starts_with("--bind_ip=") || word.text.starts_with("--bind_ip_all=");
  });
  if (!binds) words.push_back({"--bind_ip_all", line});
  if (auto config = read_mongod_options(path, words, "mongod", line, sets_root_user(container)))
    found.push_back(std::move(*config));
}

// A chart's `extraFlags` (bitnami/mongodb and mongodb-sharded: "additional command line flags"
// of mongod, mongos, config servers, shards and arbiters): options added to the chart's own
// command line, a fragment.
void read_extra_flags(const YAML::Node& flags, int key_line, std::string_view path,
                      std::vector<ServerConfigFile>& found) {
  const std::vector<CommandWord> words = argument_words(flags);
  if (words.empty() || !words.front().text.starts_with("-")) return;
  if (auto config = read_mongod_options(path, words, "mongod", key_line, false)) {
    config->line = key_line;
    config->fragment = true;
    found.push_back(std::move(*config));
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
  read_container_arguments(node, path, found);
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
    if (key == "extraFlags") {
      read_extra_flags(entry.second, key_line, path, found);
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
  // One pass over the text for all seven words, not a search per word (a config scan asks this of
  // every YAML file).
  enum Word : unsigned {
    kConfiguration,
    kAdditionalConfig,
    kConfFile,
    kExtraFlags,
    kMongo,
    kArgs,
    kCommand
  };
  static const WordSearch words({"configuration:", "additionalMongodConfig",
                                 ".conf:", "extraFlags:", "mongo", "args:", "command:"});
  const std::uint64_t found = words.found(text);
  const auto has = [&](Word word) { return (found >> word & 1) != 0; };
  return has(kConfiguration) || has(kAdditionalConfig) || has(kConfFile) || has(kExtraFlags) ||
         (has(kMongo) && (has(kArgs) || has(kCommand)));
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
