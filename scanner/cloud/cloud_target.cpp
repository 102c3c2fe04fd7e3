#include "scanner/cloud/cloud_target.h"

#include <algorithm>

namespace mongoscan {
namespace {

Error target_error(std::string message) {
  return Error{ErrorCode::usage, "cloud", std::move(message)};
}

// A region name as Tencent spells them: lower-case letters, digits and hyphens ("ap-guangzhou",
// "na-siliconvalley").
bool is_region_name(std::string_view name) {
  return !name.empty() && name.size() <= 64 && name.front() != '-' && name.back() != '-' &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
         });
}

// The services an endpoint may replace.
constexpr std::string_view kServices[] = {"tencentcloud.mongodb", "tencentcloud.clb",
                                          "tencentcloud.vpc"};

}  // namespace

Result<CloudAccountRequest> parse_cloud_target(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0)
    return target_error("--cloud " + std::string(text) + ": expected tencentcloud:REGION[,REGION]");
  CloudAccountRequest request;
  request.provider = std::string(text.substr(0, colon));
  if (request.provider != "tencentcloud") {
    return target_error("--cloud " + std::string(text) + ": provider '" + request.provider +
                        "' is not one mongoscan reads (tencentcloud)");
  }
  std::string_view rest = text.substr(colon + 1);
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view region = rest.substr(0, comma);
    if (!is_region_name(region)) {
      return target_error("--cloud " + std::string(text) + ": '" + std::string(region) +
                          "' is not a region name (e.g. ap-guangzhou)");
    }
    if (std::find(request.regions.begin(), request.regions.end(), region) == request.regions.end())
      request.regions.emplace_back(region);
    if (comma == std::string_view::npos) return request;
    rest.remove_prefix(comma + 1);
  }
}

Result<std::pair<std::string, HttpEndpoint>> parse_cloud_endpoint(std::string_view text) {
  const std::size_t equals = text.find('=');
  const std::string service(text.substr(0, equals));
  if (equals == std::string_view::npos ||
      std::find(std::begin(kServices), std::end(kServices), service) == std::end(kServices)) {
    return target_error("--cloud-endpoint " + std::string(text) +
                        ": expected SERVICE=URL, SERVICE one of tencentcloud.mongodb, "
                        "tencentcloud.clb, tencentcloud.vpc");
  }
  auto endpoint = parse_http_endpoint(text.substr(equals + 1));
  if (!endpoint) {
    return target_error("--cloud-endpoint " + service + ": " + endpoint.error().message);
  }
  return std::pair{service, std::move(endpoint).value()};
}

}  // namespace mongoscan
