#pragma once
// What a TLS node does with connections other than the probe's session: does its port answer a
// plaintext hello, and does it accept handshakes offering only a weak protocol or cipher class
// (weak_tls_probe.h). Each step opens a connection of its own to the node's connected address and
// sends nothing beyond hello, never credentials. A probe runs them on another thread, beside its
// session's commands (ProbeOptions::run_beside): they need two round trips per offer that the
// session need not wait for.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scanner/errors/result.h"
#include "scanner/facts/tls_facts.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

struct ConnectionOffersTarget {
  std::string connected_address;  // every connection goes here
  std::uint16_t port = 0;
  std::string server_name;     // SNI of the weak handshakes, when a host name
  bool load_balanced = false;  // the plaintext hello says so, as the session's does
  std::chrono::milliseconds connect_timeout{5000};  // each connection's budget...
  Deadline node_deadline = Deadline::after(std::chrono::milliseconds(0));  // ...capped by this
};

struct ConnectionOffersFacts {
  // Whether the plaintext hello got a reply; unset when that probe failed (plaintext_error).
  std::optional<bool> plaintext_accepted;
  std::optional<Error> plaintext_error;               // phase "plaintext"
  std::vector<WeakTlsHandshake> weak_tls_handshakes;  // one per weak_tls_offers(), in its order
};

// The plaintext hello, then one handshake per weak offer, one after another.
ConnectionOffersFacts probe_connection_offers(const ConnectionOffersTarget& target);

}  // namespace mongoscan
