#pragma once
// One HTTP request and its response, and the interface every sender implements: the libcurl
// transport, the allowlist in front of it, and the fakes of unit tests.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scanner/errors/result.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  std::string method;  // "GET" or "POST"
  std::string url;     // absolute: "https://mongodb.tencentcloudapi.com/"
  HttpHeaders headers;
  std::string body;
};

struct HttpResponse {
  long status = 0;
  HttpHeaders headers;  // as received, names in their own case
  std::string body;

  // The first header of that name, compared without case.
  std::optional<std::string> header(std::string_view name) const;
};

class HttpTransport {
 public:
  virtual ~HttpTransport() = default;
  // Sends the request and reads the whole response by `deadline`. An HTTP error status is a
  // response, not an Error: an Error means no complete response was read.
  virtual Result<HttpResponse> send(const HttpRequest& request, const Deadline& deadline) = 0;
};

}  // namespace mongoscan
