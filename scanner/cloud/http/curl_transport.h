#pragma once
// HTTPS through libcurl: peers verified against the system's CA store plus an optional CA file, the
// standard proxy variables (https_proxy, no_proxy, ...) honoured as libcurl reads them, every
// request bounded by its deadline and its own timeout, the body capped, and a redirect followed
// only within the
// request's own origin. One easy handle per send: a transport may be shared across threads.

#include <chrono>
#include <cstddef>
#include <string>

#include "scanner/cloud/http/http_exchange.h"

namespace mongoscan {

struct CurlTransportOptions {
  std::string extra_ca_file;  // PEM; trusted in addition to the system store; "" for none
  std::size_t max_body_bytes = std::size_t{16} << 20;  // 16 MiB, decoded
  std::chrono::milliseconds connect_timeout{10000};
  // The longest one request may take, redirects included, however far the caller's deadline is.
  std::chrono::milliseconds request_timeout{30000};
  int max_redirects = 3;  // same-origin redirects followed per request
};

class CurlTransport : public HttpTransport {
 public:
  explicit CurlTransport(CurlTransportOptions options);
  Result<HttpResponse> send(const HttpRequest& request, const Deadline& deadline) override;

 private:
  Result<HttpResponse> send_once(const HttpRequest& request, const Deadline& deadline);

  CurlTransportOptions options_;
};

}  // namespace mongoscan
