#pragma once
// The nodes of one deployment still to probe: the seeds, then every member a probed node's replies
// name (hello's hosts, passives and arbiters; replSetGetStatus's members, hidden ones included;
// on a mongos or config server, the shards' members, the config servers and the active mongos)
// that has not been queued yet. Bounded, so a hostile reply cannot make a scan endless.

#include <cstddef>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "scanner/facts/node_facts.h"
#include "scanner/uri/uri.h"

namespace mongoscan {

struct QueuedNode {
  HostAddress host;
  NodeOrigin origin = NodeOrigin::seed;
  std::string named_by;  // the node whose reply named it; empty for seeds
  ClusterComponent component;
};

// What add_members_of reads of a node, copied from it: its address, component and hello, and
// the replies that name other nodes (a probe's facts so far are lent to discovery briefly:
// ProbeOptions::on_members_named).
NodeFacts member_naming_facts(const NodeFacts& node);

class MemberQueue {
 public:
  // The default cap (scan --max-nodes): more nodes than any replica set (50 members), mongos fleet
  // or sharded cluster met in practice; a cluster of 1,000 shards of 3 members with its config
  // servers and mongos is about 3,010.
  static constexpr std::size_t kDefaultMaxNodes = 5000;
  // Names past the cap are counted up to this many distinct ones (a bound on the memory a hostile
  // reply can take).
  static constexpr std::size_t kMaxCountedBeyondCap = 100000;

  // Queues at most `max_nodes` (at least 1) distinct nodes, the seeds first.
  explicit MemberQueue(const std::vector<HostAddress>& seeds,
                       std::size_t max_nodes = kDefaultMaxNodes);

  // Queues the nodes that node's replies name and that were not queued before: its replica set's
  // members, and the cluster components it names (sharded_cluster.h); a mongos config.mongos
  // holds is queued only while active. Entries that are not "host:port" are ignored.
  void add_members_of(const NodeFacts& node);

  // The next node to probe, or nothing when every queued node was handed out.
  std::optional<QueuedNode> next();

  // Distinct names the replies gave past the cap, never queued (at most kMaxCountedBeyondCap).
  std::size_t not_queued() const { return beyond_cap_.size(); }

 private:
  void add(QueuedNode node);
  void add_names(const std::vector<std::string>& names, NodeOrigin origin,
                 const std::string& named_by, const ClusterComponent& component);
  std::size_t max_nodes_;
  std::deque<QueuedNode> pending_;
  std::set<std::string> seen_;        // lower-cased "host:port", queued
  std::set<std::string> beyond_cap_;  // lower-cased "host:port", past the cap
};

}  // namespace mongoscan
