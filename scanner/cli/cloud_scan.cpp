#include "scanner/cli/cloud_scan.h"

#include <cstdlib>
#include <memory>

#include "scanner/cloud/allowlisted_transport.h"
#include "scanner/cloud/atlas/atlas_account_reader.h"
#include "scanner/cloud/http/curl_transport.h"
#include "scanner/cloud/tencentcloud/tencent_account_reader.h"

namespace mongoscan {
namespace {

std::string variable(const std::string& name) {
  const char* value = std::getenv(name.c_str());
  return value != nullptr ? value : "";
}

Result<CloudCredentials> tencent_credentials(const CloudCredentialVariables& variables) {
  const std::string id = variable(variables.secret_id);
  std::string key = variable(variables.secret_key);
  if (id.empty() || key.empty()) {
    return Error{ErrorCode::usage, "cloud",
                 "tencentcloud: set " + variables.secret_id + " and " + variables.secret_key +
                     " (and " + variables.session_token + " for temporary credentials); " +
                     (id.empty() ? variables.secret_id : variables.secret_key) + " is not set"};
  }
  Tc3Credentials credentials{id, Secret(std::move(key)), {}};
  if (std::string token = variable(variables.session_token); !token.empty())
    credentials.session_token = Secret(std::move(token));
  return CloudCredentials(std::move(credentials));
}

Result<CloudCredentials> atlas_credentials(const CloudCredentialVariables& variables) {
  const std::string client_id = variable(variables.client_id);
  std::string client_secret = variable(variables.client_secret);
  if (!client_id.empty() && !client_secret.empty()) {
    return CloudCredentials(
        AtlasCredentials(AtlasServiceAccount{client_id, Secret(std::move(client_secret))}));
  }
  const std::string public_key = variable(variables.public_api_key);
  std::string private_key = variable(variables.private_api_key);
  if (!public_key.empty() && !private_key.empty()) {
    return CloudCredentials(
        AtlasCredentials(AtlasApiKey{public_key, Secret(std::move(private_key))}));
  }
  return Error{ErrorCode::usage, "cloud",
               "atlas: set " + variables.client_id + " and " + variables.client_secret +
                   " (a service account) or " + variables.public_api_key + " and " +
                   variables.private_api_key + " (an API key)"};
}

// Every Atlas request's client: its own Digest state, the account's shared token source.
AtlasApiClient make_atlas_client(HttpTransport& gate, const AtlasCredentials& credentials,
                                 const std::shared_ptr<AtlasTokenSource>& tokens,
                                 const HttpEndpoint& origin) {
  AtlasApiOptions options;
  options.origin = origin;
  if (const auto* key = std::get_if<AtlasApiKey>(&credentials))
    return AtlasApiClient(gate, *key, options);
  return AtlasApiClient(gate, tokens, options);
}

}  // namespace

Result<CloudCredentials> cloud_credentials_from_environment(const CloudAccountRequest& account) {
  if (account.provider == "atlas") return atlas_credentials(account.credentials);
  return tencent_credentials(account.credentials);
}

Result<std::optional<HttpEndpoint>> atlas_endpoint_from_environment() {
  for (const char* name : {"MONGODB_ATLAS_OPS_MANAGER_URL", "MONGODB_ATLAS_BASE_URL"}) {
    const std::string url = variable(name);
    if (url.empty()) continue;
    auto endpoint = parse_http_endpoint(url);
    if (!endpoint)
      return Error{ErrorCode::usage, "cloud", std::string(name) + ": " + endpoint.error().message};
    return std::optional<HttpEndpoint>(std::move(endpoint).value());
  }
  return std::optional<HttpEndpoint>();
}

CloudAccountFacts read_cloud_account(const CloudAccountRequest& request,
                                     const CloudCredentials& credentials,
                                     const CloudSettings& settings, std::size_t concurrency,
                                     const Deadline& deadline) {
  CurlTransportOptions transport_options;
  transport_options.extra_ca_file = settings.ca_file;
  transport_options.request_timeout = settings.request_timeout;
  CurlTransport transport(transport_options);  // a transfer per send: shared by the workers
  AllowlistedTransport gate(transport, kAtlasApiBase);
  if (const auto* atlas = std::get_if<AtlasCredentials>(&credentials)) {
    const auto given = settings.endpoints.find("atlas");
    const HttpEndpoint origin = given != settings.endpoints.end()
                                    ? given->second
                                    : parse_http_endpoint(kAtlasDefaultOrigin).value();
    std::shared_ptr<AtlasTokenSource> tokens;
    if (const auto* account = std::get_if<AtlasServiceAccount>(atlas)) {
      tokens = std::make_shared<AtlasTokenSource>(gate, *account, origin, RetryPolicy{}, nullptr,
                                                  nullptr);
    }
    return read_atlas_account(
        [&] { return make_atlas_client(gate, *atlas, tokens, origin); },
        AtlasAccountScope{request.project_ids, request.organization_ids, request.instance_ids},
        concurrency, deadline);
  }
  TencentApiOptions api;
  for (const auto& [service, endpoint] : settings.endpoints) {
    // "tencentcloud.mongodb" → the client's "mongodb".
    if (service.starts_with("tencentcloud.")) api.endpoints[service.substr(13)] = endpoint;
  }
  const auto& tencent = std::get<Tc3Credentials>(credentials);
  return read_tencent_account([&] { return TencentApiClient(gate, tencent, api); },
                              TencentAccountScope{request.regions, request.instance_ids},
                              concurrency, deadline);
}

}  // namespace mongoscan
