#include "scanner/infra/compose_file.h"

#include <optional>
#include <string>

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
    const YAML::Node ports = yaml_child(service.second, "ports");
    if (ports.IsSequence()) read_service_ports(service.first.Scalar(), ports, path, scan);
  }
}

}  // namespace mongoscan
