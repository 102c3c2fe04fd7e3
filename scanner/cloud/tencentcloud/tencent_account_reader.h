#pragma once
// A Tencent Cloud account's MongoDB instances as the control plane describes them: every instance
// of every region (DescribeDBInstances, to the last page) and which have database audit on
// (DescribeAuditInstanceList), then for each its nodes and public addresses, security groups, SSL,
// backup retention and accounts; the regions' load balancers (CLB) with their targets, and
// for those in front of an instance the rules of their security groups. A call that fails leaves
// its part unread (nullopt) and is recorded; the other parts are still read. Calls run
// `concurrency` at a time in phases (lists, then each instance's parts and each load balancer's
// targets, then the groups), so that an account of many instances takes about as long as its calls
// divided by the concurrency.

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

// Each worker has a client of its own from `make_client` (a client is not shared between
// threads). The facts are in the scope's region order, and within a region in the API's order,
// whatever order the calls finish in.
CloudAccountFacts read_tencent_account(const std::function<TencentApiClient()>& make_client,
                                       const TencentAccountScope& scope, std::size_t concurrency,
                                       const Deadline& deadline);

}  // namespace mongoscan
