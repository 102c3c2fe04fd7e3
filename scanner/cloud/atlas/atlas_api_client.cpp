#include "scanner/cloud/atlas/atlas_api_client.h"

#include <openssl/rand.h>

#include <algorithm>
#include <thread>

#include "scanner/cloud/allowlisted_transport.h"
#include "scanner/cloud/cloud_api_allowlist.h"
#include "scanner/text/lower_hex.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// Results per page: the API's maximum for itemsPerPage (OpenAPI components.parameters).
constexpr int kAtlasItemsPerPage = 500;
constexpr int kAtlasAuthenticationRounds = 3;

// 16 hex digits from OpenSSL's CSPRNG.
std::string random_client_nonce_hex() {
  unsigned char bytes[8];
  if (RAND_bytes(bytes, sizeof bytes) != 1) return "";
  return lower_hex(std::string_view(reinterpret_cast<const char*>(bytes), sizeof bytes));
}

// The ApiError's errorCode ("RATE_LIMITED", ...) when the body carries a short upper-case token:
// safe to repeat in a message.
std::string atlas_reply_error_code(const std::string& body) {
  const json reply = json::parse(body, nullptr, false);
  if (!reply.is_object() || !reply.contains("errorCode") || !reply["errorCode"].is_string())
    return "";
  const std::string code = reply["errorCode"].get<std::string>();
  const bool token = code.size() <= 64 && std::all_of(code.begin(), code.end(), [](char c) {
                       return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
                     });
  return token ? code : "";
}

}  // namespace

ErrorCode atlas_error_code(long status) {
  if (status == 401) return ErrorCode::auth_failed;
  if (status == 403) return ErrorCode::unauthorized;
  if (status == 429) return ErrorCode::refused;
  return ErrorCode::protocol;
}

AtlasApiClient::AtlasApiClient(HttpTransport& transport, AtlasAuthentication authentication,
                               AtlasApiOptions options)
    : sender_(
          transport, options.retry,
          options.sleep ? options.sleep
                        : [](std::chrono::milliseconds wait) { std::this_thread::sleep_for(wait); },
          options.jitter_seed),
      authentication_(std::move(authentication)),
      options_(std::move(options)) {
  if (!options_.client_nonce) options_.client_nonce = random_client_nonce_hex;
}

Result<HttpResponse> AtlasApiClient::send(const std::string& target, const std::string& version,
                                          const Deadline& deadline) {
  const std::string url = options_.origin.origin() + target;
  const std::string accept = "application/vnd.atlas." + version + "+json";
  auto* key = std::get_if<AtlasApiKey>(&authentication_);
  const DigestCredentials digest = key != nullptr
                                       ? DigestCredentials{key->public_key, key->private_key}
                                       : DigestCredentials{"", Secret("")};
  // A fresh challenge that is refused again means the key was refused; a cached one may just
  // have been forgotten by the server, and a bearer token may have been revoked: one more round.
  // Three rounds at most (the cached nonce, a fresh one, a stale one renewed), so that a server
  // that calls every nonce stale cannot keep the client asking.
  bool answered_fresh_challenge = false;
  bool renewed_token = false;
  Result<HttpResponse> last = Error{ErrorCode::protocol, "cloud", "no request was sent"};
  for (int round = 0; round < kAtlasAuthenticationRounds; ++round) {
    std::optional<Secret> bearer;
    if (auto* tokens = std::get_if<std::shared_ptr<AtlasTokenSource>>(&authentication_)) {
      auto token = (*tokens)->token(deadline);
      if (!token) return token.error();
      bearer = std::move(token).value();
    }
    const bool with_challenge = key != nullptr && challenge_.has_value();
    auto response = sender_.send(
        [&] {
          HttpRequest request{"GET", url, {{"Accept", accept}}, ""};
          if (bearer) {
            request.headers.emplace_back("Authorization", "Bearer " + bearer->reveal());
          } else if (with_challenge) {
            request.headers.emplace_back(
                "Authorization", digest_authorization(*challenge_, digest, "GET", target,
                                                      ++nonce_count_, options_.client_nonce()));
          }
          return request;
        },
        deadline, is_transient_status);
    if (!response || response.value().status != 401) return response;
    last = std::move(response);
    if (bearer) {
      if (renewed_token) return last;
      std::get<std::shared_ptr<AtlasTokenSource>>(authentication_)->discard(*bearer);
      renewed_token = true;
      continue;
    }
    const auto offered = last.value().header("WWW-Authenticate");
    // A 401 without a challenge refuses an authenticated request: a role too low.
    if (!offered) return last;
    auto challenge = parse_digest_challenge(*offered);
    if (!challenge) return challenge.error();
    if (with_challenge && answered_fresh_challenge && !challenge.value().stale) return last;
    challenge_ = std::move(challenge).value();
    nonce_count_ = 0;
    answered_fresh_challenge = true;
  }
  return last;
}

Result<json> AtlasApiClient::get(std::string_view path_template, const AtlasPathValues& values,
                                 const std::string& query, const Deadline& deadline) {
  const AtlasApiPath* listed = atlas_api_path(path_template);
  const std::string where = "atlas GET " + std::string(path_template);
  if (listed == nullptr)
    return Error{ErrorCode::usage, "cloud", where + " is not on the read-only allowlist"};
  std::string path(path_template);
  for (const auto& [name, value] : values) {
    const std::string placeholder = "{" + name + "}";
    const std::size_t at = path.find(placeholder);
    if (at == std::string::npos || !is_atlas_path_segment(value)) {
      return Error{ErrorCode::usage, "cloud",
                   where + ": '" + value + "' is not a value for " + placeholder};
    }
    path.replace(at, placeholder.size(), value);
  }
  if (path.find('{') != std::string::npos)
    return Error{ErrorCode::usage, "cloud", where + ": a path parameter has no value"};
  const std::string target = std::string(kAtlasApiBase) + path + (query.empty() ? "" : "?" + query);
  auto response = send(target, std::string(listed->version), deadline);
  if (!response) {
    Error error = response.error();
    error.message = where + ": " + error.message;
    return error;
  }
  const HttpResponse& reply = response.value();
  if (reply.status != 200) {
    const std::string code = atlas_reply_error_code(reply.body);
    std::string hint;
    if (reply.status == 401) {
      hint = " (the credentials were refused, or they lack the " + std::string(listed->role) +
             " role this path needs)";
    } else if (reply.status == 406 || reply.status == 410) {
      hint = " (resource version " + std::string(listed->version) +
             " is not served: this mongoscan is older or newer than the API)";
    }
    return Error{
        atlas_error_code(reply.status), "cloud",
        where + ": HTTP " + std::to_string(reply.status) + (code.empty() ? "" : " " + code) + hint};
  }
  json body = json::parse(reply.body, nullptr, false);
  if (body.is_discarded())
    return Error{ErrorCode::protocol, "cloud", where + ": the reply is not JSON"};
  return body;
}

Result<std::vector<json>> AtlasApiClient::get_all_pages(std::string_view path_template,
                                                        const AtlasPathValues& values,
                                                        const std::string& query,
                                                        const Deadline& deadline) {
  const std::string where = "atlas GET " + std::string(path_template);
  std::vector<json> results;
  std::optional<std::uint64_t> total;
  for (std::uint64_t page = 1;; ++page) {
    const std::string paging = "pageNum=" + std::to_string(page) +
                               "&itemsPerPage=" + std::to_string(kAtlasItemsPerPage) +
                               "&includeCount=true";
    auto reply =
        get(path_template, values, query.empty() ? paging : query + "&" + paging, deadline);
    if (!reply) return reply.error();
    json& body = reply.value();
    if (!body.is_object() || !body.contains("results") || !body["results"].is_array())
      return Error{ErrorCode::protocol, "cloud", where + ": a page without results"};
    if (body.contains("totalCount")) {
      if (!body["totalCount"].is_number_unsigned())
        return Error{ErrorCode::protocol, "cloud", where + ": totalCount is not a count"};
      const std::uint64_t count = body["totalCount"].get<std::uint64_t>();
      if (total && *total != count) {
        return Error{ErrorCode::protocol, "cloud",
                     where + ": totalCount changed from " + std::to_string(*total) + " to " +
                         std::to_string(count) + " while paging"};
      }
      total = count;
    }
    const std::size_t size = body["results"].size();
    for (json& item : body["results"]) results.push_back(std::move(item));
    if (total) {
      if (results.size() >= *total) return results;
      if (size == 0) {
        return Error{ErrorCode::protocol, "cloud",
                     where + ": an empty page " + std::to_string(page) + " after " +
                         std::to_string(results.size()) + " of " + std::to_string(*total)};
      }
    } else if (size < static_cast<std::size_t>(kAtlasItemsPerPage)) {
      return results;
    }
  }
}

}  // namespace mongoscan
