#include "scanner/cloud/http/retrying_sender.h"

#include <gtest/gtest.h>

#include <deque>

namespace mongoscan {
namespace retrying_sender_test {
namespace {

using std::chrono::milliseconds;

// Answers with the queued outcomes in order, the last one again when they run out.
class ScriptedTransport : public HttpTransport {
 public:
  explicit ScriptedTransport(std::deque<Result<HttpResponse>> outcomes)
      : outcomes_(std::move(outcomes)) {}
  Result<HttpResponse> send(const HttpRequest&, const Deadline&) override {
    ++sent;
    Result<HttpResponse> next = outcomes_.front();
    if (outcomes_.size() > 1) outcomes_.pop_front();
    return next;
  }
  int sent = 0;

 private:
  std::deque<Result<HttpResponse>> outcomes_;
};

HttpResponse status(long code, HttpHeaders headers = {}) {
  HttpResponse response;
  response.status = code;
  response.headers = std::move(headers);
  response.body = "{}";
  return response;
}

struct Attempts {
  Result<HttpResponse> outcome;
  int sent;
  std::vector<milliseconds> waits;
};

Attempts run(std::deque<Result<HttpResponse>> outcomes, RetryPolicy policy = {},
             milliseconds budget = milliseconds(60000)) {
  ScriptedTransport transport(std::move(outcomes));
  std::vector<milliseconds> waits;
  RetryingSender sender(
      transport, policy, [&](milliseconds wait) { waits.push_back(wait); }, 7);
  auto outcome = sender.send(HttpRequest{"GET", "https://x/", {}, ""}, Deadline::after(budget),
                             is_transient_status);
  return {std::move(outcome), transport.sent, std::move(waits)};
}

TEST(RetryingSender, ASuccessIsSentOnce) {
  const Attempts done = run({status(200)});
  ASSERT_TRUE(done.outcome.ok());
  EXPECT_EQ(1, done.sent);
  EXPECT_TRUE(done.waits.empty());
}

TEST(RetryingSender, TransientStatusesAreRetriedWithGrowingJitteredWaits) {
  RetryPolicy policy;
  policy.max_attempts = 4;
  const Attempts done = run({status(503), status(429), status(500), status(200)}, policy);
  ASSERT_TRUE(done.outcome.ok());
  EXPECT_EQ(200, done.outcome.value().status);
  EXPECT_EQ(4, done.sent);
  ASSERT_EQ(3u, done.waits.size());
  // Full jitter under a ceiling that doubles: 200, 400, 800 ms.
  for (std::size_t i = 0; i < done.waits.size(); ++i)
    EXPECT_LE(done.waits[i].count(), 200LL << i) << i;
}

TEST(RetryingSender, APermanentAnswerIsNotRetried) {
  for (long code : {400L, 401L, 403L, 404L, 406L}) {
    const Attempts done = run({status(code), status(200)});
    EXPECT_EQ(code, done.outcome.value().status);
    EXPECT_EQ(1, done.sent);
  }
}

TEST(RetryingSender, AttemptsStopAtTheLimitWithTheLastAnswer) {
  RetryPolicy policy;
  policy.max_attempts = 3;
  const Attempts done = run({status(502)}, policy);
  EXPECT_EQ(3, done.sent);
  EXPECT_EQ(502, done.outcome.value().status);
}

TEST(RetryingSender, RetryAfterIsHonouredAndAWaitPastTheDeadlineEndsTheAttempts) {
  const Attempts honoured = run({status(429, {{"retry-after", "2"}}), status(200)});
  ASSERT_EQ(1u, honoured.waits.size());
  EXPECT_EQ(milliseconds(2000), honoured.waits[0]);

  const Attempts too_late =
      run({status(429, {{"Retry-After", "120"}}), status(200)}, {}, milliseconds(30000));
  EXPECT_EQ(1, too_late.sent);
  EXPECT_EQ(429, too_late.outcome.value().status);
}

TEST(RetryingSender, ACutTransferIsRetriedATimeoutIsNot) {
  const Attempts cut = run({Error{ErrorCode::io, "http", "connection reset"}, status(200)});
  EXPECT_TRUE(cut.outcome.ok());
  EXPECT_EQ(2, cut.sent);
  const Attempts late = run({Error{ErrorCode::timeout, "http", "deadline"}, status(200)});
  ASSERT_FALSE(late.outcome.ok());
  EXPECT_EQ(1, late.sent);
}

}  // namespace
}  // namespace retrying_sender_test
}  // namespace mongoscan
