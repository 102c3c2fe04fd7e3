#pragma once
// A provider account's facts as the report's Cloud part shows them (reports/cloud_part.h), and the
// join of its managed deployments with the nodes the wire probe reached.

#include <string>
#include <vector>

#include "reports/report.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

CloudAccountSummary summarize_cloud_account(const CloudAccountFacts& account,
                                            const std::string& environment);

// Marks each target of the account's environment that reached one of its deployments (a node
// address or alias, a mongos or load balancer address, or the SRV name the target was given is one
// of the deployment's addresses): every node of that target carries the deployment's subject
// (NodeSummary::managed_by) and is listed in its probed_nodes.
void join_probed_nodes(CloudAccountSummary& account, std::vector<TargetSummary>& targets);

// The managed deployments the target's nodes are part of (NodeSummary::managed_by), each once.
std::vector<std::string> managed_deployments(const TargetSummary& target);

// A path as one line: "internet → load balancer lb-1 (203.0.113.9:27017 TCP, public) → ...".
std::string describe_path(const CloudPathSummary& path);

// A rule as one line: "accept tcp 27017 from 0.0.0.0/0 (office)".
std::string describe_rule(const CloudRuleSummary& rule);

}  // namespace mongoscan
