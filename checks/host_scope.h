#pragma once
// Where a host lives, judged from its name or address alone (no DNS): on this machine, on a private
// network, or reachable from the internet.

#include <string_view>

#include "scanner/uri/uri.h"

namespace mongoscan {

enum class HostScope { local, private_network, public_network };

// local: loopback addresses (127.0.0.0/8, ::1). private_network: RFC 1918, link-local
// (169.254.0.0/16, fe80::/10), carrier-grade NAT (RFC 6598, 100.64.0.0/10) and unique-local
// (fc00::/7) addresses. public_network: every other
// address, and text that is not an IP address.
HostScope ip_scope(std::string_view ip);

// Unix sockets, "localhost", *.localhost and localhost.localdomain are local; *.local, *.internal,
// *.test, Kubernetes Service names (*.svc, *.svc.<any cluster domain>) and single-label names
// (Compose services, resolved through search domains or /etc/hosts, never public DNS) are
// private; IP hosts follow ip_scope; every other name is public.
HostScope host_scope(const HostAddress& host);

}  // namespace mongoscan
