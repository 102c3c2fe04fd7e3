#pragma once
// Probes one node, read-only: TLS, hello, unauthenticated probes, authentication and the
// allowlisted diagnostics. Straight-line code with a deadline on every step; never throws. On a
// TLS node, the connections it is offered besides (connection_offers.h) run on a second thread
// beside the session (ProbeOptions::run_beside); the probe returns when both are done.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scanner/auth/authentication.h"
#include "scanner/facts/node_facts.h"
#include "scanner/wire/deadline.h"
#include "scanner/wire/tcp_connection.h"
#include "scanner/wire/tls_stream.h"

namespace mongoscan {

struct ProbeOptions {
  bool tls_required = false;  // the URI asks for TLS; otherwise plaintext first, TLS if refused
  // loadBalanced=true: every hello says so, as a load-balanced driver's does (a mongos behind a
  // load balancer port refuses a first hello without it, LoadBalancerSupportMismatch 354).
  bool load_balanced = false;
  std::shared_ptr<TlsClientContext> tls_context;  // needed whenever TLS may be used
  std::optional<Credentials> credentials;
  // Accounts for parts of a sharded cluster, by shard id or config server set name: a node
  // found as part of one is probed with its account instead of `credentials`.
  std::map<std::string, Credentials> component_credentials;
  AuthenticationOptions authentication;
  std::chrono::milliseconds connect_timeout{5000};
  std::chrono::milliseconds command_timeout{10000};
  std::chrono::milliseconds node_timeout{60000};
  // The whole scan's deadline (--scan-timeout), if any: the node's budget ends by it, at the same
  // instant, so a probe cut by it finds it expired.
  std::optional<Deadline> scan_deadline;
  // Called from the probing thread on a mongos or config server member after each reply of the
  // diagnostics that name the rest of its cluster (serverStatus's sharding section, listShards,
  // getShardMap, config.shards, config.mongos: they run first, in that order), before the rest of
  // the probe: discovery queues the config servers, the shards' members and the mongos without
  // waiting for the next reply or the probe's end. `facts` are the probe's so far, valid during
  // the call only; a call may name nodes an earlier one named already.
  std::function<void(const NodeFacts& facts)> on_members_named;
  // Runs a task beside the probe (the connections a TLS node is offered, connection_offers.h) on
  // another thread, which the probe waits for before it returns: discovery's pool, with a thread
  // for every probe that may run at once (a thread made per node cost ~10% more CPU: a clone, a
  // fresh stack and its unmapping each). Unset: the task runs on the probe's thread, in its place.
  std::function<void(std::function<void()> task)> run_beside;

  // A node budget starting now: node_timeout, ending no later than the scan's deadline.
  Deadline node_deadline() const {
    const Deadline own = Deadline::after(node_timeout);
    return scan_deadline ? own.capped_by(*scan_deadline) : own;
  }
};

// `reached` is a node whose first TCP connection is already open (discovery opens it, so that an
// unreachable node never holds a worker): host, port, resolved and connected address are set.
// Further connections go to the connected address. The node budget starts now.
NodeFacts probe_node(NodeFacts reached, std::unique_ptr<TcpConnection> first_connection,
                     const ProbeOptions& options);

}  // namespace mongoscan
