#pragma once
// Bearer tokens of an Atlas service account (OAuth 2.0 client credentials, RFC 6749 §4.4): POST
// /api/oauth/token with the client id and secret in HTTP Basic authentication and
// grant_type=client_credentials; the reply's access_token is valid for expires_in seconds (3600,
// the OpenAPI description says). One token serves every request of the account until it is close
// to expiry; shared by the clients of several threads.

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>

#include "scanner/cloud/atlas/atlas_credentials.h"
#include "scanner/cloud/http/http_endpoint.h"
#include "scanner/cloud/http/http_exchange.h"
#include "scanner/cloud/http/retrying_sender.h"

namespace mongoscan {

class AtlasTokenSource {
 public:
  using Clock = std::chrono::steady_clock;

  // `origin`: the Atlas origin ("https://cloud.mongodb.com"); `sleep` waits between retries and
  // `now` is a clock, both replaceable by tests (null: the real ones).
  AtlasTokenSource(HttpTransport& transport, AtlasServiceAccount account, HttpEndpoint origin,
                   RetryPolicy retry, std::function<void(std::chrono::milliseconds)> sleep,
                   std::function<Clock::time_point()> now);

  // The current token, fetched when there is none or it expires within the renewal margin
  // (ten minutes, as the Terraform provider renews, or half the lifetime when that is shorter).
  // An error names the token endpoint and the HTTP status or OAuth error, never a secret.
  Result<Secret> token(const Deadline& deadline);

  // Forgets `token` after the API refused it, so that the next call fetches another.
  void discard(const Secret& token);

 private:
  Result<Secret> fetch(const Deadline& deadline);

  AtlasServiceAccount account_;
  HttpEndpoint origin_;
  std::function<Clock::time_point()> now_;
  std::mutex mutex_;  // one fetch at a time; guards what follows
  RetryingSender sender_;
  std::optional<Secret> token_;
  Clock::time_point renew_at_{};
};

}  // namespace mongoscan
