#pragma once
// What a scan keeps of a node once its own checks have run (run_node_checks) and its summary is
// made (summarize_node): only what is read later, by the deployment checks, the cluster summary,
// connection-string judging, the data-model sampler and the scan's coverage, so that a fleet's
// memory follows the probes running at once, not the nodes probed.

#include "scanner/facts/node_facts.h"

namespace mongoscan {

struct KeptForLater {
  // --data-model: the listing scope of the sampled node is judged (checks/listing_scope.h), from
  // connectionStatus's privileges and the states of the commands run before authentication.
  bool listing_scope = false;
};

// Drops what only the node's checks and summary read: TLS and HTTP facts, every command's reply
// and message but the fields kReadLater names, the commands no later reader asks for (buildInfo's
// entry always stays: its absence is itself evidence), the hello fields no later reader reads.
void drop_facts_judged(NodeFacts& node, KeptForLater kept);

}  // namespace mongoscan
