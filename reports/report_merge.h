#pragma once
// Several reports of one run as one: the shards of an inventory scanned apart (scan --shard I/N)
// and merged (`mongoscan merge`), so that every format and the gate see the whole fleet.

#include <vector>

#include "reports/report.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// The reports together: their inputs, targets, findings and environments one report after
// another; coverage, statistics and files scanned added up; the earliest start and latest finish.
// An acceptance is stale only if it is stale in every report (a shard without the finding it
// accepts says nothing about the others). A usage error when the reports come from different
// mongoscan versions, were judged at different gates, or two of them hold the same environment (a
// shard scanned twice).
Result<Report> merge_reports(std::vector<Report> reports);

}  // namespace mongoscan
