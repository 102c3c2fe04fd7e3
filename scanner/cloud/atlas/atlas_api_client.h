#pragma once
// GET requests to the Atlas Administration API v2: each path one of the allowlist's templates,
// asked for in the resource version the allowlist pins (Accept: application/vnd.atlas.V+json),
// authenticated with the account's API key (HTTP Digest: the server's nonce is kept and counted,
// a stale one answered afresh) or service account (a bearer token), retried on 429 and 5xx within
// the deadline, and read to the last page. Every failure is an Error naming the call and what
// to do (a role the path needs, a version the server no longer serves), never a secret.

#include <chrono>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scanner/cloud/atlas/atlas_credentials.h"
#include "scanner/cloud/atlas/atlas_token_source.h"
#include "scanner/cloud/atlas/http_digest.h"
#include "scanner/cloud/http/http_endpoint.h"
#include "scanner/cloud/http/http_exchange.h"
#include "scanner/cloud/http/retrying_sender.h"

namespace mongoscan {

// Where the Atlas Administration API is when no endpoint replaces it.
inline constexpr const char* kAtlasDefaultOrigin = "https://cloud.mongodb.com";

struct AtlasApiOptions {
  HttpEndpoint origin;  // scheme, host and port of the API; its base_path is not used
  RetryPolicy retry;
  std::function<void(std::chrono::milliseconds)> sleep;  // between retries
  std::uint64_t jitter_seed = 0;
  std::function<std::string()> client_nonce;  // a Digest cnonce per request; random by default
};

// How a request authenticates: an API key, or a service account's shared token source.
using AtlasAuthentication = std::variant<AtlasApiKey, std::shared_ptr<AtlasTokenSource>>;

// The values of a path template's parameters: {"groupId", "5f..."}, ...
using AtlasPathValues = std::vector<std::pair<std::string, std::string>>;

class AtlasApiClient {
 public:
  AtlasApiClient(HttpTransport& transport, AtlasAuthentication authentication,
                 AtlasApiOptions options);

  // The JSON reply of GET `path_template` (an allowlisted template) with its values and `query`
  // ("providerName=AZURE" or ""). A value that is not one path segment of letters, digits, '-',
  // '_' or '.' is refused before anything is sent.
  Result<nlohmann::json> get(std::string_view path_template, const AtlasPathValues& values,
                             const std::string& query, const Deadline& deadline);

  // Every result of a paginated list: pageNum from 1, itemsPerPage 500 (the API's maximum), until
  // totalCount results are read or a page is short. A totalCount that changes, or a page of a
  // list that is not {"results": [...]}, is an error rather than a short list.
  Result<std::vector<nlohmann::json>> get_all_pages(std::string_view path_template,
                                                    const AtlasPathValues& values,
                                                    const std::string& query,
                                                    const Deadline& deadline);

 private:
  // The Authorization header for one attempt, or why there is none.
  Result<std::string> authorization(const std::string& target, const Deadline& deadline);
  Result<HttpResponse> send(const std::string& target, const std::string& version,
                            const Deadline& deadline);

  RetryingSender sender_;
  AtlasAuthentication authentication_;
  AtlasApiOptions options_;
  std::optional<DigestChallenge> challenge_;  // the server's latest Digest challenge
  std::uint32_t nonce_count_ = 0;             // requests sent with challenge_'s nonce
};

// The ErrorCode an Atlas HTTP status stands for: 401 → auth_failed (the credentials, or a role
// too low: Atlas answers both with 401), 403 → unauthorized, 429 → refused, others → protocol.
ErrorCode atlas_error_code(long status);

}  // namespace mongoscan
