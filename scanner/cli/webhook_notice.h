#pragma once
// scan --notify URL: posts the webhook payload (reports/formats/webhook_payload.h) once the scan
// is over. The URL's path and query often are the webhook's secret (Slack's are), so nothing
// prints more of it than its scheme and host.

#include <ostream>
#include <string>
#include <string_view>

#include "scanner/cloud/http/http_exchange.h"
#include "scanner/cloud/http/retrying_sender.h"
#include "scanner/errors/result.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

struct WebhookTarget {
  std::string url;     // as given
  std::string shown;   // "https://hooks.slack.com/…": what messages print
  std::string secret;  // the path and query, never printed
};

// https, or plain http only to a loopback address (a local relay), with no user information: an
// ErrorCode::usage error names the shown form and what is wrong.
Result<WebhookTarget> parse_webhook_url(std::string_view url);

// POSTs `payload` (application/json) within `deadline`, retrying HTTP 429, 5xx and broken
// transfers as `policy` says; a 2xx answer is delivered. Says on `err` in one line that it was
// delivered, or why not after the last attempt. Returns whether it was delivered.
bool post_webhook(const WebhookTarget& target, const std::string& payload, HttpTransport& transport,
                  const RetryPolicy& policy, const Deadline& deadline, std::ostream& err);

}  // namespace mongoscan
