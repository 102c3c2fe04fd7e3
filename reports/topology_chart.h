#pragma once
// A target's deployment as an inline SVG picture for the HTML report: mongos, the config server
// set and each shard with its members, or a replica set's members; each node coloured by its
// worst result, unreachable nodes dashed. No script, no external asset.

#include <map>
#include <string>

#include "checks/finding.h"
#include "reports/report.h"

namespace mongoscan {

// At most this many shards are drawn; a line says how many more there are.
inline constexpr std::size_t kTopologyShards = 12;

// The picture, an <svg> element; `worst` maps a node's address to its worst unsuppressed result
// (a node without one is drawn grey: nothing judged it). `id` is unique within the page. Empty for
// a target without nodes.
std::string topology_svg(const TargetSummary& target, const std::map<std::string, Status>& worst,
                         const std::string& id);

}  // namespace mongoscan
