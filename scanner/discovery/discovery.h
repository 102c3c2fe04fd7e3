#pragma once
// Seeds → every node: resolves each host name, connects, probes, and queues the members each
// probed node names, for every target at once. One thread drives DNS (one c-ares channel) and every
// TCP connect in one poll loop; at most `concurrency` probes run at once on a worker pool. A node
// that cannot be resolved or reached costs one DNS or connect timeout, in parallel with everything
// else (up to max(128, 4 × concurrency) connects at once), and never holds a worker. Connections
// are opened at most that far ahead of the workers, and none starts while `concurrency` already
// wait for one.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "scanner/discovery/member_queue.h"
#include "scanner/dns/dns_resolver.h"
#include "scanner/facts/node_facts.h"
#include "scanner/probe/probe.h"
#include "scanner/uri/uri.h"
#include "scanner/wire/deadline.h"
#include "scanner/wire/tcp_connection.h"

namespace mongoscan {

// One deployment: where to start and how to probe its nodes.
struct DiscoveryTarget {
  std::vector<HostAddress> seeds;
  ProbeOptions options;  // its connect_timeout bounds each TCP connect
};

// Probes one reached node (probe_node in a scan; tests substitute their own).
using NodeProber = std::function<NodeFacts(NodeFacts reached, std::unique_ptr<TcpConnection>,
                                           const ProbeOptions&)>;

struct DiscoverySettings {
  std::size_t concurrency = 32;                  // probes running at once
  std::size_t max_nodes = MemberQueue::kDefaultMaxNodes;  // probed at most per target
  std::chrono::milliseconds dns_timeout{10000};  // each host name's address lookup
  // A connection opened ahead that waited longer than this for a worker is replaced by a fresh
  // one (a load balancer or firewall may have dropped it).
  std::chrono::milliseconds max_idle_connection{5000};
  // Called on the calling thread after each node is done: (nodes done, nodes known so far).
  std::function<void(std::size_t done, std::size_t known)> on_progress;
  // Called on the calling thread once a node is done (probed, or ended by an error) and the
  // members it names are queued, with its target's index and the node's id (DiscoveredDeployment::
  // node_ids): it may judge the node and drop what no later reader needs. Not called for a name
  // found to reach a node probed already (an alias).
  std::function<void(std::size_t target, std::size_t node_id, NodeFacts& node)> on_node_done;
  // The whole scan's deadline (--scan-timeout): no node starts after it, and no probe runs past
  // it. Nodes not probed by then are reported with a "scan timeout" error.
  std::optional<Deadline> scan_deadline;
};

// What discovery found for one target.
struct DiscoveredDeployment {
  // Seeds in the order given, then the members found, by host and port. A node that cannot be
  // probed is there with the reason in its errors.
  std::vector<NodeFacts> nodes;
  std::vector<std::size_t> node_ids;   // each node's id, as on_node_done was given it
  std::size_t members_not_probed = 0;  // names past DiscoverySettings::max_nodes, never contacted
};

struct Discovery {
  std::vector<DiscoveredDeployment> deployments;  // one per target, in order
  bool timed_out = false;                         // the scan deadline passed first
};

// The facts of every node of every target.
Discovery discover_and_probe(const std::vector<DiscoveryTarget>& targets, DnsResolver& resolver,
                             const DiscoverySettings& settings,
                             const NodeProber& prober = probe_node);

}  // namespace mongoscan
