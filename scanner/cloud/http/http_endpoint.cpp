#include "scanner/cloud/http/http_endpoint.h"

#include <arpa/inet.h>

#include <charconv>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

// An IPv6 address in brackets, as URLs and Host headers write it.
std::string bracketed(const std::string& host) {
  return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

Error endpoint_error(std::string message) {
  return Error{ErrorCode::usage, "cloud endpoint", std::move(message)};
}

}  // namespace

bool is_loopback_endpoint_host(std::string_view host) {
  if (equals_ignore_case(host, "localhost")) return true;
  const std::string text(host);
  in_addr v4{};
  if (inet_pton(AF_INET, text.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  return inet_pton(AF_INET6, text.c_str(), &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
}

std::string HttpEndpoint::origin() const {
  return scheme + "://" + bracketed(host) + ":" + std::to_string(port);
}

std::string HttpEndpoint::authority() const {
  const bool default_port = port == (scheme == "https" ? 443 : 80);
  return default_port ? bracketed(host) : bracketed(host) + ":" + std::to_string(port);
}

std::string HttpEndpoint::url(std::string_view path) const {
  return origin() + base_path + std::string(path);
}

Result<HttpEndpoint> parse_http_endpoint(std::string_view url) {
  HttpEndpoint endpoint;
  const std::size_t separator = url.find("://");
  if (separator == std::string_view::npos) return endpoint_error("no scheme: use https://HOST");
  endpoint.scheme = to_lower_ascii(url.substr(0, separator));
  if (endpoint.scheme != "https" && endpoint.scheme != "http")
    return endpoint_error("scheme '" + endpoint.scheme + "' is neither https nor http");
  std::string_view rest = url.substr(separator + 3);
  if (rest.find_first_of("?#") != std::string_view::npos)
    return endpoint_error("a query or fragment has no place in an endpoint");
  const std::size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash);
  while (path.ends_with('/')) path.remove_suffix(1);
  endpoint.base_path = std::string(path);
  if (authority.find('@') != std::string_view::npos)
    return endpoint_error("user information in an endpoint: credentials come from the environment");
  std::string_view port_text;
  if (authority.starts_with('[')) {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return endpoint_error("an IPv6 address without ']'");
    endpoint.host = std::string(authority.substr(1, close - 1));
    std::string_view after = authority.substr(close + 1);
    if (!after.empty() && !after.starts_with(':')) return endpoint_error("text after the host");
    if (!after.empty()) port_text = after.substr(1);
  } else {
    const std::size_t colon = authority.find(':');
    endpoint.host = std::string(authority.substr(0, colon));
    if (colon != std::string_view::npos) port_text = authority.substr(colon + 1);
  }
  if (endpoint.host.empty()) return endpoint_error("no host");
  endpoint.port = endpoint.scheme == "https" ? 443 : 80;
  if (!port_text.empty()) {
    const char* end = port_text.data() + port_text.size();
    const auto [next, error] = std::from_chars(port_text.data(), end, endpoint.port);
    if (error != std::errc() || next != end || endpoint.port < 1 || endpoint.port > 65535)
      return endpoint_error("port '" + std::string(port_text) + "' is not 1 to 65535");
  }
  if (endpoint.scheme == "http" && !is_loopback_endpoint_host(endpoint.host)) {
    return endpoint_error("http to " + endpoint.host +
                          ", which is not loopback: a control plane is reached over https");
  }
  return endpoint;
}

}  // namespace mongoscan
