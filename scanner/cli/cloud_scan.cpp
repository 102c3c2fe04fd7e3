#include "scanner/cli/cloud_scan.h"

#include <cstdlib>

#include "scanner/cloud/allowlisted_transport.h"
#include "scanner/cloud/http/curl_transport.h"
#include "scanner/cloud/tencentcloud/tencent_account_reader.h"

namespace mongoscan {
namespace {

// Where Atlas's API would sit under its origin; the gate needs it, and no Atlas request is sent.
constexpr const char* kAtlasApiBase = "/api/atlas/v2";

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

}  // namespace

Result<Tc3Credentials> tencent_credentials_from_environment() {
  const std::string id = variable(kTencentSecretIdVariable);
  std::string key = variable(kTencentSecretKeyVariable);
  if (id.empty() || key.empty()) {
    return Error{ErrorCode::usage, "cloud",
                 std::string("--cloud tencentcloud: set ") + kTencentSecretIdVariable + " and " +
                     kTencentSecretKeyVariable + " (and " + kTencentSessionTokenVariable +
                     " for temporary credentials); " +
                     (id.empty() ? kTencentSecretIdVariable : kTencentSecretKeyVariable) +
                     " is not set"};
  }
  Tc3Credentials credentials{id, Secret(std::move(key)), {}};
  if (std::string token = variable(kTencentSessionTokenVariable); !token.empty())
    credentials.session_token = Secret(std::move(token));
  return credentials;
}

CloudAccountFacts read_cloud_account(const CloudAccountRequest& request,
                                     const Tc3Credentials& credentials,
                                     const CloudSettings& settings, const Deadline& deadline) {
  CurlTransportOptions transport_options;
  transport_options.extra_ca_file = settings.ca_file;
  CurlTransport transport(transport_options);
  AllowlistedTransport gate(transport, kAtlasApiBase);
  TencentApiOptions api;
  for (const auto& [service, endpoint] : settings.endpoints) {
    // "tencentcloud.mongodb" → the client's "mongodb".
    if (service.starts_with("tencentcloud.")) api.endpoints[service.substr(13)] = endpoint;
  }
  TencentApiClient client(gate, credentials, std::move(api));
  return read_tencent_account(client, TencentAccountScope{request.regions, request.instance_ids},
                              deadline);
}

}  // namespace mongoscan
