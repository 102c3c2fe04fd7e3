#pragma once
// Reports with fixed contents and timestamps for the reporter tests and their golden files. Their
// fails at or above high gate (ReportedFinding::gates), as with the default --fail-on.

#include <cstddef>

#include "reports/report.h"

namespace mongoscan::testing_support {

// No inputs, no targets, no findings.
Report empty_report();

// Two targets (one node unreachable), findings in several layers out of layer order, all five
// statuses, node/file/URI subjects, nested evidence, non-ASCII text, HTML-special characters and a
// message longer than the console's column; then the same checks on the other nodes and
// connection strings, so that the self-check table has full rows, nodes a check did not reach and
// a cell with two findings.
Report rich_report();

// A fake password the config sample's findings were redacted from (as the config scan does with
// redact_secret); no report may ever contain it.
inline constexpr const char* kPlantedPassword = "Tq9vX2hunter2-planted";

// A config scan with a deployment beside it: APP-001 (a URI password, redacted from
// kPlantedPassword), APP-002 (a weak credential-key value at low severity), one finding
// suppressed inline and one by the baseline, skipped files (a path with spaces, one with
// non-ASCII characters), a node finding, a warn on a connection string and a pass.
Report config_scan_report();

// Risk acceptance: connection-string findings accepted by --accept (reason, expiry, owner), one
// whose acceptance expired (it counts again), an inline mongoscan:allow with a reason, and two
// stale acceptances (one expired too).
Report acceptance_report();

// One replica set of `members` nodes (the last an arbiter) with node checks on every member: the
// self-check table at the width of a large deployment.
Report many_nodes_report(std::size_t members = 50);

// An inventory scan of three environments: production (a failing finding that gates), staging
// (a node that refused: incomplete) and reporting (not scanned: its password variable is unset),
// with tags, and targets and findings naming their environment.
Report inventory_report();

// inventory_report() kept in a history: production changed since its previous run (a new finding,
// a fixed one, one unverified because its node was not reached, one still failing since an
// earlier run), staging's first run (everything failing is new) and reporting, not scanned, whose
// previous failure is unverified.
Report history_report();

// A scan with the Cloud part: a Tencent Cloud region (a sharded instance with a public address
// and a public CLB in front, a replica set kept to its VPC, an account read that failed) and an
// Atlas project (an open access list, one cluster), joined to the targets the scan reached (the
// sharded instance through its VIP, the Atlas cluster through its SRV name; a third target is no
// managed deployment's), with findings about the cloud resources.
Report cloud_report();

}  // namespace mongoscan::testing_support
