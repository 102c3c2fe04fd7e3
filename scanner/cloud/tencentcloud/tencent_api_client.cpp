#include "scanner/cloud/tencentcloud/tencent_api_client.h"

#include <ctime>
#include <thread>

namespace mongoscan {
namespace {

using nlohmann::json;

// Tencent's rate-limit codes (RequestLimitExceeded and its .IPLimitExceeded, .UinLimitExceeded,
// ... sub-codes), which come with HTTP 200.
bool is_rate_limited(const json& reply) {
  const json* error = nullptr;
  if (reply.is_object() && reply.contains("Response") && reply["Response"].is_object() &&
      reply["Response"].contains("Error")) {
    error = &reply["Response"]["Error"];
  }
  return error != nullptr && error->is_object() && error->contains("Code") &&
         (*error)["Code"].is_string() &&
         (*error)["Code"].get<std::string>().starts_with("RequestLimitExceeded");
}

bool is_transient(const HttpResponse& response) {
  if (is_transient_status(response)) return true;
  return is_rate_limited(json::parse(response.body, nullptr, false));
}

}  // namespace

ErrorCode tencent_error_code(std::string_view code) {
  if (code == "AuthFailure.UnauthorizedOperation" || code.starts_with("UnauthorizedOperation"))
    return ErrorCode::unauthorized;
  if (code.starts_with("AuthFailure")) return ErrorCode::auth_failed;
  if (code.starts_with("RequestLimitExceeded")) return ErrorCode::refused;
  return ErrorCode::protocol;
}

TencentApiClient::TencentApiClient(HttpTransport& transport, Tc3Credentials credentials,
                                   TencentApiOptions options)
    : sender_(
          transport, options.retry,
          options.sleep ? options.sleep
                        : [](std::chrono::milliseconds wait) { std::this_thread::sleep_for(wait); },
          options.jitter_seed),
      credentials_(std::move(credentials)),
      options_(std::move(options)) {
  if (!options_.now) options_.now = [] { return static_cast<std::int64_t>(std::time(nullptr)); };
}

std::string TencentApiClient::endpoint_url(const std::string& service) const {
  const auto found = options_.endpoints.find(service);
  if (found != options_.endpoints.end()) return found->second.url("/");
  return "https://" + service + ".tencentcloudapi.com/";
}

// The Host header names the service's real host even behind an endpoint override, as the
// signature covers it; an override that is loopback or a private endpoint is reached by URL.
std::string TencentApiClient::host_of(const std::string& service) const {
  const auto found = options_.endpoints.find(service);
  if (found == options_.endpoints.end()) return service + ".tencentcloudapi.com";
  return found->second.authority();
}

std::string TencentApiClient::call_name(const std::string& service, const std::string& action,
                                        const std::string& region) {
  return "tencentcloud " + service + ":" + action + (region.empty() ? "" : " in " + region);
}

Result<json> TencentApiClient::call(const std::string& service, const std::string& version,
                                    const std::string& action, const std::string& region,
                                    const json& params, const Deadline& deadline) {
  const std::string where = call_name(service, action, region);
  const Tc3Call call{service, host_of(service), action,       version,
                     region,  options_.now(),   params.dump()};
  const HttpRequest request{"POST", endpoint_url(service), tc3_headers(call, credentials_),
                            call.payload};
  auto response = sender_.send(request, deadline, is_transient);
  if (!response) {
    Error error = response.error();
    error.message = where + ": " + error.message;
    return error;
  }
  if (response.value().status != 200) {
    return Error{ErrorCode::protocol, "cloud",
                 where + ": HTTP " + std::to_string(response.value().status)};
  }
  json reply = json::parse(response.value().body, nullptr, false);
  if (reply.is_discarded() || !reply.is_object() || !reply.contains("Response") ||
      !reply["Response"].is_object()) {
    return Error{ErrorCode::protocol, "cloud", where + ": the reply is not a Response object"};
  }
  json body = std::move(reply["Response"]);
  if (body.contains("Error")) {
    const json& error = body["Error"];
    const std::string code =
        error.is_object() && error.contains("Code") && error["Code"].is_string()
            ? error["Code"].get<std::string>()
            : "an error without a code";
    return Error{tencent_error_code(code), "cloud", where + ": " + code};
  }
  body.erase("RequestId");
  return body;
}

Result<std::vector<json>> TencentApiClient::call_all_pages(
    const std::string& service, const std::string& version, const std::string& action,
    const std::string& region, json params, const TencentPaging& paging, const Deadline& deadline) {
  std::vector<json> items;
  std::optional<std::uint64_t> total;
  while (!total || items.size() < *total) {
    const std::string offset = std::to_string(items.size());
    params["Offset"] = items.size();
    params["Limit"] = paging.page_size;
    auto page = call(service, version, action, region, params, deadline);
    if (!page) return page.error();
    const json& body = page.value();
    const std::string where = call_name(service, action, region);
    // An empty list may come with its items null (the SDK models say they may be).
    const bool none = body.contains("TotalCount") && body["TotalCount"] == 0 &&
                      (!body.contains(paging.items_key) || body[paging.items_key].is_null());
    if (none && items.empty()) return items;
    if (!body.contains("TotalCount") || !body["TotalCount"].is_number_unsigned() ||
        !body.contains(paging.items_key) || !body[paging.items_key].is_array()) {
      return Error{ErrorCode::protocol, "cloud",
                   where + ": no TotalCount or " + paging.items_key + " in the reply"};
    }
    const std::uint64_t count = body["TotalCount"].get<std::uint64_t>();
    if (total && *total != count) {
      return Error{ErrorCode::protocol, "cloud",
                   where + ": TotalCount changed from " + std::to_string(*total) + " to " +
                       std::to_string(count) + " while paging"};
    }
    total = count;
    if (body[paging.items_key].empty() && items.size() < count) {
      return Error{ErrorCode::protocol, "cloud",
                   where + ": an empty page at offset " + offset + " of " + std::to_string(count)};
    }
    for (const json& item : body[paging.items_key]) items.push_back(item);
  }
  return items;
}

}  // namespace mongoscan
