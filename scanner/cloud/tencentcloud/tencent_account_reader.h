#pragma once
// A Tencent Cloud account's MongoDB instances as the control plane describes them, region by
// region: every instance (DescribeDBInstances, to the last page), then for each its nodes and
// public addresses, security groups and SSL; then the region's load balancers (CLB) with their
// targets, and for those in front of an instance the rules of their security groups. A call that
// fails leaves its part unread (nullopt) and is recorded; the other parts are still read.

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

}  // namespace mongoscan
