#include "scanner/cloud/http/curl_transport.h"

#include <curl/curl.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <algorithm>
#include <memory>
#include <mutex>

#include "scanner/cloud/http/curl_library.h"
#include "scanner/cloud/http/http_endpoint.h"

namespace mongoscan {
namespace {

struct ListFree {
  const CurlLibrary& curl;
  void operator()(curl_slist* list) const { curl.slist_free_all(list); }
};

struct Collected {
  HttpResponse response;
  std::size_t max_body = 0;
  bool too_large = false;
};

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto* collected = static_cast<Collected*>(user);
  const std::size_t bytes = size * count;
  if (collected->response.body.size() + bytes > collected->max_body) {
    collected->too_large = true;
    return 0;  // libcurl stops with CURLE_WRITE_ERROR
  }
  collected->response.body.append(data, bytes);
  return bytes;
}

// Header lines of the last response only: a new status line (after a 100 Continue) starts over.
std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
  auto* collected = static_cast<Collected*>(user);
  std::string_view line(data, size * count);
  while (line.ends_with('\n') || line.ends_with('\r')) line.remove_suffix(1);
  if (line.starts_with("HTTP/")) {
    collected->response.headers.clear();
  } else if (const std::size_t colon = line.find(':'); colon != std::string_view::npos) {
    std::string_view value = line.substr(colon + 1);
    while (value.starts_with(' ') || value.starts_with('\t')) value.remove_prefix(1);
    collected->response.headers.emplace_back(std::string(line.substr(0, colon)),
                                             std::string(value));
  }
  return size * count;
}

// Puts the transport's one verification store in the connection's TLS context, in place of one
// libcurl would load from the system's bundle for every connection.
CURLcode use_trust_store(CURL*, void* ssl_context, void* store) {
  return SSL_CTX_set1_cert_store(static_cast<SSL_CTX*>(ssl_context),
                                 static_cast<X509_STORE*>(store)),
         CURLE_OK;
}

Error transfer_error(const CurlLibrary& curl, CURLcode code, const char* detail,
                     const Collected& collected, const CurlTransportOptions& options) {
  if (collected.too_large) {
    return {ErrorCode::protocol, "http",
            "the response is larger than " + std::to_string(options.max_body_bytes) + " bytes"};
  }
  const std::string message = detail[0] != '\0' ? detail : curl.easy_strerror(code);
  switch (code) {
    case CURLE_OPERATION_TIMEDOUT:
      return {ErrorCode::timeout, "http", message};
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
      return {ErrorCode::dns, "http", message};
    case CURLE_COULDNT_CONNECT:
      return {ErrorCode::refused, "http", message};
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CIPHER:
      return {ErrorCode::tls, "http", message};
    default:
      return {ErrorCode::io, "http", message};
  }
}

// A request URL's scheme, origin and path, without its query (which an endpoint may not have).
Result<HttpEndpoint> request_endpoint(std::string_view url) {
  return parse_http_endpoint(url.substr(0, url.find_first_of("?#")));
}

}  // namespace

CurlTransport::CurlTransport(CurlTransportOptions options) : options_(std::move(options)) {
  if (const auto& library = curl_library()) {
    curl_ = &library.value();
  } else {
    curl_error_ = library.error().message;
  }
  // The system's CAs (OpenSSL's default file and hashed directory, read as certificates are
  // needed) and the extra file's, once for every connection of the transport.
  X509_STORE* store = X509_STORE_new();
  if (store == nullptr || X509_STORE_set_default_paths(store) != 1) {
    trust_error_ = "the system's CA store could not be read";
  } else if (!options_.extra_ca_file.empty() &&
             X509_STORE_load_file(store, options_.extra_ca_file.c_str()) != 1) {
    trust_error_ = "the CA file " + options_.extra_ca_file + " could not be read";
  }
  trust_store_ = store;
}

CurlTransport::~CurlTransport() {
  for (void* handle : idle_handles_) curl_->easy_cleanup(static_cast<CURL*>(handle));
  X509_STORE_free(static_cast<X509_STORE*>(trust_store_));
}

void* CurlTransport::borrow_handle() {
  {
    const std::lock_guard lock(idle_mutex_);
    if (!idle_handles_.empty()) {
      CURL* handle = static_cast<CURL*>(idle_handles_.back());
      idle_handles_.pop_back();
      curl_->easy_reset(handle);  // the options go; the connections stay
      return handle;
    }
  }
  return curl_->easy_init();
}

void CurlTransport::return_handle(void* handle) {
  {
    const std::lock_guard lock(idle_mutex_);
    if (idle_handles_.size() < kIdleHandles) {
      idle_handles_.push_back(handle);
      return;
    }
  }
  curl_->easy_cleanup(static_cast<CURL*>(handle));
}

Result<HttpResponse> CurlTransport::send(const HttpRequest& request,
                                         const Deadline& caller_deadline) {
  const Deadline deadline = caller_deadline.capped_by(Deadline::after(options_.request_timeout));
  auto first = request_endpoint(request.url);
  if (!first) return first.error();
  HttpRequest current = request;
  for (int redirects = 0;; ++redirects) {
    auto response = send_once(current, deadline);
    if (!response) return response;
    const long status = response.value().status;
    const auto location = response.value().header("Location");
    if (status < 300 || status > 399 || status == 304 || !location) return response;
    auto target = request_endpoint(*location);
    if (!target || target.value().origin() != first.value().origin()) {
      return Error{ErrorCode::protocol, "http",
                   "HTTP " + std::to_string(status) + " redirects to another origin, not followed"};
    }
    if (redirects == options_.max_redirects) {
      return Error{ErrorCode::protocol, "http",
                   "more than " + std::to_string(options_.max_redirects) + " redirects"};
    }
    current.url = *location;
  }
}

Result<HttpResponse> CurlTransport::send_once(const HttpRequest& request,
                                              const Deadline& deadline) {
  if (deadline.expired()) return Error{ErrorCode::timeout, "http", "the deadline passed"};
  if (curl_ == nullptr) return Error{ErrorCode::io, "http", curl_error_};
  if (!trust_error_.empty()) return Error{ErrorCode::tls, "http", trust_error_};
  const auto give_back = [this](CURL* handle) { return_handle(handle); };
  const std::unique_ptr<CURL, decltype(give_back)> handle(static_cast<CURL*>(borrow_handle()),
                                                          give_back);
  if (!handle) return Error{ErrorCode::io, "http", "libcurl could not start a transfer"};
  CURL* curl = handle.get();
  Collected collected;
  collected.max_body = options_.max_body_bytes;
  char detail[CURL_ERROR_SIZE] = {};
  std::unique_ptr<curl_slist, ListFree> headers(nullptr, ListFree{*curl_});
  for (const auto& [name, value] : request.headers) {
    const std::string line = name + ": " + value;
    headers.reset(curl_->slist_append(headers.release(), line.c_str()));
  }
  // An empty Expect keeps libcurl from waiting for a 100 Continue on larger bodies.
  headers.reset(curl_->slist_append(headers.release(), "Expect:"));
  const long total_ms = std::max(1, deadline.remaining_ms());
  const long connect_ms = std::min<long>(total_ms, options_.connect_timeout.count());
  curl_->easy_setopt(curl, CURLOPT_URL, request.url.c_str());
  curl_->easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_->easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_->easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_->easy_setopt(curl, CURLOPT_TIMEOUT_MS, total_ms);
  curl_->easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
  curl_->easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  curl_->easy_setopt(curl, CURLOPT_USERAGENT, "mongoscan");
  curl_->easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
  curl_->easy_setopt(curl, CURLOPT_ERRORBUFFER, detail);
  curl_->easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_->easy_setopt(curl, CURLOPT_WRITEDATA, &collected);
  curl_->easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_->easy_setopt(curl, CURLOPT_HEADERDATA, &collected);
  if (request.method == "POST") {
    curl_->easy_setopt(curl, CURLOPT_POST, 1L);
    curl_->easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
    curl_->easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE,
                       static_cast<curl_off_t>(request.body.size()));
  } else if (request.method != "GET") {
    return Error{ErrorCode::usage, "http", "method " + request.method + " is not sent"};
  }
  // No bundle of libcurl's own: the transport's store is the trust.
  curl_->easy_setopt(curl, CURLOPT_CAINFO, nullptr);
  curl_->easy_setopt(curl, CURLOPT_CAPATH, nullptr);
  curl_->easy_setopt(curl, CURLOPT_SSL_CTX_FUNCTION, use_trust_store);
  curl_->easy_setopt(curl, CURLOPT_SSL_CTX_DATA, trust_store_);
  const CURLcode code = curl_->easy_perform(curl);
  if (code != CURLE_OK) return transfer_error(*curl_, code, detail, collected, options_);
  curl_->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &collected.response.status);
  return std::move(collected.response);
}

}  // namespace mongoscan
