#pragma once
// A Tencent Cloud account's MongoDB instances as the control plane describes them, region by
// region: every instance (DescribeDBInstances, to the last page), then for each its nodes and
// public addresses, security groups and SSL; then the region's load balancers (CLB) with their
// targets, and for those in front of an instance the rules of their security groups. A call that
// fails leaves its part unread (nullopt) and is recorded; the other parts are still read.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "scanner/cloud/tencentcloud/tencent_api_client.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

struct TencentAccountScope {
  std::vector<std::string> regions;       // "ap-guangzhou", ...
  std::vector<std::string> instance_ids;  // only these; empty for every instance
};

CloudAccountFacts read_tencent_account(TencentApiClient& client, const TencentAccountScope& scope,
                                       const Deadline& deadline);

// The same, `concurrency` regions at a time, each worker with a client of its own from
// `make_client` (a client is not shared between threads). The facts are in the scope's region
// order whatever order the regions finish in.
CloudAccountFacts read_tencent_account_in_parallel(
    const std::function<TencentApiClient()>& make_client, const TencentAccountScope& scope,
    std::size_t concurrency, const Deadline& deadline);

}  // namespace mongoscan
