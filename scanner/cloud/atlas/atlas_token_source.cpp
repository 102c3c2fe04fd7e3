#include "scanner/cloud/atlas/atlas_token_source.h"

#include <openssl/evp.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "scanner/cloud/allowlisted_transport.h"

namespace mongoscan {
namespace {

std::string token_base64(const std::string& text) {
  std::vector<unsigned char> out(4 * ((text.size() + 2) / 3) + 1);
  const int size = EVP_EncodeBlock(out.data(), reinterpret_cast<const unsigned char*>(text.data()),
                                   static_cast<int>(text.size()));
  return std::string(reinterpret_cast<const char*>(out.data()), static_cast<std::size_t>(size));
}

// An OAuth error code (RFC 6749 §5.2: invalid_client, ...) when the reply carries a short one.
std::string token_oauth_error(const std::string& body) {
  const nlohmann::json reply = nlohmann::json::parse(body, nullptr, false);
  if (!reply.is_object() || !reply.contains("error") || !reply["error"].is_string()) return "";
  const std::string code = reply["error"].get<std::string>();
  const bool token = code.size() <= 64 && std::all_of(code.begin(), code.end(), [](char c) {
                       return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
                     });
  return token ? code : "";
}

}  // namespace

AtlasTokenSource::AtlasTokenSource(HttpTransport& transport, AtlasServiceAccount account,
                                   HttpEndpoint origin, RetryPolicy retry,
                                   std::function<void(std::chrono::milliseconds)> sleep,
                                   std::function<Clock::time_point()> now)
    : account_(std::move(account)),
      origin_(std::move(origin)),
      now_(now ? std::move(now) : [] { return Clock::now(); }),
      sender_(
          transport, retry,
          sleep ? std::move(sleep)
                : [](std::chrono::milliseconds wait) { std::this_thread::sleep_for(wait); },
          0) {}

Result<Secret> AtlasTokenSource::token(const Deadline& deadline) {
  const std::lock_guard lock(mutex_);
  if (token_ && now_() < renew_at_) return *token_;
  return fetch(deadline);
}

void AtlasTokenSource::discard(const Secret& token) {
  const std::lock_guard lock(mutex_);
  if (token_ && *token_ == token) token_.reset();
}

Result<Secret> AtlasTokenSource::fetch(const Deadline& deadline) {
  token_.reset();
  const std::string where = "atlas POST " + std::string(kAtlasTokenPath);
  const HttpRequest request{
      "POST",
      origin_.origin() + kAtlasTokenPath,
      {{"Authorization",
        "Basic " + token_base64(account_.client_id + ":" + account_.client_secret.reveal())},
       {"Content-Type", "application/x-www-form-urlencoded"},
       {"Accept", "application/json"}},
      "grant_type=client_credentials"};
  auto response = sender_.send(request, deadline, is_transient_status);
  if (!response) {
    Error error = response.error();
    error.message = where + ": " + error.message;
    return error;
  }
  const HttpResponse& reply = response.value();
  if (reply.status != 200) {
    const std::string code = token_oauth_error(reply.body);
    return Error{
        reply.status == 400 || reply.status == 401 ? ErrorCode::auth_failed : ErrorCode::protocol,
        "cloud",
        where + ": HTTP " + std::to_string(reply.status) + (code.empty() ? "" : " " + code) +
            (reply.status == 401 ? " (the service account's client id or secret was "
                                   "refused)"
                                 : "")};
  }
  const nlohmann::json body = nlohmann::json::parse(reply.body, nullptr, false);
  if (!body.is_object() || !body.contains("access_token") || !body["access_token"].is_string() ||
      body["access_token"].get<std::string>().empty() || !body.contains("expires_in") ||
      !body["expires_in"].is_number_integer() || body["expires_in"].get<long long>() <= 0) {
    return Error{ErrorCode::protocol, "cloud",
                 where + ": the reply has no access_token or no positive expires_in"};
  }
  const auto lifetime = std::chrono::seconds(body["expires_in"].get<long long>());
  const auto margin = std::min<std::chrono::seconds>(std::chrono::minutes(10), lifetime / 2);
  token_ = Secret(body["access_token"].get<std::string>());
  renew_at_ = now_() + (lifetime - margin);
  return *token_;
}

}  // namespace mongoscan
