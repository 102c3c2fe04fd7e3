#pragma once
// Calls to Tencent Cloud API 3.0: a signed POST per action to the service's endpoint, retried
// when Tencent says the rate limit was reached, the Response object returned, and every failure an
// Error that names the service, action and region and Tencent's error code (never its message,
// which this client does not control, and never a key or signature). List actions are read to the
// last page.

#include <chrono>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scanner/cloud/http/http_endpoint.h"
#include "scanner/cloud/http/http_exchange.h"
#include "scanner/cloud/http/retrying_sender.h"
#include "scanner/cloud/tencentcloud/tc3_signature.h"

namespace mongoscan {

struct TencentApiOptions {
  // Endpoint per service ("mongodb" → https://127.0.0.1:8443); others are
  // https://<service>.tencentcloudapi.com.
  std::map<std::string, HttpEndpoint> endpoints;
  RetryPolicy retry;
  std::function<void(std::chrono::milliseconds)> sleep;  // between retries
  std::function<std::int64_t()> now;                     // seconds since the epoch
  std::uint64_t jitter_seed = 0;
};

// One list action's pages: the request's item key and the limit per page.
struct TencentPaging {
  std::string items_key;       // "InstanceDetails"
  int page_size = 100;         // Limit; the action's documented maximum
};

class TencentApiClient {
 public:
  // `transport` is the allowlisted gate; `credentials` stay in this object.
  TencentApiClient(HttpTransport& transport, Tc3Credentials credentials, TencentApiOptions options);

  // The Response object of one call (without RequestId), or why not.
  Result<nlohmann::json> call(const std::string& service, const std::string& version,
                              const std::string& action, const std::string& region,
                              const nlohmann::json& params, const Deadline& deadline);

  // Every item of a paged list action, Offset from 0 until TotalCount items are read. A page that
  // is empty before then, or a TotalCount that changes, is an error rather than a short list.
  Result<std::vector<nlohmann::json>> call_all_pages(
      const std::string& service, const std::string& version, const std::string& action,
      const std::string& region, nlohmann::json params, const TencentPaging& paging,
      const Deadline& deadline);

 private:
  std::string endpoint_url(const std::string& service) const;
  std::string host_of(const std::string& service) const;
  // "tencentcloud mongodb:DescribeDBInstances in ap-guangzhou": what an error names.
  static std::string call_name(const std::string& service, const std::string& action,
                               const std::string& region);

  RetryingSender sender_;
  Tc3Credentials credentials_;
  TencentApiOptions options_;
};

// The ErrorCode a Tencent error code stands for: AuthFailure.* → auth_failed (unauthorized for
// AuthFailure.UnauthorizedOperation), UnauthorizedOperation* → unauthorized, RequestLimitExceeded*
// → refused, anything else → protocol.
ErrorCode tencent_error_code(std::string_view code);

}  // namespace mongoscan
