#include "reports/cloud_text.h"

#include "reports/cloud_summary.h"

namespace mongoscan {
namespace {

std::string settings_text(const std::vector<CloudSetting>& settings) {
  std::string text;
  for (const CloudSetting& setting : settings)
    text += (text.empty() ? "" : "; ") + setting.name + " " + setting.value;
  return text;
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

std::string deployment_kind(const CloudAccountSummary& account) {
  return account.provider == "atlas" ? "Atlas cluster" : "TencentDB instance";
}

CloudBlock deployment_block(const CloudAccountSummary& account,
                            const ManagedDeploymentSummary& deployment,
                            const CloudResults& results) {
  // An Atlas cluster is known by its name; a TencentDB instance by its id, then its name.
  std::string title = deployment_kind(account) + " " +
                      (account.provider == "atlas" ? deployment.name : deployment.id);
  if (account.provider != "atlas" && !deployment.name.empty() && deployment.name != deployment.id)
    title += " (" + deployment.name + ")";
  title += ": " + deployment.topology;
  if (!deployment.version.empty()) title += " " + deployment.version;
  if (!deployment.addresses.empty()) title += " at " + deployment.addresses.front();
  title += ", " + deployment.scope;
  CloudBlock block{title, {}};
  block.lines.push_back("results: " + cloud_results_text(results, deployment.subject) + " (" +
                        deployment.subject + ")");
  block.lines.push_back(deployment.probed_nodes.empty()
                            ? std::string("nodes probed: none of the scan's targets reached it")
                            : "nodes probed: " + joined(deployment.probed_nodes));
  block.lines.push_back(settings_text(deployment.settings));
  if (!deployment.security_groups.empty())
    block.lines.push_back("security groups: " + joined(deployment.security_groups));
  if (!deployment.paths_from_internet) {
    block.lines.push_back("from the internet: not known (a read it needs failed)");
  } else if (deployment.paths_from_internet->empty()) {
    block.lines.push_back("from the internet: no way in (reachable inside its network only)");
  } else {
    for (const CloudPathSummary& path : *deployment.paths_from_internet)
      block.lines.push_back("from the internet: " + describe_path(path));
  }
  return block;
}

CloudBlock scope_block(const CloudScopeSummary& scope, const CloudResults& results) {
  std::string title = scope.kind + " " + scope.id;
  if (!scope.name.empty() && scope.name != scope.id) title += " (" + scope.name + ")";
  CloudBlock block{title, {}};
  block.lines.push_back("results: " + cloud_results_text(results, scope.subject) + " (" +
                        scope.subject + ")");
  if (!scope.settings.empty()) block.lines.push_back(settings_text(scope.settings));
  if (scope.access_list) {
    if (scope.access_list->empty()) block.lines.push_back("IP access list: empty");
    for (const CloudRuleSummary& entry : *scope.access_list)
      block.lines.push_back("IP access list: " + describe_rule(entry));
  } else if (scope.kind == "project") {
    block.lines.push_back("IP access list: not read");
  }
  return block;
}

void add_result(const Finding& finding, CloudResults& results) {
  if (finding.subject.kind == Subject::Kind::cloud)
    count_status(finding, results[finding.subject.name]);
}

}  // namespace

std::string cloud_account_title(const CloudAccountSummary& account) {
  std::string title = account.provider == "atlas" ? "MongoDB Atlas" : "Tencent Cloud";
  std::string scopes;
  for (const CloudScopeSummary& scope : account.scopes)
    if (scope.kind != "organization") scopes += (scopes.empty() ? " " : ", ") + scope.id;
  return title + scopes;
}

CloudResults cloud_results(const ReportedFindings& findings) {
  CloudResults results;
  for (const ReportedFinding& reported : findings) add_result(reported.finding, results);
  return results;
}

CloudResults cloud_results(const std::vector<const ReportedFinding*>& findings) {
  CloudResults results;
  for (const ReportedFinding* reported : findings) add_result(reported->finding, results);
  return results;
}

std::string cloud_results_text(const CloudResults& results, std::string_view subject) {
  const auto found = results.find(subject);
  if (found == results.end()) return "no results";
  const StatusCounts& counts = found->second;
  std::string text;
  for (const auto& [count, name] :
       {std::pair{counts.fail, "fail"}, std::pair{counts.error, "error"},
        std::pair{counts.warn, "warn"}, std::pair{counts.pass, "pass"},
        std::pair{counts.skipped, "skipped"}, std::pair{counts.suppressed, "suppressed"}}) {
    if (count > 0) text += (text.empty() ? "" : ", ") + std::to_string(count) + " " + name;
  }
  return text.empty() ? "no results" : text;
}

std::vector<CloudBlock> cloud_blocks(const CloudAccountSummary& account,
                                     const CloudResults& results) {
  std::vector<CloudBlock> blocks;
  for (const CloudScopeSummary& scope : account.scopes) {
    // A region has nothing of its own to show unless a check judged it (it could not be listed).
    if (scope.kind == "region" && !results.contains(scope.subject)) continue;
    blocks.push_back(scope_block(scope, results));
  }
  for (const ManagedDeploymentSummary& deployment : account.deployments)
    blocks.push_back(deployment_block(account, deployment, results));
  for (const CloudGroupSummary& group : account.security_groups) {
    CloudBlock block{
        "security group " + group.id + (group.name.empty() ? "" : " (" + group.name + ")"), {}};
    if (group.inbound.empty()) block.lines.push_back("no inbound rules");
    for (const CloudRuleSummary& rule : group.inbound) block.lines.push_back(describe_rule(rule));
    blocks.push_back(std::move(block));
  }
  for (const LoadBalancerSummary& balancer : account.load_balancers) {
    CloudBlock block{"load balancer " + balancer.id +
                         (balancer.name.empty() ? "" : " (" + balancer.name + ")") + ": " +
                         (balancer.public_facing ? "public" : "internal") + " at " +
                         joined(balancer.vips) + ", " + balancer.region,
                     {}};
    block.lines.push_back("security groups: " + (balancer.security_groups.empty()
                                                     ? std::string("none")
                                                     : joined(balancer.security_groups)));
    if (balancer.passes_to_target)
      block.lines.push_back("passes traffic to its targets: their own groups are not applied");
    if (!balancer.forwards) {
      block.lines.push_back("forwards: not read");
    } else {
      for (const std::string& forward : *balancer.forwards)
        block.lines.push_back("forwards " + forward);
    }
    blocks.push_back(std::move(block));
  }
  if (!account.failed_reads.empty()) {
    CloudBlock block{"reads that failed (what they cover is not judged as passing)", {}};
    for (const CloudFailedRead& failure : account.failed_reads)
      block.lines.push_back(failure.call + " " + failure.scope + ": " + failure.message);
    blocks.push_back(std::move(block));
  }
  return blocks;
}

}  // namespace mongoscan
