#pragma once
// HTTPS through libcurl (loaded with the first transport, curl_library.h): peers verified against
// the system's CA store plus an optional CA file, the standard proxy variables (https_proxy,
// no_proxy, ...) honoured as libcurl reads them, every request bounded by its deadline and its own
// timeout, the body capped, and a redirect followed only within the request's own origin. Each send
// borrows an easy handle from the transport's idle ones, so that its connection (and TLS session)
// serves the next request to the same origin (HTTP keep-alive): a transport may be shared across
// threads, each send using a handle alone.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

#include "scanner/cloud/http/http_exchange.h"

namespace mongoscan {

struct CurlLibrary;

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
  ~CurlTransport() override;
  CurlTransport(const CurlTransport&) = delete;
  CurlTransport& operator=(const CurlTransport&) = delete;

  Result<HttpResponse> send(const HttpRequest& request, const Deadline& deadline) override;

 private:
  Result<HttpResponse> send_once(const HttpRequest& request, const Deadline& deadline);
  // An idle easy handle, reset, or a new one; nullptr when libcurl cannot make one.
  void* borrow_handle();
  // Keeps the handle (and its connections) for the next send, up to kIdleHandles.
  void return_handle(void* handle);

  static constexpr std::size_t kIdleHandles = 128;

  CurlTransportOptions options_;
  const CurlLibrary* curl_ = nullptr;  // null: libcurl could not be loaded, see curl_error_
  std::string curl_error_;             // why; every send fails with it
  void* trust_store_ = nullptr;  // X509_STORE*: the system's CAs and the extra file's
  std::string trust_error_;      // why the store could not be built; every send fails with it
  std::mutex idle_mutex_;
  std::vector<void*> idle_handles_;  // CURL*, guarded by idle_mutex_
};

}  // namespace mongoscan
