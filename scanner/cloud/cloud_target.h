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

// The environment variables an account's credentials are read from: by default those the
// provider's own tools read (Tencent: tccli and the SDKs' EnvironmentVariableCredential; Atlas:
// the Atlas CLI and the Terraform provider); an inventory may name others, one set per account.
struct CloudCredentialVariables {
  std::string secret_id = "TENCENTCLOUD_SECRET_ID";
  std::string secret_key = "TENCENTCLOUD_SECRET_KEY";
  std::string session_token = "TENCENTCLOUD_SESSION_TOKEN";  // temporary credentials
  std::string client_id = "MONGODB_ATLAS_CLIENT_ID";         // an Atlas service account
  std::string client_secret = "MONGODB_ATLAS_CLIENT_SECRET";
  std::string public_api_key = "MONGODB_ATLAS_PUBLIC_API_KEY";  // an Atlas API key
  std::string private_api_key = "MONGODB_ATLAS_PRIVATE_API_KEY";
};

struct CloudAccountRequest {
  std::string provider;                       // "tencentcloud" or "atlas"
  std::vector<std::string> regions;           // Tencent: "ap-guangzhou", ...
  std::vector<std::string> project_ids;       // Atlas: projects (24 hex digits)
  std::vector<std::string> organization_ids;  // Atlas: every project of these organisations
  std::vector<std::string> instance_ids;  // only these instances (Atlas: clusters); empty for all
  CloudCredentialVariables credentials;
};

// "tencentcloud:ap-guangzhou[,ap-shanghai...]", "atlas:PROJECT_ID[,PROJECT_ID...]" or
// "atlas:org:ORG_ID". An ErrorCode::usage error names what is wrong (no provider, a provider
// mongoscan does not read, no region or project, a region that is no region name, an id that is
// not 24 hex digits).
Result<CloudAccountRequest> parse_cloud_target(std::string_view text);

// What the account's scan covers, for messages: "3 regions", "2 projects, 1 organisation".
std::string cloud_account_extent(const CloudAccountRequest& request);

// "tencentcloud.mongodb=https://HOST[:PORT]" or "atlas=https://HOST": the service and its endpoint
// (https, or http to loopback).
Result<std::pair<std::string, HttpEndpoint>> parse_cloud_endpoint(std::string_view text);

}  // namespace mongoscan
