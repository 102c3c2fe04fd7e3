#pragma once
// What an Atlas account lets mongoscan read of the projects asked for: each project (named, or
// every project of a named organisation), its IP access list, clusters with their process
// arguments and backup schedules (and whether each requires authentication and TLS, from the list
// of every authorized cluster), encryption at rest, auditing, database users and custom roles,
// LDAP and X.509 settings, private endpoints and peering; and each organisation's settings. A
// request that fails leaves its part unread (nullopt) and is recorded in failed_reads; the other
// parts are still read.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "scanner/cloud/atlas/atlas_api_client.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

struct AtlasAccountScope {
  std::vector<std::string> project_ids;       // 24 hex digits each
  std::vector<std::string> organization_ids;  // every project of these
  std::vector<std::string> cluster_names;     // only these clusters; empty for every cluster
};

// `concurrency` projects at a time, each worker with a client of its own from `make_client` (a
// client keeps its Digest nonce and is not shared between threads). Projects are in the scope's
// order (an organisation's in the API's order) whatever order they finish in.
CloudAccountFacts read_atlas_account(const std::function<AtlasApiClient()>& make_client,
                                     const AtlasAccountScope& scope, std::size_t concurrency,
                                     const Deadline& deadline);

}  // namespace mongoscan
