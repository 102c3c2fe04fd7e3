#include "scanner/cli/inventory_file.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <set>
#include <span>

#include "checks/policy.h"
#include "scanner/cli/suggestion.h"
#include "scanner/infra/yaml_nodes.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

constexpr std::array<std::string_view, 2> kInventoryFields = {"history", "environments"};
constexpr std::array<std::string_view, 16> kEnvironmentFields = {
    "name",         "targets",        "username", "password_env", "password_file", "password",
    "auth_source",  "auth_mechanism", "tls",      "policy",       "workload",      "app_instances",
    "config_paths", "app_uri_files",  "cloud",    "tags"};
constexpr std::array<std::string_view, 12> kCloudFields = {
    "provider",      "regions",           "project_id",         "org_id",
    "instances",     "secret_id_env",     "secret_key_env",     "session_token_env",
    "client_id_env", "client_secret_env", "public_api_key_env", "private_api_key_env"};
// Written where a variable's name belongs: the secret itself, which the file may not hold.
constexpr std::array<std::string_view, 6> kCloudSecretFields = {
    "secret_id", "secret_key", "session_token", "client_secret", "private_key", "private_api_key"};
constexpr std::array<std::string_view, 3> kTlsFields = {"ca_file", "cert_key_file", "insecure"};

// Reads one inventory file; the first problem ends the reading (load errors are values).
class InventoryReader {
 public:
  explicit InventoryReader(std::string_view path)
      : path_(path), folder_(std::filesystem::path(path).parent_path()) {}

  Error error(int line, const std::string& what) const {
    return Error{ErrorCode::usage, "inventory",
                 path_ + ":" + std::to_string(std::max(line, 1)) + ": " + what};
  }

  // Every key of `node` is one of `known`; an unknown one is named with the closest known field.
  std::optional<Error> known_fields(const YAML::Node& node, std::span<const std::string_view> known,
                                    std::string_view what) const {
    for (const auto& field : node) {
      const auto key = yaml_text(field.first);
      if (key && std::find(known.begin(), known.end(), *key) != known.end()) continue;
      std::string message = "unknown " + std::string(what) + " field";
      if (key) {
        const auto suggestion =
            closest_name(*key, std::vector<std::string>(known.begin(), known.end()));
        if (suggestion) message += " (did you mean " + *suggestion + "?)";
      }
      return error(yaml_line(field.first), message);
    }
    return std::nullopt;
  }

  Result<std::string> text(const YAML::Node& parent, const char* key) const {
    const YAML::Node node = yaml_child(parent, key);
    if (node.IsNull()) return std::string();
    const auto value = yaml_text(node);
    if (!value) return error(yaml_line(node), std::string(key) + " must be text");
    return *value;
  }

  // A file named in the inventory, relative to the inventory's folder.
  std::string resolved(const std::string& name) const {
    if (name.empty() || std::filesystem::path(name).is_absolute()) return name;
    return (folder_ / name).string();
  }

  Result<std::string> file(const YAML::Node& parent, const char* key) const {
    auto name = text(parent, key);
    if (!name) return name;
    return resolved(name.value());
  }

  Result<std::vector<YAML::Node>> list(const YAML::Node& parent, const char* key) const {
    const YAML::Node node = yaml_child(parent, key);
    if (node.IsNull()) return std::vector<YAML::Node>();
    if (!node.IsSequence()) return error(yaml_line(node), std::string(key) + " must be a list");
    return std::vector<YAML::Node>(node.begin(), node.end());
  }

  // A list of file (or folder) names, each relative to the inventory's folder; `what` says what
  // each must name, for the error at a bad entry.
  Result<std::vector<std::string>> files(const YAML::Node& parent, const char* key,
                                         const std::string& what) const {
    auto nodes = list(parent, key);
    if (!nodes) return nodes.error();
    std::vector<std::string> names;
    for (const YAML::Node& node : nodes.value()) {
      const auto name = yaml_text(node);
      if (!name) return error(yaml_line(node), std::string(key) + " must list " + what);
      names.push_back(resolved(*name));
    }
    return names;
  }

  Result<bool> flag(const YAML::Node& parent, const char* key) const {
    const YAML::Node node = yaml_child(parent, key);
    if (node.IsNull()) return false;
    const auto value = yaml_text(node);
    if (value == "true") return true;
    if (value == "false") return false;
    return error(yaml_line(node), std::string(key) + " must be true or false");
  }

  Result<std::optional<std::int64_t>> count(const YAML::Node& parent, const char* key) const {
    const YAML::Node node = yaml_child(parent, key);
    if (node.IsNull()) return std::optional<std::int64_t>();
    const auto value = yaml_text(node).value_or("");
    std::int64_t number = 0;
    const auto [end, failed] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (failed != std::errc() || end != value.data() + value.size() || number < 1) {
      return error(yaml_line(node), std::string(key) + " must be a whole number from 1");
    }
    return std::optional<std::int64_t>(number);
  }

  Result<std::vector<InventoryTarget>> targets(const YAML::Node& environment) const {
    auto nodes = list(environment, "targets");
    if (!nodes) return nodes.error();
    std::vector<InventoryTarget> targets;
    for (const YAML::Node& node : nodes.value()) {
      const int line = yaml_line(node);
      const auto uri = yaml_text(node);
      if (!uri) return error(line, "a target must be a connection string");
      // Redaction masks a password wherever the text holds one, even in a string that does not
      // parse.
      if (redact_connection_string(*uri) != *uri) {
        return error(line,
                     "a target carries a password; give the scanning account's with "
                     "password_env or password_file");
      }
      targets.push_back({*uri, {path_, line}});
    }
    return targets;
  }

  // A list of text values (regions, instance ids).
  Result<std::vector<std::string>> texts(const YAML::Node& parent, const char* key) const {
    auto nodes = list(parent, key);
    if (!nodes) return nodes.error();
    std::vector<std::string> values;
    for (const YAML::Node& node : nodes.value()) {
      const auto value = yaml_text(node);
      if (!value) return error(yaml_line(node), std::string(key) + " must list text");
      values.push_back(*value);
    }
    return values;
  }

  // One entry of `cloud:`: a provider account, its regions, and the variables of its credentials.
  Result<CloudAccountRequest> cloud_account(const YAML::Node& node) const {
    const int line = yaml_line(node);
    if (!node.IsMap()) return error(line, "a cloud account must be a mapping");
    for (const std::string_view secret : kCloudSecretFields) {
      const YAML::Node written = yaml_child(node, std::string(secret).c_str());
      if (!written.IsNull()) {
        return error(yaml_line(written),
                     "a cloud secret may not be written in the inventory; name the variable "
                     "that holds it (" +
                         std::string(secret) + "_env)");
      }
    }
    if (auto unknown = known_fields(node, kCloudFields, "cloud account")) return *unknown;
    auto provider = text(node, "provider");
    auto regions = texts(node, "regions");
    auto project = text(node, "project_id");
    auto organization = text(node, "org_id");
    auto instances = texts(node, "instances");
    if (!provider) return provider.error();
    if (!regions) return regions.error();
    if (!project) return project.error();
    if (!organization) return organization.error();
    if (!instances) return instances.error();
    // The same text --cloud takes: tencentcloud:REGIONS, atlas:PROJECT or atlas:org:ORG.
    std::string target = provider.value() + ":";
    if (provider.value() == "atlas") {
      if (project.value().empty() == organization.value().empty())
        return error(line, "an atlas account names one of project_id and org_id");
      if (!regions.value().empty())
        return error(line, "an atlas account has no regions; name project_id or org_id");
    } else if (!project.value().empty() || !organization.value().empty()) {
      return error(
          line, "project_id and org_id name Atlas projects; this account is " + provider.value());
    }
    if (provider.value() == "atlas") {
      target += project.value().empty() ? "org:" + organization.value() : project.value();
    }
    for (std::size_t i = 0; i < regions.value().size(); ++i)
      target += (i == 0 ? "" : ",") + regions.value()[i];
    auto account = parse_cloud_target(target);
    if (!account) {
      // The parser words its errors for --cloud; here the fields name what is wrong.
      const std::string& message = account.error().message;
      return error(line, "cloud: " + message.substr(message.find(": ") + 2));
    }
    CloudAccountRequest request = std::move(account).value();
    request.instance_ids = instances.value();
    for (const auto& [key, variable] :
         {std::pair{"secret_id_env", &request.credentials.secret_id},
          {"secret_key_env", &request.credentials.secret_key},
          {"session_token_env", &request.credentials.session_token},
          {"client_id_env", &request.credentials.client_id},
          {"client_secret_env", &request.credentials.client_secret},
          {"public_api_key_env", &request.credentials.public_api_key},
          {"private_api_key_env", &request.credentials.private_api_key}}) {
      auto name = text(node, key);
      if (!name) return name.error();
      if (!name.value().empty()) *variable = name.value();
    }
    return request;
  }

  Result<std::vector<CloudAccountRequest>> clouds(const YAML::Node& environment) const {
    auto nodes = list(environment, "cloud");
    if (!nodes) return nodes.error();
    std::vector<CloudAccountRequest> accounts;
    for (const YAML::Node& node : nodes.value()) {
      auto account = cloud_account(node);
      if (!account) return account.error();
      accounts.push_back(std::move(account).value());
    }
    return accounts;
  }

  Result<std::map<std::string, std::string>> tags(const YAML::Node& environment) const {
    const YAML::Node node = yaml_child(environment, "tags");
    std::map<std::string, std::string> tags;
    if (node.IsNull()) return tags;
    if (!node.IsMap()) return error(yaml_line(node), "tags must be a mapping of text to text");
    for (const auto& tag : node) {
      const auto key = yaml_text(tag.first);
      const auto value = yaml_text(tag.second);
      if (!key || !value) return error(yaml_line(tag.first), "tags must map text to text");
      tags[*key] = *value;
    }
    return tags;
  }

  Result<InventoryEnvironment> environment(const YAML::Node& node) const {
    const int line = yaml_line(node);
    if (!node.IsMap()) return error(line, "an environment must be a mapping");
    if (auto unknown = known_fields(node, kEnvironmentFields, "environment")) return *unknown;
    if (!yaml_child(node, "password").IsNull()) {
      return error(yaml_line(yaml_child(node, "password")),
                   "a password may not be written in the inventory; use password_env or "
                   "password_file");
    }
    InventoryEnvironment environment;
    environment.defined_at = {path_, line};
    for (const auto& [key, value] : {std::pair{"name", &environment.name},
                                     {"username", &environment.username},
                                     {"password_env", &environment.password_env},
                                     {"auth_source", &environment.auth_source},
                                     {"auth_mechanism", &environment.auth_mechanism},
                                     {"workload", &environment.workload}}) {
      auto read = text(node, key);
      if (!read) return read.error();
      *value = std::move(read).value();
    }
    auto password_file = file(node, "password_file");
    if (!password_file) return password_file.error();
    environment.password_file = password_file.value();
    auto policy = text(node, "policy");
    if (!policy) return policy.error();
    environment.policy = policy_preset(policy.value()) ? policy.value() : resolved(policy.value());
    if (environment.name.empty()) return error(line, "an environment needs a name");
    if (!environment.password_env.empty() && !environment.password_file.empty()) {
      return error(line, "give password_env or password_file, not both");
    }
    auto targets_read = targets(node);
    if (!targets_read) return targets_read.error();
    environment.targets = std::move(targets_read).value();
    auto paths = files(node, "config_paths", "file or folder names");
    if (!paths) return paths.error();
    environment.config_paths = std::move(paths).value();
    auto uri_files = files(node, "app_uri_files", "file names");
    if (!uri_files) return uri_files.error();
    environment.app_uri_files = std::move(uri_files).value();
    auto accounts = clouds(node);
    if (!accounts) return accounts.error();
    environment.clouds = std::move(accounts).value();
    if (environment.targets.empty() && environment.config_paths.empty() &&
        environment.app_uri_files.empty() && environment.clouds.empty()) {
      return error(line, "an environment needs targets, config_paths, app_uri_files or cloud");
    }
    const YAML::Node tls = yaml_child(node, "tls");
    if (!tls.IsNull()) {
      if (!tls.IsMap()) return error(yaml_line(tls), "tls must be a mapping");
      if (auto unknown = known_fields(tls, kTlsFields, "tls")) return *unknown;
      auto ca = file(tls, "ca_file");
      auto cert_key = file(tls, "cert_key_file");
      auto insecure = flag(tls, "insecure");
      if (!ca) return ca.error();
      if (!cert_key) return cert_key.error();
      if (!insecure) return insecure.error();
      environment.tls_ca_file = ca.value();
      environment.tls_cert_key_file = cert_key.value();
      environment.tls_insecure = insecure.value();
    }
    auto instances = count(node, "app_instances");
    if (!instances) return instances.error();
    environment.app_instances = instances.value();
    auto tags_read = tags(node);
    if (!tags_read) return tags_read.error();
    environment.tags = std::move(tags_read).value();
    return environment;
  }

  Result<Inventory> inventory(const YAML::Node& document) const {
    if (!document.IsMap()) {
      return error(yaml_line(document), "expected a mapping with an \"environments\" list");
    }
    if (auto unknown = known_fields(document, kInventoryFields, "inventory")) return *unknown;
    Inventory inventory;
    auto history = file(document, "history");
    if (!history) return history.error();
    inventory.history = history.value();
    const YAML::Node environments = yaml_child(document, "environments");
    if (!environments.IsSequence() || environments.size() == 0) {
      return error(yaml_line(environments), "\"environments\" must be a list of environments");
    }
    std::set<std::string> names;
    for (const YAML::Node& node : environments) {
      auto read = environment(node);
      if (!read) return read.error();
      if (!names.insert(read.value().name).second) {
        return error(yaml_line(node), "a second environment named " + read.value().name);
      }
      inventory.environments.push_back(std::move(read).value());
    }
    return inventory;
  }

 private:
  std::string path_;
  std::filesystem::path folder_;
};

// The shard, from 1 to `count`, an environment's name falls in: FNV-1a (64 bits) of the name.
std::uint64_t shard_of(std::string_view name, std::uint64_t count) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : name) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash % count + 1;
}

bool has_tags(const InventoryEnvironment& environment,
              const std::vector<std::pair<std::string, std::string>>& tags) {
  return std::all_of(tags.begin(), tags.end(), [&](const auto& tag) {
    const auto found = environment.tags.find(tag.first);
    return found != environment.tags.end() && found->second == tag.second;
  });
}

}  // namespace

Result<Inventory> parse_inventory(std::string_view text, std::string_view path) {
  const InventoryReader reader(path);
  auto documents = load_yaml_documents(text);
  if (!documents) return reader.error(1, "not YAML: " + documents.error().message);
  if (documents.value().size() != 1) return reader.error(1, "expected one YAML document");
  if (const auto repeated = repeated_key(documents.value().front())) {
    return reader.error(repeated->line, repeated->what);
  }
  return reader.inventory(documents.value().front());
}

Result<InventoryShard> parse_shard(std::string_view text) {
  const std::size_t slash = text.find('/');
  InventoryShard shard;
  const auto number = [](std::string_view digits, std::uint64_t& value) {
    const auto [end, failed] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return failed == std::errc() && end == digits.data() + digits.size();
  };
  if (slash == std::string_view::npos || !number(text.substr(0, slash), shard.index) ||
      !number(text.substr(slash + 1), shard.count) || shard.index < 1 ||
      shard.index > shard.count) {
    return Error{ErrorCode::usage, "inventory",
                 "--shard " + std::string(text) + ": expected I/N with 1 <= I <= N"};
  }
  return shard;
}

Result<std::vector<InventoryEnvironment>> select_environments(const Inventory& inventory,
                                                              const std::vector<std::string>& names,
                                                              const std::vector<std::string>& tags,
                                                              InventoryShard shard) {
  auto usage = [](std::string message) { return Error{ErrorCode::usage, "inventory", message}; };
  std::vector<std::string> known;
  for (const InventoryEnvironment& environment : inventory.environments) {
    known.push_back(environment.name);
  }
  for (const std::string& name : names) {
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    const auto suggestion = closest_name(name, known);
    return usage("--env " + name + ": no such environment in the inventory" +
                 (suggestion ? " (did you mean " + *suggestion + "?)" : ""));
  }
  std::vector<std::pair<std::string, std::string>> wanted_tags;
  for (const std::string& tag : tags) {
    const std::size_t equals = tag.find('=');
    if (equals == std::string::npos || equals == 0) {
      return usage("--tag " + tag + ": expected KEY=VALUE");
    }
    wanted_tags.emplace_back(tag.substr(0, equals), tag.substr(equals + 1));
  }
  std::vector<InventoryEnvironment> selected;
  for (const InventoryEnvironment& environment : inventory.environments) {
    const bool named =
        names.empty() || std::find(names.begin(), names.end(), environment.name) != names.end();
    if (named && has_tags(environment, wanted_tags)) selected.push_back(environment);
  }
  if (selected.empty()) return usage("--env and --tag select no environment of the inventory");
  std::erase_if(selected, [&](const InventoryEnvironment& environment) {
    return shard_of(environment.name, shard.count) != shard.index;
  });
  return selected;
}

}  // namespace mongoscan
