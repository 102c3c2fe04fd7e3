#pragma once
// What `scan --cloud` and `--cloud-endpoint` name: a provider account and its regions, and the
// endpoint that replaces a service's public one (a private endpoint, a proxy, the lab).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scanner/cloud/http/http_endpoint.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// The environment variables an account's credentials are read from: by default those Tencent
// Cloud's own tools read (tccli, the SDKs' EnvironmentVariableCredential); an inventory may name
// others, one set per account.
struct CloudCredentialVariables {
  std::string secret_id = "TENCENTCLOUD_SECRET_ID";
  std::string secret_key = "TENCENTCLOUD_SECRET_KEY";
  std::string session_token = "TENCENTCLOUD_SESSION_TOKEN";  // temporary credentials
};

struct CloudAccountRequest {
  std::string provider;                   // "tencentcloud"
  std::vector<std::string> regions;       // "ap-guangzhou", ...
  std::vector<std::string> instance_ids;  // only these instances; empty for all
  CloudCredentialVariables credentials;
};

// "tencentcloud:ap-guangzhou[,ap-shanghai...]". An ErrorCode::usage error names what is wrong
// (no provider, a provider mongoscan does not read, no region, a region that is no region name).
Result<CloudAccountRequest> parse_cloud_target(std::string_view text);

// "tencentcloud.mongodb=https://HOST[:PORT]": the service and its endpoint (https, or http to
// loopback).
Result<std::pair<std::string, HttpEndpoint>> parse_cloud_endpoint(std::string_view text);

}  // namespace mongoscan
