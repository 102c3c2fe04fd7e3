#pragma once
// The base URL of a control-plane API: https, or plain http only to a loopback address (a lab or
// a local proxy), so that credentials and signatures never cross a network in clear text.

#include <string>
#include <string_view>

#include "scanner/errors/result.h"

namespace mongoscan {

struct HttpEndpoint {
  std::string scheme;     // "https" or "http"
  std::string host;       // as written; an IPv6 address without brackets
  int port = 0;           // the scheme's default when the URL names none
  std::string base_path;  // "" or "/api/atlas/v2", without a trailing slash

  // "https://host:port": what a redirect must keep to be followed.
  std::string origin() const;
  // "host" or "host:port" (the port only when not the scheme's default), IPv6 in brackets: the
  // Host header's value.
  std::string authority() const;
  // The absolute URL of `path` ("/groups/x") under the base path.
  std::string url(std::string_view path) const;
};

// Reads an endpoint URL; an ErrorCode::usage error says what is wrong with it (no scheme, http
// to a host that is not loopback, user information, a query or fragment, a bad port).
Result<HttpEndpoint> parse_http_endpoint(std::string_view url);

// Whether `host` is loopback: localhost, 127.0.0.0/8 or ::1.
bool is_loopback_endpoint_host(std::string_view host);

}  // namespace mongoscan
