#include "scanner/infra/compose_file.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scanner/infra/port_range_text.h"
#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

// One `ports` entry: the host address ("" for all interfaces), the host port or range ("" when
// Docker picks one) and the container port or range.
struct PortPublication {
  std::string host_ip;
  std::string published;
  std::string target;
};

// `text` with each `${NAME:-default}` and `${NAME-default}` replaced by its default, as Compose
// does when NAME is unset; other variables stay as written.
std::string with_variable_defaults(std::string_view text) {
  std::string result;
  while (!text.empty()) {
    const std::size_t start = text.find("${");
    const std::size_t end = text.find('}', start);
    if (start == std::string_view::npos || end == std::string_view::npos) break;
    const std::string_view variable = text.substr(start + 2, end - start - 2);
    const std::size_t dash = variable.find('-');
    result += text.substr(0, start);
    if (dash == std::string_view::npos) {
      result += text.substr(start, end - start + 1);
    } else {
      result += variable.substr(dash + 1);
    }
    text.remove_prefix(end + 1);
  }
  return result + std::string(text);
}

// "[HOST_IP:][PUBLISHED:]TARGET[/PROTOCOL]", the IP in brackets when it is IPv6.
std::optional<PortPublication> parse_short_port_syntax(std::string_view text) {
  if (const std::size_t slash = text.find('/'); slash != std::string_view::npos) {
    text = text.substr(0, slash);
  }
  PortPublication publication;
  if (text.starts_with('[')) {
    const std::size_t close = text.find("]:");
    if (close == std::string_view::npos) return std::nullopt;
    publication.host_ip = std::string(text.substr(1, close - 1));
    text.remove_prefix(close + 2);
  }
  const std::size_t last_colon = text.rfind(':');
  publication.target = std::string(text.substr(last_colon + 1));
  if (last_colon == std::string_view::npos) return publication;
  text = text.substr(0, last_colon);
  const std::size_t host_colon = text.rfind(':');
  publication.published = std::string(text.substr(host_colon + 1));
  if (host_colon != std::string_view::npos) {
    if (!publication.host_ip.empty()) return std::nullopt;
    publication.host_ip = std::string(text.substr(0, host_colon));
  }
  return publication;
}

std::optional<PortPublication> parse_long_port_syntax(const YAML::Node& entry) {
  const auto target = yaml_text(yaml_child(entry, "target"));
  if (!target) return std::nullopt;
  return PortPublication{yaml_text(yaml_child(entry, "host_ip")).value_or(""),
                         yaml_text(yaml_child(entry, "published")).value_or(""), *target};
}

bool is_every_interface_host(std::string_view host_ip) {
  return host_ip.empty() || host_ip == "0.0.0.0" || host_ip == "::";
}

bool is_loopback_host(std::string_view host_ip) {
  return host_ip.starts_with("127.") || host_ip == "::1" || host_ip == "localhost";
}

// How the entry reads back: "127.0.0.1:27017:27017".
std::string written_publication(const PortPublication& publication) {
  std::string written;
  if (!publication.host_ip.empty()) {
    const bool ipv6 = publication.host_ip.find(':') != std::string::npos;
    written += ipv6 ? "[" + publication.host_ip + "]:" : publication.host_ip + ":";
  }
  if (!publication.published.empty() || !written.empty()) written += publication.published + ":";
  return written + publication.target;
}

void read_service_ports(const std::string& service, const YAML::Node& ports, std::string_view path,
                        ExposureScan& scan) {
  for (const auto& entry : ports) {
    const int line = yaml_line(entry);
    const auto text = yaml_text(entry);
    const auto publication = entry.IsMap() ? parse_long_port_syntax(entry)
                             : text        ? parse_short_port_syntax(with_variable_defaults(*text))
                                           : std::nullopt;
    const auto targets = publication ? parse_port_ranges(publication->target) : std::nullopt;
    if (!targets || targets->empty()) {
      scan.problems.push_back(std::string(path) + ":" + std::to_string(line) + ": services." +
                              service + " has a ports entry that is not a port mapping");
      continue;
    }
    NetworkEndpoint endpoint;
    endpoint.location = FileLocation{std::string(path), line, 0};
    endpoint.format = "compose";
    endpoint.resource = "services." + service + " \"" + written_publication(*publication) + "\"";
    endpoint.kind = "published_port";
    endpoint.ports = *targets;
    endpoint.public_facing = !is_loopback_host(publication->host_ip);
    if (!is_every_interface_host(publication->host_ip)) {
      endpoint.source_restrictions.push_back(publication->host_ip);
    }
    scan.endpoints.push_back(std::move(endpoint));
  }
}

// network_mode "host": the container shares the host's network stack (Compose specification,
// services.network_mode), so a server in it listens on the host's own interfaces, and Docker
// ignores the service's `ports` (Docker Engine manual, "Host network driver").
constexpr std::string_view kHostNetworkMode = "host";

// The last part of an image's repository ("mongo" of "docker.io/library/mongo:7.0@sha256:..."):
// MongoDB server images by name. docker-library's official image, Bitnami's, MongoDB's own and
// Percona's.
constexpr std::string_view kMongoDbServerImages[] = {"mongo",
                                                     "mongodb",
                                                     "mongodb-sharded",
                                                     "mongodb-community-server",
                                                     "mongodb-enterprise-server",
                                                     "percona-server-mongodb"};

// mongod's default port, and the defaults of the --shardsvr and --configsvr roles (MongoDB
// manual, "Default MongoDB Port").
constexpr std::uint16_t kMongodDefaultPort = 27017;
constexpr std::uint16_t kShardServerDefaultPort = 27018;
constexpr std::uint16_t kConfigServerDefaultPort = 27019;

std::string image_repository_name(std::string_view image) {
  image = image.substr(0, image.find('@'));
  const std::size_t slash = image.rfind('/');
  if (slash != std::string_view::npos) image.remove_prefix(slash + 1);
  return std::string(image.substr(0, image.find(':')));
}

// The words of a service's command (a string or a list; each item split at spaces, so that
// `sh -c "mongod --port 27018"` shows its flags too).
std::vector<std::string> command_words(const YAML::Node& command) {
  std::vector<std::string> words;
  const auto split = [&](std::string_view text) {
    const std::string expanded = with_variable_defaults(text);
    std::string_view rest = expanded;
    while (!rest.empty()) {
      const std::size_t start = rest.find_first_not_of(" \t\n\"'");
      if (start == std::string_view::npos) break;
      rest.remove_prefix(start);
      const std::size_t end = rest.find_first_of(" \t\n\"'");
      words.emplace_back(rest.substr(0, end));
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    }
  };
  if (auto text = yaml_text(command)) split(*text);
  if (command.IsSequence()) {
    for (const auto& item : command)
      if (auto text = yaml_text(item)) split(*text);
  }
  return words;
}

// The value of `--flag value` or `--flag=value` among `words`; nullopt when absent.
std::optional<std::string> flag_value(const std::vector<std::string>& words,
                                      std::string_view flag) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == flag && i + 1 < words.size()) return words[i + 1];
    if (words[i].size() > flag.size() && words[i].starts_with(flag) && words[i][flag.size()] == '=')
      return words[i].substr(flag.size() + 1);
  }
  return std::nullopt;
}

bool has_word(const std::vector<std::string>& words, std::string_view word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// A service whose image is a MongoDB server's, or whose command runs mongod or mongos.
bool runs_mongodb_server(const YAML::Node& service, const std::vector<std::string>& words) {
  const std::string image =
      image_repository_name(yaml_text(yaml_child(service, "image")).value_or(""));
  for (std::string_view known : kMongoDbServerImages)
    if (image == known) return true;
  return has_word(words, "mongod") || has_word(words, "mongos");
}

// The endpoint of a MongoDB service on the host's network: the port its command names (--port),
// else mongod's default for its role; the addresses --bind_ip names, else every interface (the
// official image's entrypoint adds --bind_ip_all when no --bind_ip is given: docker-library/mongo,
// docker-entrypoint.sh). A command that reads a config file (--config, -f) hides both: a problem.
void read_host_network_service(const std::string& service, const YAML::Node& node,
                               const YAML::Node& mode, std::string_view path, ExposureScan& scan) {
  const std::vector<std::string> words = command_words(yaml_child(node, "command"));
  if (!runs_mongodb_server(node, words)) return;
  const int line = yaml_line(mode);
  const std::string place =
      std::string(path) + ":" + std::to_string(line) + ": services." + service;
  if (flag_value(words, "--config") || flag_value(words, "-f")) {
    scan.problems.push_back(place +
                            " runs on the host's network with a config file the Compose file does "
                            "not show; its port and addresses are not read");
    return;
  }
  std::uint16_t port = has_word(words, "--shardsvr")    ? kShardServerDefaultPort
                       : has_word(words, "--configsvr") ? kConfigServerDefaultPort
                                                        : kMongodDefaultPort;
  if (const auto written = flag_value(words, "--port")) {
    const auto number = parse_port_number(*written);
    if (!number || *number == 0) {
      scan.problems.push_back(place + " runs on the host's network on port \"" + *written +
                              "\", which is not a port number");
      return;
    }
    port = *number;
  }
  NetworkEndpoint endpoint;
  endpoint.location = FileLocation{std::string(path), line, 0};
  endpoint.format = "compose";
  endpoint.resource = "services." + service + " network_mode: host";
  endpoint.kind = "host_network";
  endpoint.ports = {PortRange{port, port}};
  const std::string bound =
      has_word(words, "--bind_ip_all") ? "" : flag_value(words, "--bind_ip").value_or("");
  std::vector<std::string> addresses;
  for (std::string_view rest = bound; !rest.empty();) {
    const std::size_t comma = rest.find(',');
    if (!rest.substr(0, comma).empty()) addresses.emplace_back(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  const bool everywhere =
      addresses.empty() || std::any_of(addresses.begin(), addresses.end(), is_every_interface_host);
  if (!everywhere) {
    endpoint.public_facing = !std::all_of(addresses.begin(), addresses.end(), is_loopback_host);
    endpoint.source_restrictions = std::move(addresses);
  }
  scan.endpoints.push_back(std::move(endpoint));
}

}  // namespace

bool is_compose_file(const YAML::Node& document) {
  const YAML::Node services = yaml_child(document, "services");
  if (!services.IsMap() || services.size() == 0) return false;
  for (const auto& service : services) {
    if (!service.second.IsMap() && !service.second.IsNull()) return false;
  }
  return true;
}

void read_compose_file(const YAML::Node& document, std::string_view path, ExposureScan& scan) {
  for (const auto& service : yaml_child(document, "services")) {
    const YAML::Node mode = yaml_child(service.second, "network_mode");
    if (yaml_text(mode) == kHostNetworkMode) {
      read_host_network_service(service.first.Scalar(), service.second, mode, path, scan);
      continue;
    }
    const YAML::Node ports = yaml_child(service.second, "ports");
    if (ports.IsSequence()) read_service_ports(service.first.Scalar(), ports, path, scan);
  }
}

}  // namespace mongoscan
