#include "scanner/cloud/allowlisted_transport.h"

#include "scanner/cloud/cloud_api_allowlist.h"

namespace mongoscan {
namespace {

std::string header_value(const HttpRequest& request, std::string_view name) {
  for (const auto& [key, value] : request.headers)
    if (key == name) return value;
  return "";
}

// The service of a TC3 Authorization header's credential scope (ID/DATE/SERVICE/tc3_request).
std::string signed_service(const std::string& authorization) {
  const std::size_t credential = authorization.find("Credential=");
  if (credential == std::string::npos) return "";
  const std::size_t end = authorization.find(',', credential);
  const std::string scope = authorization.substr(credential + 11, end - credential - 11);
  const std::size_t last = scope.rfind("/tc3_request");
  if (last == std::string::npos || last == 0) return "";
  const std::size_t start = scope.rfind('/', last - 1);
  return start == std::string::npos ? "" : scope.substr(start + 1, last - start - 1);
}

// The URL's path without the query: "https://h:1/a/b?x" gives "/a/b".
std::string url_path(const std::string& url) {
  const std::size_t scheme = url.find("://");
  const std::size_t slash = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  if (slash == std::string::npos) return "/";
  return url.substr(slash, url.find_first_of("?#", slash) - slash);
}

}  // namespace

AllowlistedTransport::AllowlistedTransport(HttpTransport& inner, std::string atlas_api_base)
    : inner_(inner), atlas_api_base_(std::move(atlas_api_base)) {}

std::string AllowlistedTransport::refusal(const HttpRequest& request) const {
  const std::string action = header_value(request, "X-TC-Action");
  if (!action.empty()) {
    const std::string service = signed_service(header_value(request, "Authorization"));
    const std::string version = header_value(request, "X-TC-Version");
    if (request.method == "POST" && tencent_action_allowed(service, version, action)) return "";
    return "Tencent Cloud " + service + ":" + action + " (" + version +
           ") is not on the read-only allowlist";
  }
  const std::string path = url_path(request.url);
  if (request.method == "POST" && path == kAtlasTokenPath) return "";
  if (request.method == "GET" && path.starts_with(atlas_api_base_ + "/") &&
      atlas_path_allowed(path.substr(atlas_api_base_.size()))) {
    return "";
  }
  return request.method + " " + path + " is not on the read-only allowlist";
}

Result<HttpResponse> AllowlistedTransport::send(const HttpRequest& request,
                                                const Deadline& deadline) {
  if (const std::string why = refusal(request); !why.empty())
    return Error{ErrorCode::usage, "cloud allowlist", why};
  return inner_.send(request, deadline);
}

}  // namespace mongoscan
