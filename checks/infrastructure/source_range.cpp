#include "checks/infrastructure/source_range.h"

#include <arpa/inet.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "checks/host_scope.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

std::string_view without_blanks(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// The words clouds use for "every address": Azure's "*", "Any" and "Internet" service tag,
// Tencent Cloud's "ALL"; and the all-zero ranges.
bool means_anywhere(std::string_view text) {
  const std::string lower = to_lower_ascii(text);
  return lower == "*" || lower == "any" || lower == "internet" || lower == "all" ||
         lower == "0.0.0.0/0" || lower == "::/0" || lower == "0/0";
}

struct CidrNetwork {
  std::array<std::uint8_t, 16> bytes{};
  bool ipv6 = false;
  int prefix = 0;
  int bits() const { return ipv6 ? 128 : 32; }
};

std::optional<CidrNetwork> parse_cidr(std::string_view source) {
  std::string text(without_blanks(source));
  int prefix = -1;
  if (const auto slash = text.find('/'); slash != std::string::npos) {
    const std::string digits = text.substr(slash + 1);
    if (digits.empty() || digits.size() > 3 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    prefix = std::stoi(digits);
    text.resize(slash);
  }
  CidrNetwork network;
  if (inet_pton(AF_INET, text.c_str(), network.bytes.data()) != 1) {
    if (inet_pton(AF_INET6, text.c_str(), network.bytes.data()) != 1) return std::nullopt;
    network.ipv6 = true;
  }
  if (prefix > network.bits()) return std::nullopt;
  network.prefix = prefix < 0 ? network.bits() : prefix;
  return network;
}

// The network's first or last address as text (host bits cleared or set).
std::string range_end_address(const CidrNetwork& network, bool last) {
  std::array<std::uint8_t, 16> bytes = network.bytes;
  for (int bit = network.prefix; bit < network.bits(); ++bit) {
    const auto mask = static_cast<std::uint8_t>(0x80 >> (bit % 8));
    bytes[bit / 8] = last ? (bytes[bit / 8] | mask) : (bytes[bit / 8] & ~mask);
  }
  char text[INET6_ADDRSTRLEN] = {};
  inet_ntop(network.ipv6 ? AF_INET6 : AF_INET, bytes.data(), text, sizeof text);
  return text;
}

bool network_contains(const CidrNetwork& outer, const CidrNetwork& inner) {
  if (outer.ipv6 != inner.ipv6 || inner.prefix < outer.prefix) return false;
  for (int bit = 0; bit < outer.prefix; ++bit) {
    const auto mask = static_cast<std::uint8_t>(0x80 >> (bit % 8));
    if ((outer.bytes[bit / 8] & mask) != (inner.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

}  // namespace

SourceRange classify_source(std::string_view source) {
  if (means_anywhere(without_blanks(source))) return {SourceReach::anywhere, false, 0};
  const auto network = parse_cidr(source);
  if (!network) return {};
  if (network->prefix == 0) return {SourceReach::anywhere, network->ipv6, 0};
  // Private when both ends of the range are: a range that spans private and public space is
  // public.
  const bool private_range =
      ip_scope(range_end_address(*network, false)) != HostScope::public_network &&
      ip_scope(range_end_address(*network, true)) != HostScope::public_network;
  return {private_range ? SourceReach::private_network : SourceReach::public_range, network->ipv6,
          network->prefix};
}

bool within_any(std::string_view source, const std::vector<std::string>& allowed) {
  const auto inner = parse_cidr(source);
  if (!inner) return false;
  for (const std::string& range : allowed) {
    if (const auto outer = parse_cidr(range); outer && network_contains(*outer, *inner))
      return true;
  }
  return false;
}

}  // namespace mongoscan
