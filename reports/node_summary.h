#pragma once
// A probed node as reports show it: role, version, TLS and authentication facts, phase errors.

#include "checks/packed_evidence.h"
#include "reports/report.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

// Its facts packed by `packer` (nodes with the same facts share their bytes).
NodeSummary summarize_node(const NodeFacts& facts, EvidencePacker& packer);

}  // namespace mongoscan
