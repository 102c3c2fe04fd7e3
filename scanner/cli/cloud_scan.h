#pragma once
// The control-plane part of a scan (`scan --cloud`): each account read through the allowlisted
// HTTPS client with the credentials the provider's own tools read from the environment.

#include <map>
#include <string>
#include <vector>

#include "scanner/cloud/cloud_target.h"
#include "scanner/cloud/tencentcloud/tc3_signature.h"
#include "scanner/facts/cloud_facts.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

struct CloudSettings {
  // --cloud-endpoint: the endpoint per service ("tencentcloud.mongodb").
  std::map<std::string, HttpEndpoint> endpoints;
  std::string ca_file;  // --cloud-ca-file: trusted besides the system store
};

// The Tencent Cloud credentials in this process's environment, from `variables`, or a usage error
// naming the variable that is missing (never a value).
Result<Tc3Credentials> tencent_credentials_from_environment(
    const CloudCredentialVariables& variables);

// Reads one account, `concurrency` regions at a time; what could not be read is in its
// failed_reads.
CloudAccountFacts read_cloud_account(const CloudAccountRequest& request,
                                     const Tc3Credentials& credentials,
                                     const CloudSettings& settings, std::size_t concurrency,
                                     const Deadline& deadline);

}  // namespace mongoscan
