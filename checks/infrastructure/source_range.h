#pragma once
// How far a firewall rule's source reaches, from its text alone: the whole internet, a public
// range, a private one, or something that is no address (a security group, a service tag).

#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

enum class SourceReach {
  anywhere,         // 0.0.0.0/0, ::/0, *, Any, Internet, ALL
  public_range,     // a public address or range (its prefix says how wide)
  private_network,  // within loopback, RFC 1918, RFC 6598, link-local or unique-local space
  not_an_address,   // a security group id, a service tag, a reference
};

struct SourceRange {
  SourceReach reach = SourceReach::not_an_address;
  bool ipv6 = false;
  int prefix = -1;  // for addresses and ranges: the prefix length (a single address: 32 or 128)
};

// "203.0.113.0/24", "10.0.0.0/8", "2001:db8::/32", "198.51.100.7", "*", "sg-1a2b".
SourceRange classify_source(std::string_view source);

// Whether `source` (an address or range) lies within one of `allowed` (CIDRs); false for text
// that is no address.
bool within_any(std::string_view source, const std::vector<std::string>& allowed);

}  // namespace mongoscan
