#include "scanner/infra/server_config_file.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <string>

#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

// The top-level sections of the MongoDB manual's "Configuration File Options" (mongod and
// mongos); mongod refuses a file with any other.
constexpr std::array<std::string_view, 12> kServerConfigSections{
    "systemLog", "processManagement",  "cloud",       "net",      "security", "setParameter",
    "storage",   "operationProfiling", "replication", "sharding", "auditLog", "snmp"};

// The options of each section the manual's "Configuration File Options" documents, second level
// only: a file is taken for a server config when some section holds one of its own options, so that
// a Helm values file whose only key is `security:` or `storage:` is not. setParameter holds any
// server parameter.
struct SectionOptions {
  std::string_view section;
  std::initializer_list<std::string_view> options;
};

const std::array<SectionOptions, 11>& section_options() {
  static const std::array<SectionOptions, 11> kSectionOptions = {{
      {"net",
       {"port", "bindIp", "bindIpAll", "maxIncomingConnections", "wireObjectCheck", "ipv6",
        "unixDomainSocket", "tls", "ssl", "compression", "serviceExecutor", "transportLayer",
        "http"}},
      {"security",
       {"keyFile", "clusterAuthMode", "authorization", "transitionToAuth", "javascriptEnabled",
        "redactClientLogData", "clusterIpSourceAllowlist", "clusterIpSourceWhitelist",
        "enableEncryption", "encryptionCipherMode", "encryptionKeyFile", "kmip", "sasl", "ldap"}},
      {"storage",
       {"dbPath", "journal", "directoryPerDB", "syncPeriodSecs", "engine", "wiredTiger", "inMemory",
        "oplogMinRetentionHours"}},
      {"systemLog",
       {"verbosity", "quiet", "traceAllExceptions", "syslogFacility", "path", "logAppend",
        "logRotate", "destination", "timeStampFormat", "component"}},
      {"replication", {"oplogSizeMB", "replSetName", "enableMajorityReadConcern"}},
      {"sharding", {"clusterRole", "archiveMovedChunks", "configDB"}},
      {"auditLog",
       {"destination", "format", "path", "filter", "auditEncryptionKeyIdentifier",
        "compressionMode", "localAuditKeyFile"}},
      {"operationProfiling", {"mode", "slowOpThresholdMs", "slowOpSampleRate", "filter"}},
      {"processManagement", {"fork", "pidFilePath", "timeZoneInfo"}},
      {"cloud", {"monitoring"}},
      {"snmp", {"disabled", "subagent", "master"}},
  }};
  return kSectionOptions;
}

constexpr int kServerConfigMaxDepth = 16;
constexpr std::size_t kServerConfigMaxSettings = 10000;

bool is_server_config_section(std::string_view key) {
  return std::find(kServerConfigSections.begin(), kServerConfigSections.end(), key) !=
         kServerConfigSections.end();
}

// Whether `section` (a map under a section's key) holds one of that section's own options.
bool holds_own_option(std::string_view name, const YAML::Node& section) {
  if (!section.IsMap() || section.size() == 0) return false;
  if (name == "setParameter") return true;
  for (const SectionOptions& known : section_options()) {
    if (known.section != name) continue;
    for (const auto& entry : section) {
      if (!entry.first.IsScalar()) continue;
      const std::string& option = entry.first.Scalar();
      if (std::find(known.options.begin(), known.options.end(), option) != known.options.end())
        return true;
    }
  }
  return false;
}

bool looks_like_server_config(const YAML::Node& document) {
  if (!document.IsMap()) return false;
  bool holds_an_option = false;
  for (const auto& entry : document) {
    if (!entry.first.IsScalar() || !is_server_config_section(entry.first.Scalar())) return false;
    holds_an_option = holds_an_option || holds_own_option(entry.first.Scalar(), entry.second);
  }
  return holds_an_option;
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

// Whether every key at the start of a line (outside comments, document markers and flow or block
// continuations) is a section of the manual's: a server config has no other top-level key, and an
// OpenAPI specification's `security:` alone does not make one. Costs a pass over the lines instead
// of a YAML parse (several seconds and tens of MiB for a 4 MB specification).
bool top_level_keys_are_sections(std::string_view text) {
  bool any_section = false;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string_view line = text.substr(begin, end - begin);
    begin = end + 1;
    if (line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '\r' ||
        line.starts_with("---") || line.starts_with("...") || line[0] == '}' || line[0] == ']') {
      continue;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return false;
    std::string_view key = line.substr(0, colon);
    if (key.size() >= 2 && (key.front() == '"' || key.front() == '\'') && key.back() == key.front())
      key = key.substr(1, key.size() - 2);
    if (!is_server_config_section(key)) return false;
    any_section = true;
  }
  return any_section;
}

}  // namespace

std::optional<ServerConfigFile> read_server_config(std::string_view path, std::string_view text) {
  if (!top_level_keys_are_sections(text)) return std::nullopt;
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
