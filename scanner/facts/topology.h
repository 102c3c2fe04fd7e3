#pragma once
// What hello replies say about a node's role and the deployment's shape (SDAM specification's
// server types, simplified to what a report shows).

#include <string>
#include <vector>

#include "scanner/facts/node_facts.h"

namespace mongoscan {

// primary, secondary, arbiter, hidden, passive, mongos, standalone, load_balancer,
// replica_set_ghost, or unknown when no hello arrived.
std::string node_role(const NodeFacts& facts);

// replica_set, sharded, load_balanced, standalone or unknown, from the nodes that answered hello.
std::string topology_of(const std::vector<NodeFacts>& nodes);

}  // namespace mongoscan
