#include "checks/connection/cluster_shape.h"

#include <algorithm>
#include <cstdint>
#include <map>

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

// One member as the set's configuration (replSetGetConfig) describes it.
struct MemberConfig {
  int votes = 1;
  std::int64_t delay_seconds = 0;  // secondaryDelaySecs, slaveDelay before 5.0
  bool arbiter = false;
};

// The members of the set's configuration by host, from the first member whose replSetGetConfig
// answered; empty when none did.
std::map<std::string, MemberConfig> configured_members(const ClusterReplicaSet& set) {
  std::map<std::string, MemberConfig> members;
  for (const NodeFacts* node : set.members) {
    const auto reply = node->commands.find("replSetGetConfig");
    if (reply == node->commands.end() || reply->second.state != CommandOutcome::State::ok) continue;
    const auto config = reply->second.reply.get_document("config");
    if (!config) continue;
    for (const bson::Value& value : config->get_array("members").value_or(bson::Array{})) {
      const auto* member = value.get_if<bson::Document>();
      const auto host = member ? member->get_string("host") : std::nullopt;
      if (!host) continue;
      MemberConfig configured;
      configured.votes = static_cast<int>(member->get_int64("votes").value_or(1));
      configured.delay_seconds = member->get_int64("secondaryDelaySecs")
                                     .value_or(member->get_int64("slaveDelay").value_or(0));
      configured.arbiter = member->get_bool("arbiterOnly").value_or(false);
      members[to_lower_ascii(*host)] = configured;
    }
    if (!members.empty()) break;
  }
  return members;
}

// A set's members judged for durability. w:"majority" waits for writeMajority members, the
// smaller of the vote majority and the voting members that are not arbiters
// (ReplSetConfig::_calculateMajorities, src/mongo/db/repl/repl_set_config.cpp): only voting,
// data-bearing members count, and a delayed one acknowledges only after its delay. So the
// members that keep majority writes durable and prompt are the voting, undelayed, data-bearing
// ones; non-voting and delayed members are reported apart. Without the configuration
// (replSetGetConfig not read), every data-bearing member is counted, as hello shows them.
SetShape judge_set(const std::string& label, const ClusterReplicaSet& set) {
  int data_bearing = 0, arbiters = 0, unknown = 0;
  bool standalone = false;
  const std::map<std::string, MemberConfig> configured = configured_members(set);
  json members = json::array();
  std::vector<std::string> non_voting, delayed_voting, delayed;
  int voters = 0, voting_arbiters = 0;
  for (const auto& [host, member] : configured) {
    voters += member.votes;
    if (member.arbiter) voting_arbiters += member.votes;
  }
  for (const NodeFacts* member : set.members) {
    const std::string kind = member_kind(*member, set);
    if (member->hello && !member->hello->get_string("setName") &&
        node_role(*member) == "standalone")
      standalone = true;
    json entry = {{"address", member->address()}, {"kind", kind}};
    const auto found = configured.find(to_lower_ascii(member->address()));
    if (kind == "data" && found != configured.end()) {
      entry["votes"] = found->second.votes;
      if (found->second.delay_seconds > 0)
        entry["secondaryDelaySecs"] = found->second.delay_seconds;
      if (found->second.votes == 0) {
        non_voting.push_back(member->address());
        members.push_back(entry);
        continue;
      }
      if (found->second.delay_seconds > 0) {
        delayed_voting.push_back(member->address());
        delayed.push_back(member->address());
        members.push_back(entry);
        continue;
      }
    }
    (kind == "data" ? data_bearing : kind == "arbiter" ? arbiters : unknown) += 1;
    members.push_back(entry);
  }
  SetShape shape;
  shape.evidence = {{"component", label},   {"set_name", set.set_name},
                    {"members", members},   {"data_bearing", data_bearing},
                    {"arbiters", arbiters}, {"unknown", unknown}};
  if (configured.empty()) {
    shape.evidence["votes"] = "not read (replSetGetConfig)";
  } else {
    shape.evidence["non_voting"] = non_voting;
    shape.evidence["delayed_voting"] = delayed_voting;
    shape.evidence["write_majority"] = std::min(voters / 2 + 1, voters - voting_arbiters);
  }
  const std::string counted =
      configured.empty() ? "data-bearing" : "voting, undelayed data-bearing";
  std::string apart;
  if (!non_voting.empty()) apart += "; not counted: non-voting " + join(non_voting);
  if (!delayed.empty()) apart += "; not counted: delayed " + join(delayed);
  if (standalone) {
    shape.status = Status::fail;
    shape.problem = label + " is a standalone mongod, not a replica set";
  } else if (data_bearing + unknown < 3 && arbiters > 0) {
    shape.status = Status::warn;
    shape.problem = label + " is primary-secondary-arbiter (" + std::to_string(data_bearing) + " " +
                    counted + " members" + apart +
                    "): with one of them down, majority writes stall";
  } else if (data_bearing + unknown < 3) {
    shape.status = Status::fail;
    shape.problem = label + " has " + std::to_string(data_bearing + unknown) + " " + counted +
                    " members" + apart;
  } else if (data_bearing < 3) {
    shape.status = Status::skipped;
    shape.problem =
        label + ": the kind of " + std::to_string(unknown) + " unreached members is unknown";
  } else if (!delayed_voting.empty()) {
    shape.status = Status::warn;
    shape.problem = label + "'s delayed member(s) " + join(delayed_voting) +
                    " vote: w:majority counts them, so with a member down majority writes wait "
                    "out the delay (give delayed members votes: 0)";
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
                std::to_string(shape.evidence["data_bearing"].get<int>()) +
                (shape.evidence.contains("write_majority") ? " voting, undelayed data-bearing"
                                                           : " data-bearing") +
                " members",
            shape.evidence};
  }
  if (shape.status == Status::warn &&
      shape.problem.find("primary-secondary-arbiter") != std::string::npos)
    shape.problem += kArbiterCaveat;
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
       "members; replace arbiters with data-bearing secondaries.",
       "Every shard and the config server set is a replica set of at least three "
       "data-bearing members: a standalone shard or a two-member set fails, a "
       "primary-secondary-arbiter set warns."},
      {"DISC-004",
       "Sharded cluster reachable through more than one mongos",
       Layer::discovery,
       Severity::medium,
       {{Framework::devspec, "A1", "Connection method decision guide (sharded clusters)"}},
       "Run at least two mongos and reach them through an SRV name, a load balancer VIP, or a "
       "connection string that lists them all.",
       "A sharded cluster runs more than one live mongos (probed, or active in "
       "`config.mongos`)."},
      {"HARD-011",
       "Replica set of three or more data-bearing members",
       Layer::hardening,
       Severity::medium,
       {{Framework::stig, "V-252141",
         "MongoDB must fail to a secure state if system initialization fails, shutdown fails, or "
         "aborts fail."}},
       "Run the replica set with at least three data-bearing voting members; replace an arbiter "
       "with a data-bearing secondary, and until then set the default write concern explicitly "
       "(setDefaultRWConcern).",
       "A replica-set target has at least three data-bearing members; fewer fails, a "
       "primary-secondary-arbiter set warns with the manual's write-concern caveat (majority "
       "writes stall with a data-bearing member down; the implicit default is w:1); sharded "
       "clusters are DISC-003's, standalones not applicable."},
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
