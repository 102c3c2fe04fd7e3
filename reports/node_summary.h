#pragma once
// A probed node as reports show it: role, version, TLS and authentication facts, phase errors.

#include "reports/report.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

NodeSummary summarize_node(const NodeFacts& facts);

}  // namespace mongoscan
