#pragma once
// The control-plane part of a scan (`scan --cloud`): each account read through the allowlisted
// HTTPS client with the credentials the provider's own tools read from the environment.

#include <chrono>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "scanner/cloud/atlas/atlas_credentials.h"
#include "scanner/cloud/cloud_target.h"
#include "scanner/cloud/tencentcloud/tc3_signature.h"
#include "scanner/facts/cloud_facts.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

struct CloudSettings {
  // --cloud-endpoint: the endpoint per service ("tencentcloud.mongodb", "atlas").
  std::map<std::string, HttpEndpoint> endpoints;
  std::string ca_file;  // --cloud-ca-file: trusted besides the system store
  // --cloud-timeout: the whole cloud phase, every account; each request also ends by
  // request_timeout.
  std::chrono::milliseconds phase_timeout{300000};
  std::chrono::milliseconds request_timeout{30000};
};

using CloudCredentials = std::variant<Tc3Credentials, AtlasCredentials>;

// The account's credentials in this process's environment, from the variables it names, or a
// usage error naming the variables that are missing (never a value). Atlas: a service account
// when its client id and secret are both set, else an API key.
Result<CloudCredentials> cloud_credentials_from_environment(const CloudAccountRequest& account);

// The Atlas endpoint the environment names as the Atlas CLI reads it
// (MONGODB_ATLAS_OPS_MANAGER_URL, then MONGODB_ATLAS_BASE_URL), nullopt when neither is set, or a
// usage error naming the variable.
Result<std::optional<HttpEndpoint>> atlas_endpoint_from_environment();

// Reads one account, `concurrency` regions or projects at a time; what could not be read is in
// its failed_reads.
CloudAccountFacts read_cloud_account(const CloudAccountRequest& request,
                                     const CloudCredentials& credentials,
                                     const CloudSettings& settings, std::size_t concurrency,
                                     const Deadline& deadline);

}  // namespace mongoscan
