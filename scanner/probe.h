#pragma once
// Probes one node, read-only: connect, TLS, hello, unauthenticated probes, authentication and the
// allowlisted diagnostics. Straight-line code with a deadline on every step; never throws.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scanner/authentication.h"
#include "scanner/node_facts.h"
#include "scanner/tls_stream.h"

namespace mongoscan {

struct ProbeOptions {
  bool tls_required = false;  // the URI asks for TLS; otherwise plaintext first, TLS if refused
  std::shared_ptr<TlsClientContext> tls_context;  // needed whenever TLS may be used
  std::optional<Credentials> credentials;
  AuthenticationOptions authentication;
  std::vector<std::string> dns_servers;
  std::chrono::milliseconds connect_timeout{5000};
  std::chrono::milliseconds command_timeout{10000};
  std::chrono::milliseconds node_timeout{60000};
};

NodeFacts probe_node(const std::string& host, std::uint16_t port, const ProbeOptions& options);

}  // namespace mongoscan
