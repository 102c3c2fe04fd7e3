#pragma once
// A target's deployment as an inline SVG picture for the HTML report: mongos, the config server
// set and each shard with its members, or a replica set's members; each node coloured by its
// worst result, unreachable nodes dashed; in front of them, for a managed deployment, its ways in
// from the internet. No script, no external asset.

#include <map>
#include <optional>
#include <string>

#include "checks/finding.h"
#include "reports/report.h"

namespace mongoscan {

// At most this many shards are drawn; a line says how many more there are.
inline constexpr std::size_t kTopologyShards = 12;

// At most this many ways in from the internet are drawn; the Cloud section lists every one.
inline constexpr std::size_t kTopologyPaths = 6;

// The picture, an <svg> element; `worst` maps a node's address to its worst unsuppressed result
// (a node without one is drawn grey: nothing judged it). `id` is unique within the page. Empty for
// a target without nodes. With `managed`, the managed deployment the nodes are part of, its ways
// in from the internet (load balancer, public address, security groups, access list) are drawn in
// front of the nodes, their entries coloured by `managed_status`, the worst result of the checks
// about the deployment.
std::string topology_svg(const TargetSummary& target, const std::map<std::string, Status>& worst,
                         const std::string& id, const ManagedDeploymentSummary* managed = nullptr,
                         std::optional<Status> managed_status = std::nullopt);

}  // namespace mongoscan
