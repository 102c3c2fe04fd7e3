#pragma once
// What a scan keeps of a node once the node's own checks have run (run_node_checks): everything
// that is read later (the deployment checks, the node and cluster summaries of the report, the
// data-model sampler, connection-string judging, the scan's coverage), so that a fleet's memory
// follows the probes running at once, not the nodes probed.

#include "scanner/facts/node_facts.h"

namespace mongoscan {

// Drops the replies only the node checks read: every reply to a command run before
// authentication, every other reply but those of kRepliesReadLater, and of serverStatus every
// field but kServerStatusFieldsReadLater. Each command's state and message stay (the report lists
// them).
void drop_replies_judged(NodeFacts& node);

}  // namespace mongoscan
