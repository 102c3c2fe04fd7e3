#include "scanner/cli/cloud_scan.h"

#include <cstdlib>

#include "scanner/cloud/allowlisted_transport.h"
#include "scanner/cloud/http/curl_transport.h"
#include "scanner/cloud/tencentcloud/tencent_account_reader.h"

namespace mongoscan {
namespace {

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

}  // namespace

Result<Tc3Credentials> tencent_credentials_from_environment(
    const CloudCredentialVariables& variables) {
  const std::string id = variable(variables.secret_id.c_str());
  std::string key = variable(variables.secret_key.c_str());
  if (id.empty() || key.empty()) {
    return Error{ErrorCode::usage, "cloud",
                 "tencentcloud: set " + variables.secret_id + " and " + variables.secret_key +
                     " (and " + variables.session_token + " for temporary credentials); " +
                     (id.empty() ? variables.secret_id : variables.secret_key) + " is not set"};
  }
  Tc3Credentials credentials{id, Secret(std::move(key)), {}};
  if (std::string token = variable(variables.session_token.c_str()); !token.empty())
    credentials.session_token = Secret(std::move(token));
  return credentials;
}

CloudAccountFacts read_cloud_account(const CloudAccountRequest& request,
                                     const Tc3Credentials& credentials,
                                     const CloudSettings& settings, std::size_t concurrency,
                                     const Deadline& deadline) {
  CurlTransportOptions transport_options;
  transport_options.extra_ca_file = settings.ca_file;
  CurlTransport transport(transport_options);  // a transfer per send: shared by the workers
  AllowlistedTransport gate(transport, kAtlasApiBase);
  TencentApiOptions api;
  for (const auto& [service, endpoint] : settings.endpoints) {
    // "tencentcloud.mongodb" → the client's "mongodb".
    if (service.starts_with("tencentcloud.")) api.endpoints[service.substr(13)] = endpoint;
  }
  return read_tencent_account_in_parallel(
      [&] { return TencentApiClient(gate, credentials, api); },
      TencentAccountScope{request.regions, request.instance_ids}, concurrency, deadline);
}

}  // namespace mongoscan
