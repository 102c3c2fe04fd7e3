#include "scanner/cloud/http/retrying_sender.h"

#include <algorithm>
#include <charconv>

namespace mongoscan {
namespace {

// Retry-After as a number of seconds (RFC 9110 section 10.2.3); an HTTP date is not read.
std::optional<std::chrono::milliseconds> retry_after(const HttpResponse& response) {
  const auto value = response.header("Retry-After");
  if (!value) return std::nullopt;
  long seconds = 0;
  const char* end = value->data() + value->size();
  const auto [next, error] = std::from_chars(value->data(), end, seconds);
  if (error != std::errc() || next != end || seconds < 0) return std::nullopt;
  return std::chrono::seconds(std::min(seconds, 3600L));
}

}  // namespace

bool is_transient_status(const HttpResponse& response) {
  return response.status == 429 || (response.status >= 500 && response.status <= 599);
}

RetryingSender::RetryingSender(HttpTransport& transport, RetryPolicy policy,
                               std::function<void(std::chrono::milliseconds)> sleep,
                               std::uint64_t seed)
    : transport_(transport), policy_(policy), sleep_(std::move(sleep)), random_(seed) {}

std::chrono::milliseconds RetryingSender::backoff(int attempt) {
  const int doublings = std::min(attempt - 2, 20);
  const auto ceiling =
      std::min(policy_.longest_delay, policy_.first_delay * (std::int64_t{1} << doublings));
  std::uniform_int_distribution<long long> pick(0, ceiling.count());
  return std::chrono::milliseconds(pick(random_));
}

Result<HttpResponse> RetryingSender::send(const HttpRequest& request, const Deadline& deadline,
                                          const TransientResponse& transient) {
  return send([&] { return request; }, deadline, transient);
}

Result<HttpResponse> RetryingSender::send(const std::function<HttpRequest()>& request_for_attempt,
                                          const Deadline& deadline,
                                          const TransientResponse& transient) {
  for (int attempt = 1;; ++attempt) {
    Result<HttpResponse> outcome = transport_.send(request_for_attempt(), deadline);
    const bool again = outcome ? transient(outcome.value()) : outcome.error().code == ErrorCode::io;
    if (!again || attempt >= policy_.max_attempts) return outcome;
    std::chrono::milliseconds wait = backoff(attempt + 1);
    if (outcome) {
      if (const auto asked = retry_after(outcome.value())) wait = std::max(wait, *asked);
    }
    // No attempt can start after the deadline: the last outcome is the answer.
    if (wait.count() >= deadline.remaining_ms()) return outcome;
    sleep_(wait);
  }
}

}  // namespace mongoscan
