#include "checks/connection/cluster_shape.h"

#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/facts/cluster_topology.h"
#include "scanner/facts/topology.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// A member's kind as the set's own replies show it: its hello, else another member's hello
// listing it among arbiters or hosts/passives; "unknown" when nothing says.
std::string member_kind(const NodeFacts& member, const ClusterReplicaSet& set) {
  if (member.hello) return node_role(member) == "arbiter" ? "arbiter" : "data";
  for (const NodeFacts* other : set.members) {
    if (!other->hello) continue;
    for (const char* field : {"arbiters", "hosts", "passives"}) {
      for (const bson::Value& value : other->hello->get_array(field).value_or(bson::Array{})) {
        const auto* name = value.get_if<std::string>();
        if (name && equals_ignore_case(*name, member.address()))
          return std::string_view(field) == "arbiters" ? "arbiter" : "data";
      }
    }
  }
  return member.origin == NodeOrigin::replica_set_status ? "data" : "unknown";
}

struct SetShape {
  Status status = Status::pass;
  std::string problem;  // empty when the set is sound
  json evidence;
};

SetShape judge_set(const std::string& label, const ClusterReplicaSet& set) {
  int data_bearing = 0, arbiters = 0, unknown = 0;
  bool standalone = false;
  json members = json::array();
  for (const NodeFacts* member : set.members) {
    const std::string kind = member_kind(*member, set);
    if (member->hello && !member->hello->get_string("setName") &&
        node_role(*member) == "standalone")
      standalone = true;
    (kind == "data" ? data_bearing : kind == "arbiter" ? arbiters : unknown) += 1;
    members.push_back({{"address", member->address()}, {"kind", kind}});
  }
  SetShape shape;
  shape.evidence = {{"component", label},   {"set_name", set.set_name},
                    {"members", members},   {"data_bearing", data_bearing},
                    {"arbiters", arbiters}, {"unknown", unknown}};
  if (standalone) {
    shape.status = Status::fail;
    shape.problem = label + " is a standalone mongod, not a replica set";
  } else if (data_bearing + unknown < 3 && arbiters > 0) {
    shape.status = Status::warn;
    shape.problem = label + " is primary-secondary-arbiter (" + std::to_string(data_bearing) +
                    " data-bearing members): with one of them down, majority writes stall";
  } else if (data_bearing + unknown < 3) {
    shape.status = Status::fail;
    shape.problem =
        label + " has " + std::to_string(data_bearing + unknown) + " data-bearing members";
  } else if (data_bearing < 3) {
    shape.status = Status::skipped;
    shape.problem =
        label + ": the kind of " + std::to_string(unknown) + " unreached members is unknown";
  }
  return shape;
}

Verdict judge_replica_sets(const DeploymentFacts& deployment) {
  if (!is_sharded_cluster(deployment.nodes))
    return {Status::skipped, "the deployment is not a sharded cluster"};
  const ClusterTopology cluster = cluster_topology(deployment.nodes);
  std::vector<std::pair<std::string, const ClusterReplicaSet*>> sets;
  if (!cluster.config_servers.members.empty())
    sets.emplace_back("config server set " + cluster.config_servers.name, &cluster.config_servers);
  for (const ClusterReplicaSet& shard : cluster.shards)
    sets.emplace_back("shard " + shard.name, &shard);
  json evidence = {{"sets", json::array()}};
  std::vector<std::string> failures, warnings, unknown;
  for (const auto& [label, set] : sets) {
    SetShape shape = judge_set(label, *set);
    evidence["sets"].push_back(shape.evidence);
    if (shape.status == Status::fail) failures.push_back(shape.problem);
    if (shape.status == Status::warn) warnings.push_back(shape.problem);
    if (shape.status == Status::skipped) unknown.push_back(shape.problem);
  }
  if (!failures.empty()) return {Status::fail, join(failures), evidence};
  if (!warnings.empty()) return {Status::warn, join(warnings), evidence};
  if (cluster.shards.empty()) {
    return {Status::skipped,
            "no shard is known: listShards needs the listShards action (see mongoscan "
            "auditor-role), and no config server was read",
            evidence};
  }
  if (!unknown.empty()) return {Status::skipped, join(unknown), evidence};
  return {Status::pass,
          "the config servers and all " + std::to_string(cluster.shards.size()) +
              " shards are replica sets with at least three data-bearing members",
          evidence};
}

// The manual's caveat for primary-secondary-arbiter sets ("Mitigate Performance Issues with PSA
// Replica Set"; "Default MongoDB Read Concerns/Write Concerns"): with a data-bearing member down,
// w:"majority" writes cannot be acknowledged and the majority commit point stops, and the implicit
// default write concern of such a set is w:1 (from 5.0), whose writes can roll back.
constexpr std::string_view kArbiterCaveat =
    "; with a data-bearing member down, w:majority writes wait or time out and the majority commit "
    "point stops advancing, while the set's implicit default write concern (w:1) acknowledges "
    "writes that can roll back";

// HARD-011: a replica set given as the target, judged as DISC-003 judges a shard. Sharded
// clusters are DISC-003's; a standalone is no replica set.
Verdict judge_replica_set_target(const DeploymentFacts& deployment) {
  if (is_sharded_cluster(deployment.nodes)) {
    return {Status::skipped, "a sharded cluster: DISC-003 judges its shards and config server set"};
  }
  const std::string topology = topology_of(deployment.nodes);
  if (topology != "replica_set") {
    return {Status::skipped,
            topology == "standalone"
                ? "a standalone mongod is not a replica set (it has no failover at all)"
                : "the deployment is not a replica set (" + topology + ")"};
  }
  ClusterReplicaSet set;
  for (const NodeFacts& node : deployment.nodes) {
    if (set.set_name.empty() && node.hello)
      set.set_name = node.hello->get_string("setName").value_or("");
    set.members.push_back(&node);
  }
  set.name = set.set_name;
  SetShape shape = judge_set("replica set " + set.set_name, set);
  if (shape.status == Status::pass) {
    return {Status::pass,
            "replica set " + set.set_name + " has " +
                std::to_string(shape.evidence["data_bearing"].get<int>()) + " data-bearing members",
            shape.evidence};
  }
  if (shape.status == Status::warn) shape.problem += kArbiterCaveat;
  return {shape.status, shape.problem, shape.evidence};
}

Verdict judge_router_count(const DeploymentFacts& deployment) {
  if (!is_sharded_cluster(deployment.nodes))
    return {Status::skipped, "the deployment is not a sharded cluster"};
  const ClusterTopology cluster = cluster_topology(deployment.nodes);
  const std::vector<std::string> live = cluster.live_mongos();
  json stale = json::array();
  for (const RegisteredMongos& mongos : cluster.registered) {
    if (!mongos.active) stale.push_back(mongos.address);
  }
  const json evidence = {{"live_mongos", live}, {"stale_mongos", stale}};
  if (live.empty()) return {Status::skipped, "no mongos answered", evidence};
  if (live.size() == 1) {
    return {Status::fail,
            "the cluster runs one mongos (" + live.front() +
                "): when it stops, every application loses the cluster",
            evidence};
  }
  return {Status::pass, std::to_string(live.size()) + " mongos running: " + join(live), evidence};
}

}  // namespace

const std::vector<CheckSpec>& cluster_shape_specs() {
  static const std::vector<CheckSpec> specs = {
      {"DISC-003",
       "Every shard and the config servers are replica sets of three data-bearing members",
       Layer::discovery,
       Severity::medium,
       {},
       "Run each shard and the config server set as a replica set of at least three data-bearing "
       "members; replace arbiters with data-bearing secondaries."},
      {"DISC-004",
       "Sharded cluster reachable through more than one mongos",
       Layer::discovery,
       Severity::medium,
       {{Framework::devspec, "A1", "Connection method decision guide (sharded clusters)"}},
       "Run at least two mongos and reach them through an SRV name, a load balancer VIP, or a "
       "connection string that lists them all."},
      {"HARD-011",
       "Replica set of three or more data-bearing members",
       Layer::hardening,
       Severity::medium,
       {{Framework::stig, "V-252141",
         "MongoDB must fail to a secure state if system initialization fails, shutdown fails, or "
         "aborts fail."}},
       "Run the replica set with at least three data-bearing voting members; replace an arbiter "
       "with a data-bearing secondary, and until then set the default write concern explicitly "
       "(setDefaultRWConcern)."},
  };
  return specs;
}

std::vector<Finding> check_cluster_shape(const DeploymentFacts& deployment, const Policy& policy) {
  const Subject subject = Subject::uri(deployment.redacted_uri);
  return {make_finding(cluster_shape_specs()[0], policy, subject, judge_replica_sets(deployment)),
          make_finding(cluster_shape_specs()[1], policy, subject, judge_router_count(deployment)),
          make_finding(cluster_shape_specs()[2], policy, subject,
                       judge_replica_set_target(deployment))};
}

}  // namespace mongoscan
