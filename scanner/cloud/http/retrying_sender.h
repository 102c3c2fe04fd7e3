#pragma once
// Retries with exponential backoff and full jitter, within the request's deadline: for the
// responses a provider calls transient (HTTP 429 and 5xx; Tencent's RequestLimitExceeded, which
// comes with HTTP 200) and for transfers cut short (ErrorCode::io). A Retry-After header of whole
// seconds is honoured when it fits the deadline. The last response or error is returned as it is.

#include <chrono>
#include <cstdint>
#include <functional>
#include <random>

#include "scanner/cloud/http/http_exchange.h"

namespace mongoscan {

struct RetryPolicy {
  int max_attempts = 5;
  std::chrono::milliseconds first_delay{200};
  std::chrono::milliseconds longest_delay{5000};
};

// Whether a response is worth another attempt.
using TransientResponse = std::function<bool(const HttpResponse&)>;

// HTTP 429 (Too Many Requests) and 5xx.
bool is_transient_status(const HttpResponse& response);

class RetryingSender {
 public:
  // `sleep` waits between attempts (a test passes one that records instead); `seed` makes the
  // jitter reproducible.
  RetryingSender(HttpTransport& transport, RetryPolicy policy,
                 std::function<void(std::chrono::milliseconds)> sleep, std::uint64_t seed);

  Result<HttpResponse> send(const HttpRequest& request, const Deadline& deadline,
                            const TransientResponse& transient);

  // The same with the request made afresh for each attempt: a Digest authorization counts its
  // uses of a nonce, so a retry may not repeat the header it sent before.
  Result<HttpResponse> send(const std::function<HttpRequest()>& request_for_attempt,
                            const Deadline& deadline, const TransientResponse& transient);

 private:
  // The wait before attempt `attempt` (2, 3, ...): uniform in [0, min(longest, first * 2^(n-2))].
  std::chrono::milliseconds backoff(int attempt);

  HttpTransport& transport_;
  RetryPolicy policy_;
  std::function<void(std::chrono::milliseconds)> sleep_;
  std::mt19937_64 random_;
};

}  // namespace mongoscan
