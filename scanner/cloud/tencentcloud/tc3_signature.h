#pragma once
// Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256, as Tencent's "Signature v3" documents
// it: a canonical request of the POST with its JSON payload, a string to sign scoped to the UTC
// date and the service, a key derived from the secret key through that scope, and the
// Authorization header that carries the result. Pure: no clock, no I/O.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scanner/secrets/secret.h"

namespace mongoscan {

// One API call: POST https://<host>/ with a JSON body.
struct Tc3Call {
  std::string service;         // "mongodb": the host's first label
  std::string host;            // "mongodb.tencentcloudapi.com"
  std::string action;          // "DescribeDBInstances"
  std::string version;         // "2019-07-25"
  std::string region;          // "ap-guangzhou"; empty for an action without region
  std::int64_t timestamp = 0;  // seconds since the epoch, UTC
  std::string payload;         // the JSON body, exactly as sent
};

struct Tc3Credentials {
  std::string secret_id;
  Secret secret_key;
  std::optional<Secret> session_token;  // temporary credentials: X-TC-Token
};

// The intermediate texts, which Tencent's documentation shows for its worked example, and the
// result. None holds the secret key; `signature` and `authorization` are secrets themselves.
struct Tc3Signature {
  std::string canonical_request;
  std::string string_to_sign;
  std::string signature;      // 64 lower-case hex digits
  std::string authorization;  // the Authorization header's value
};

// The JSON body's media type, which the canonical request signs.
inline constexpr const char* kTc3ContentType = "application/json; charset=utf-8";

Tc3Signature tc3_sign(const Tc3Call& call, const Tc3Credentials& credentials);

// Every header of the signed request (Authorization, Content-Type, Host, X-TC-Action,
// X-TC-Timestamp, X-TC-Version, X-TC-Region when set, X-TC-Token when set), in that order.
std::vector<std::pair<std::string, std::string>> tc3_headers(const Tc3Call& call,
                                                             const Tc3Credentials& credentials);

}  // namespace mongoscan
