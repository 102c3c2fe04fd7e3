#pragma once
// Probes one lab node in-process with probe_node, as discovery does once it has connected, so that
// tests can look at the NodeFacts themselves rather than at a rendered report.

#include <cstddef>

#include "scanner/facts/node_facts.h"
#include "scanner/probe/probe.h"
#include "tests/support/lab.h"

namespace mongoscan::testing_support {

// The facts of lab node `index` (plaintext, no credentials unless `options` has them). A node that
// cannot be reached gives facts with the connect error.
NodeFacts probe_lab_node(const LabDeployment& lab, std::size_t index = 0,
                         const ProbeOptions& options = {});

}  // namespace mongoscan::testing_support
