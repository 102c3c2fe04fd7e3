#include "checks/connection/discovery.h"

#include <algorithm>
#include <map>
#include <set>

#include "checks/verdict.h"
#include "scanner/facts/cluster_topology.h"
#include "scanner/facts/topology.h"
#include "scanner/text/ascii_case.h"
#include "scanner/uri/srv_uri.h"
#include "scanner/uri/uri_option_json.h"

namespace mongoscan {
namespace {

using nlohmann::json;

json srv_evidence(const ConnectionString& target, const SeedlistDiscovery& seedlist) {
  json records = json::array();
  for (const SrvRecord& record : seedlist.srv_records)
    records.push_back(record.target + ":" + std::to_string(record.port));
  json rejected = json::array();
  for (const RejectedSrvHost& host : seedlist.rejected)
    rejected.push_back({{"address", host.address}, {"reason", host.reason}});
  json txt_options = json::object();
  for (const UriOption& option : seedlist.txt_options)
    txt_options[option.name] = option_value_json(option.value, /*reveal_secrets=*/false);
  return {{"srv_name", srv_query_name(target)},
          {"srv_records", records},
          {"rejected_hosts", rejected},
          {"txt_record_count", seedlist.txt_records.size()},
          {"txt_options", txt_options}};
}

std::string joined_messages(const std::vector<Error>& errors) {
  std::string text;
  for (const Error& error : errors) text += (text.empty() ? "" : "; ") + error.message;
  return text;
}

Verdict judge_seedlist(const DeploymentFacts& deployment) {
  if (!deployment.seedlist) {
    return {Status::skipped,
            "not a mongodb+srv:// connection string: no SRV or TXT record to check"};
  }
  const SeedlistDiscovery& seedlist = *deployment.seedlist;
  json evidence = srv_evidence(deployment.uri, seedlist);
  std::vector<Error> broken_rules;
  std::vector<Error> failed_lookups;
  for (const Error& problem : seedlist.problems)
    (problem.code == ErrorCode::protocol ? broken_rules : failed_lookups).push_back(problem);
  evidence["problems"] = json::array();
  for (const Error& problem : seedlist.problems) evidence["problems"].push_back(problem.message);
  if (!broken_rules.empty()) {
    return {Status::fail,
            joined_messages(broken_rules) +
                (seedlist.rejected.empty() ? "" : " (rejected hosts were not probed)"),
            evidence};
  }
  if (!failed_lookups.empty()) {
    return {Status::error, "the DNS lookups failed: " + joined_messages(failed_lookups), evidence};
  }
  return {Status::pass,
          std::to_string(seedlist.srv_hosts.size()) + " SRV hosts, all inside the name's domain; " +
              (seedlist.txt_record ? "one TXT record with allowed options only" : "no TXT record"),
          evidence};
}

// "host:port" as every node and member list spells it, lower-cased for comparison.
std::string address_key(const std::string& address) { return to_lower_ascii(address); }

// The members that replica-set nodes' hello replies list as electable or passive (arbiters and
// hidden members are not expected among seeds).
std::set<std::string> data_bearing_members(const std::vector<NodeFacts>& nodes) {
  std::set<std::string> members;
  for (const NodeFacts& node : nodes) {
    if (!node.hello || !node.hello->get_string("setName")) continue;
    for (const char* field : {"hosts", "passives"}) {
      for (const bson::Value& value : node.hello->get_array(field).value_or(bson::Array{})) {
        if (const auto* name = value.get_if<std::string>()) members.insert(address_key(*name));
      }
    }
  }
  return members;
}

// The members no client uses: arbiters (hello's arbiters) and hidden members (probed as such, or
// known only from replSetGetStatus).
std::set<std::string> members_without_clients(const std::vector<NodeFacts>& nodes) {
  std::set<std::string> members;
  for (const NodeFacts& node : nodes) {
    const std::string role = node_role(node);
    if (role == "arbiter" || role == "hidden" || node.origin == NodeOrigin::replica_set_status)
      members.insert(address_key(node.address()));
    if (!node.hello || !node.hello->get_string("setName")) continue;
    for (const bson::Value& value : node.hello->get_array("arbiters").value_or(bson::Array{})) {
      if (const auto* name = value.get_if<std::string>()) members.insert(address_key(*name));
    }
  }
  return members;
}

std::vector<std::string> seed_addresses(const DeploymentFacts& deployment) {
  std::vector<std::string> seeds;
  const auto& hosts = deployment.seedlist ? deployment.seedlist->srv_hosts : deployment.uri.hosts;
  for (const HostAddress& host : hosts) seeds.push_back(address_key(host.address()));
  return seeds;
}

std::string first_error(const NodeFacts& node) {
  return node.errors.empty() ? "no hello reply" : node.errors.front().message;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

// Every name of each probed node (its address and its aliases), keyed by each of those names.
std::map<std::string, std::set<std::string>> names_by_node(const std::vector<NodeFacts>& nodes) {
  std::map<std::string, std::set<std::string>> names;
  for (const NodeFacts& node : nodes) {
    std::set<std::string> all = {address_key(node.address())};
    for (const std::string& alias : node.aliases) all.insert(address_key(alias));
    for (const std::string& name : all) names[name] = all;
  }
  return names;
}

// Whether `name`, or another name of the same node, is in `list`.
bool listed(const std::string& name, const std::set<std::string>& list,
            const std::map<std::string, std::set<std::string>>& names) {
  if (list.contains(name)) return true;
  const auto same_node = names.find(name);
  if (same_node == names.end()) return false;
  return std::any_of(same_node->second.begin(), same_node->second.end(),
                     [&](const std::string& other) { return list.contains(other); });
}

Verdict judge_coverage(const DeploymentFacts& deployment) {
  json nodes = json::array();
  std::vector<std::string> unreachable;
  for (const NodeFacts& node : deployment.nodes) {
    json entry = {{"address", node.address()},
                  {"origin", to_string(node.origin)},
                  {"answered", node.hello.has_value()}};
    if (!node.named_by.empty()) entry["named_by"] = node.named_by;
    if (!node.aliases.empty()) entry["aliases"] = node.aliases;
    if (!node.hello) {
      entry["reason"] = first_error(node);
      unreachable.push_back(node.address() + " (" + first_error(node) + ")");
    }
    nodes.push_back(entry);
  }
  // A sharded cluster's seeds are its mongos (or a load balancer): its shards' members are
  // never expected among them.
  const bool sharded = is_sharded_cluster(deployment.nodes);
  const std::set<std::string> members =
      sharded ? std::set<std::string>{} : data_bearing_members(deployment.nodes);
  const std::vector<std::string> seed_list = seed_addresses(deployment);
  const std::set<std::string> seeds(seed_list.begin(), seed_list.end());
  const auto names = names_by_node(deployment.nodes);
  const std::set<std::string> without_clients = members_without_clients(deployment.nodes);
  std::vector<std::string> seeds_not_members;
  std::vector<std::string> seeds_without_clients;
  std::vector<std::string> members_not_seeds;
  if (!members.empty()) {
    for (const std::string& seed : seed_list) {
      if (listed(seed, members, names)) continue;
      (listed(seed, without_clients, names) ? seeds_without_clients : seeds_not_members)
          .push_back(seed);
    }
    for (const std::string& member : members)
      if (!listed(member, seeds, names)) members_not_seeds.push_back(member);
  }
  json evidence = {{"nodes", nodes},
                   {"members_not_probed", deployment.members_not_probed},
                   {"seeds", seed_list},
                   {"members", members},
                   {"seeds_not_members", seeds_not_members},
                   {"seeds_arbiter_or_hidden", seeds_without_clients},
                   {"members_not_in_seeds", members_not_seeds}};
  const std::size_t not_probed = unreachable.size() + deployment.members_not_probed;
  if (deployment.members_not_probed > 0) {
    unreachable.push_back(std::to_string(deployment.members_not_probed) +
                          " more members the nodes named, never contacted (past the discovery's "
                          "cap on nodes per deployment)");
  }
  if (not_probed > 0) {
    return {Status::fail,
            std::to_string(not_probed) + " of " +
                std::to_string(deployment.nodes.size() + deployment.members_not_probed) +
                " nodes could not be probed: " + joined(unreachable),
            evidence};
  }
  const std::string seed_source = deployment.seedlist ? "the SRV record" : "the seed list";
  if (!seeds_not_members.empty() || !seeds_without_clients.empty() || !members_not_seeds.empty()) {
    std::string message;
    if (!seeds_not_members.empty())
      message = "seeds that are not members: " + joined(seeds_not_members);
    if (!seeds_without_clients.empty()) {
      message += (message.empty() ? "" : "; ") +
                 std::string("seeds that serve no client (arbiter or hidden member): ") +
                 joined(seeds_without_clients);
    }
    if (!members_not_seeds.empty()) {
      message += (message.empty() ? "" : "; ") + std::string("members missing from ") +
                 seed_source + ": " + joined(members_not_seeds);
    }
    return {Status::warn, message, evidence};
  }
  return {Status::pass,
          "all " + std::to_string(deployment.nodes.size()) + " nodes answered" +
              (members.empty() ? "" : "; " + seed_source + " names exactly the members"),
          evidence};
}

}  // namespace

const std::vector<CheckSpec>& discovery_specs() {
  static const std::vector<CheckSpec> specs = {
      {"DISC-001",
       "SRV and TXT records follow the seedlist discovery rules",
       Layer::discovery,
       Severity::high,
       {{Framework::devspec, "A1", "Connection method decision guide (sharded clusters)"}},
       "Serve SRV targets only from the SRV name's own parent domain, publish at most one TXT "
       "record, and put nothing but authSource, replicaSet and loadBalanced in it.",
       "SRV and TXT records follow the seedlist discovery rules: every SRV host inside the "
       "name's domain (a host outside it is a high finding and is never contacted), at most "
       "one TXT record, only `authSource`, `replicaSet` and `loadBalanced` in it, no "
       "forbidden combination."},
      {"DISC-002",
       "Every node reachable; the seed list agrees with the members",
       Layer::discovery,
       Severity::medium,
       {{Framework::devspec, "A2.1", "Core connection string parameters"}},
       "Bring down members back or remove them from the replica set configuration, and list "
       "exactly the current data-bearing members in the seed list or SRV record.",
       "Every seed and discovered member answered (each one that did not is named with the "
       "reason); the seed list or SRV record names exactly the data-bearing members (for a "
       "sharded cluster: every mongos, config server and shard member answered)."},
  };
  return specs;
}

std::vector<Finding> check_discovery(const DeploymentFacts& deployment, const Policy& policy) {
  const Subject subject = Subject::uri(deployment.redacted_uri);
  return {make_finding(discovery_specs()[0], policy, subject, judge_seedlist(deployment)),
          make_finding(discovery_specs()[1], policy, subject, judge_coverage(deployment))};
}

}  // namespace mongoscan
