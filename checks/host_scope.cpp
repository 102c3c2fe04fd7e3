#include "checks/host_scope.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

HostScope ipv4_scope(const std::array<std::uint8_t, 4>& a) {
  if (a[0] == 127) return HostScope::local;
  const bool rfc1918 =
      a[0] == 10 || (a[0] == 172 && (a[1] & 0xF0) == 16) || (a[0] == 192 && a[1] == 168);
  const bool link_local = a[0] == 169 && a[1] == 254;
  const bool carrier_grade_nat = a[0] == 100 && (a[1] & 0xC0) == 64;  // RFC 6598 100.64.0.0/10
  return rfc1918 || link_local || carrier_grade_nat ? HostScope::private_network
                                                    : HostScope::public_network;
}

HostScope ipv6_scope(const std::array<std::uint8_t, 16>& a) {
  constexpr std::array<std::uint8_t, 16> kLoopback = {0, 0, 0, 0, 0, 0, 0, 0,
                                                      0, 0, 0, 0, 0, 0, 0, 1};
  if (a == kLoopback) return HostScope::local;
  const bool v4_mapped = std::all_of(a.begin(), a.begin() + 10, [](auto b) { return b == 0; }) &&
                         a[10] == 0xFF && a[11] == 0xFF;
  if (v4_mapped) return ipv4_scope({a[12], a[13], a[14], a[15]});
  const bool link_local = a[0] == 0xFE && (a[1] & 0xC0) == 0x80;  // fe80::/10
  const bool unique_local = (a[0] & 0xFE) == 0xFC;                // fc00::/7
  return link_local || unique_local ? HostScope::private_network : HostScope::public_network;
}

bool has_suffix(std::string_view name, std::string_view suffix) {
  return name == suffix.substr(1) || name.ends_with(suffix);
}

HostScope name_scope(std::string_view host) {
  std::string name = to_lower_ascii(host);
  if (name.ends_with('.')) name.pop_back();
  if (has_suffix(name, ".localhost") || has_suffix(name, ".localdomain")) return HostScope::local;
  for (const std::string_view suffix : {".local", ".internal", ".test", ".svc"}) {
    if (name.ends_with(suffix)) return HostScope::private_network;
  }
  // A Kubernetes Service in any cluster domain: <service>.<namespace>.svc.<cluster domain>
  // (Kubernetes "DNS for Services and Pods"; cluster.local is only the default domain).
  if (name.find(".svc.") != std::string::npos) return HostScope::private_network;
  return name.find('.') == std::string::npos ? HostScope::private_network
                                             : HostScope::public_network;
}

}  // namespace

HostScope ip_scope(std::string_view ip) {
  const std::string text(ip.substr(0, ip.find('%')));  // without an IPv6 zone id ("%eth0")
  std::array<std::uint8_t, 4> v4{};
  if (inet_pton(AF_INET, text.c_str(), v4.data()) == 1) return ipv4_scope(v4);
  std::array<std::uint8_t, 16> v6{};
  if (inet_pton(AF_INET6, text.c_str(), v6.data()) == 1) return ipv6_scope(v6);
  return HostScope::public_network;
}

HostScope host_scope(const HostAddress& host) {
  switch (host.type) {
    case HostType::unix_socket:
      return HostScope::local;
    case HostType::ipv4:
    case HostType::ip_literal:
      return ip_scope(host.host);
    case HostType::hostname:
      return name_scope(host.host);
  }
  return HostScope::public_network;
}

}  // namespace mongoscan
