#include "scanner/cli/webhook_notice.h"

#include <algorithm>
#include <random>
#include <thread>

#include "scanner/cloud/http/http_endpoint.h"

namespace mongoscan {
namespace {

// `text` with every occurrence of the URL's secret part replaced by "…".
std::string without_secret(std::string text, std::string_view secret) {
  if (secret.size() <= 1) return text;
  for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at))
    text.replace(at, secret.size(), "…");
  return text;
}

}  // namespace

Result<WebhookTarget> parse_webhook_url(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  const std::size_t authority_begin = scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  const std::size_t authority_end = std::min(url.find_first_of("/?#", authority_begin), url.size());
  const std::string_view authority = url.substr(authority_begin, authority_end - authority_begin);
  const std::size_t at = authority.rfind('@');
  // User information is a secret too: only the host is shown.
  const std::string shown =
      std::string(url.substr(0, authority_begin)) + (at == std::string_view::npos ? "" : "…@") +
      std::string(authority.substr(at == std::string_view::npos ? 0 : at + 1)) +
      (authority_end == url.size() ? "" : "/…");
  if (scheme_end == std::string_view::npos)
    return Error{ErrorCode::usage, "--notify", "--notify " + shown + ": not an http(s) URL"};
  if (at != std::string_view::npos)
    return Error{ErrorCode::usage, "--notify", "--notify " + shown + ": has user information"};
  if (url.find('#') != std::string_view::npos)
    return Error{ErrorCode::usage, "--notify", "--notify " + shown + ": has a fragment"};
  const auto endpoint = parse_http_endpoint(url.substr(0, authority_end));
  if (!endpoint)
    return Error{ErrorCode::usage, "--notify",
                 "--notify " + shown + ": " + endpoint.error().message};
  return WebhookTarget{std::string(url), shown, std::string(url.substr(authority_end))};
}

bool post_webhook(const WebhookTarget& target, const std::string& payload, HttpTransport& transport,
                  const RetryPolicy& policy, const Deadline& deadline, std::ostream& err) {
  RetryingSender sender(
      transport, policy, [](std::chrono::milliseconds wait) { std::this_thread::sleep_for(wait); },
      std::random_device{}());
  const HttpRequest request{"POST",
                            target.url,
                            {{"Content-Type", "application/json"}, {"User-Agent", "mongoscan"}},
                            payload};
  const Result<HttpResponse> response = sender.send(request, deadline, is_transient_status);
  if (response && response.value().status >= 200 && response.value().status < 300) {
    err << "mongoscan: --notify " << target.shown << ": delivered (HTTP " << response.value().status
        << ")\n";
    return true;
  }
  const std::string why = response ? "HTTP " + std::to_string(response.value().status)
                                   : without_secret(response.error().message, target.secret);
  err << "mongoscan: --notify " << target.shown << ": not delivered: " << why << "\n";
  return false;
}

}  // namespace mongoscan
