#pragma once
// The gate every control-plane request passes: a Tencent Cloud API call whose (service, version,
// action) is on the allowlist, an Atlas GET of a listed path, or the Atlas OAuth token request
// (authentication, which reads nothing); anything else is refused before it is sent.

#include <string>

#include "scanner/cloud/http/http_exchange.h"

namespace mongoscan {

// The Atlas service-account token endpoint's path (POST, client credentials): the one non-GET
// Atlas request, an authentication exchange.
inline constexpr const char* kAtlasTokenPath = "/api/oauth/token";
// Where the Atlas Administration API v2 sits under its origin (https://cloud.mongodb.com).
inline constexpr const char* kAtlasApiBase = "/api/atlas/v2";

class AllowlistedTransport : public HttpTransport {
 public:
  // `atlas_api_base`: the path of the Atlas API under its origin ("/api/atlas/v2").
  AllowlistedTransport(HttpTransport& inner, std::string atlas_api_base);

  Result<HttpResponse> send(const HttpRequest& request, const Deadline& deadline) override;

  // Why the request is refused, or "" when it may be sent.
  std::string refusal(const HttpRequest& request) const;

 private:
  HttpTransport& inner_;
  std::string atlas_api_base_;
};

}  // namespace mongoscan
