#include "scanner/facts/topology.h"

namespace mongoscan {

std::string node_role(const NodeFacts& facts) {
  if (!facts.hello) return "unknown";
  const bson::Document& hello = *facts.hello;
  if (hello.get_string("msg") == "isdbgrid") return "mongos";
  if (hello.find("serviceId") != nullptr) return "load_balancer";
  if (hello.get_bool("isreplicaset").value_or(false)) return "replica_set_ghost";
  if (!hello.get_string("setName")) return "standalone";
  if (hello.get_bool("arbiterOnly").value_or(false)) return "arbiter";
  if (hello.get_bool("hidden").value_or(false)) return "hidden";
  if (hello.get_bool("isWritablePrimary").value_or(false) ||
      hello.get_bool("ismaster").value_or(false)) {
    return "primary";
  }
  if (hello.get_bool("passive").value_or(false)) return "passive";
  if (hello.get_bool("secondary").value_or(false)) return "secondary";
  return "other";
}

std::string topology_of(const std::vector<NodeFacts>& nodes) {
  std::string topology = "unknown";
  for (const NodeFacts& node : nodes) {
    const std::string role = node_role(node);
    if (role == "unknown") continue;
    if (role == "mongos") return "sharded";
    if (role == "load_balancer") return "load_balanced";
    if (role == "standalone") {
      topology = "standalone";
    } else {
      return "replica_set";
    }
  }
  return topology;
}

}  // namespace mongoscan
