#pragma once
// Everything one probe learnt about one node. Partial evidence is always kept: a phase that fails
// adds an Error and leaves what earlier phases saw.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/bson/bson.h"
#include "scanner/facts/authentication_facts.h"
#include "scanner/facts/tls_facts.h"

namespace mongoscan {

// The compressors the probe's first hello offers (OP_MSG sessions only), so that hello's
// `compression` names those of them the server enabled.
inline constexpr std::array<std::string_view, 3> kOfferedCompressors = {"zstd", "zlib", "snappy"};

struct CommandOutcome {
  enum class State { ok, not_permitted, failed };  // not_permitted: Unauthorized (code 13)
  State state = State::failed;
  bson::Document reply;  // the server's reply, error replies included
  std::string message;   // why it failed or was not permitted
};

// "ok", "not_permitted" or "failed".
std::string_view to_string(CommandOutcome::State state);

// How a scan learnt of a node: a seed of the target (from the URI or its SRV record), a member
// that another node's hello or replSetGetStatus named, or a component of a sharded cluster that a
// mongos or config server named: a shard member (listShards; config.shards on a config server),
// a config server (serverStatus sharding / getShardMap) or a mongos (config.mongos).
enum class NodeOrigin {
  seed,
  hello,
  replica_set_status,
  list_shards,
  config_shards,
  config_servers,
  config_mongos
};

// "seed", "hello", "replSetGetStatus", "listShards", "config.shards", "config servers" or
// "config.mongos".
std::string_view to_string(NodeOrigin origin);

// The part of a sharded cluster a node was found as: a mongos, a member of the config server set
// or of one shard. `none` for nodes no cluster metadata named (seeds, plain replica sets); a
// member named by another member's hello inherits the part of the node that named it.
struct ClusterComponent {
  enum class Kind { none, mongos, config_servers, shard } kind = Kind::none;
  std::string name;  // the shard's id or the config server set's name; empty otherwise
  bool operator==(const ClusterComponent&) const = default;
};

// The legacy HTTP status interface (port + 1000, MongoDB before 3.6).
struct HttpInterfaceFacts {
  std::uint16_t port = 0;
  bool open = false;        // a TCP connection was accepted
  std::string status_line;  // the first line answered to GET /, e.g. "HTTP/1.0 200 OK"
  std::string error;        // neither accepted nor refused (e.g. a timeout)
};

struct NodeFacts {
  std::string host;
  std::uint16_t port = 0;
  NodeOrigin origin = NodeOrigin::seed;
  std::string named_by;  // "host:port" of the node whose reply named this one; empty for seeds
  ClusterComponent component;
  // Other names of the same node: queued names that connected to the same address and port, so
  // were not probed twice ("10.0.0.5:27017" as a seed, "db1.internal:27017" in hello).
  std::vector<std::string> aliases;

  std::vector<std::string> resolved_addresses;
  std::string connected_address;  // the address the session used
  bool reachable = false;         // a TCP connection was made

  bool tls = false;  // the session ran over TLS
  std::optional<TlsFacts> tls_facts;
  std::optional<bool> plaintext_accepted;  // on TLS nodes: did a plaintext hello get a reply
  // On TLS nodes, after the session: one handshake per weak offer; empty when none was made.
  std::vector<WeakTlsHandshake> weak_tls_handshakes;

  std::optional<HttpInterfaceFacts> http_interface;

  std::string hello_command;  // "hello", "isMaster" or "isMaster over OP_QUERY"
  std::optional<bson::Document> hello;

  // Commands run before authentication, to learn whether the node enforces it.
  std::map<std::string, CommandOutcome> unauthenticated;
  std::optional<AuthenticationFacts> authentication;
  // The read-only diagnostics, run as the scanning account (or unauthenticated without one).
  std::map<std::string, CommandOutcome> commands;

  std::vector<Error> errors;  // one per phase that failed

  // "host:port" ("[v6]:port"), as HostAddress::address() spells it; the bare name for an SRV name
  // that never resolved to ports.
  std::string address() const {
    if (port == 0) return host;
    const bool ipv6 = host.find(':') != std::string::npos;
    return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
  }
};

}  // namespace mongoscan
