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

// An Atlas organisation or project id: 24 lower-case hex digits (the OpenAPI parameters' pattern
// ^([a-f0-9]{24})$).
bool is_atlas_id(std::string_view id) {
  return id.size() == 24 && std::all_of(id.begin(), id.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// The services an endpoint may replace.
constexpr std::string_view kServices[] = {"tencentcloud.mongodb", "tencentcloud.clb",
                                          "tencentcloud.vpc", "atlas"};

constexpr const char* kTargetForms =
    "expected tencentcloud:REGION[,REGION], atlas:PROJECT_ID[,PROJECT_ID] or atlas:org:ORG_ID";

// The rest of "atlas:...": project ids, or "org:" and organisation ids.
Result<CloudAccountRequest> parse_atlas_target(std::string_view text, std::string_view rest) {
  CloudAccountRequest request;
  request.provider = "atlas";
  const bool organizations = rest.starts_with("org:");
  if (organizations) rest.remove_prefix(4);
  std::vector<std::string>& ids = organizations ? request.organization_ids : request.project_ids;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view id = rest.substr(0, comma);
    if (!is_atlas_id(id)) {
      return target_error("--cloud " + std::string(text) + ": '" + std::string(id) +
                          "' is not an Atlas " + (organizations ? "organisation" : "project") +
                          " id (24 hex digits)");
    }
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.emplace_back(id);
    if (comma == std::string_view::npos) return request;
    rest.remove_prefix(comma + 1);
  }
}

}  // namespace

std::string cloud_account_extent(const CloudAccountRequest& request) {
  const auto counted = [](std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  if (request.provider != "atlas") return counted(request.regions.size(), "region", "regions");
  if (request.organization_ids.empty())
    return counted(request.project_ids.size(), "project", "projects");
  return counted(request.organization_ids.size(), "organisation", "organisations");
}

Result<CloudAccountRequest> parse_cloud_target(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0)
    return target_error("--cloud " + std::string(text) + ": " + kTargetForms);
  const std::string provider(text.substr(0, colon));
  if (provider == "atlas") return parse_atlas_target(text, text.substr(colon + 1));
  if (provider != "tencentcloud") {
    return target_error("--cloud " + std::string(text) + ": provider '" + provider +
                        "' is not one mongoscan reads (tencentcloud, atlas)");
  }
  CloudAccountRequest request;
  request.provider = provider;
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
                        "tencentcloud.clb, tencentcloud.vpc, atlas");
  }
  auto endpoint = parse_http_endpoint(text.substr(equals + 1));
  if (!endpoint) {
    return target_error("--cloud-endpoint " + service + ": " + endpoint.error().message);
  }
  return std::pair{service, std::move(endpoint).value()};
}

}  // namespace mongoscan
