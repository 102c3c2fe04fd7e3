#include "scanner/infra/port_range_text.h"

#include <charconv>
#include <cstdint>
#include <string_view>

namespace mongoscan {
namespace {

constexpr unsigned kHighestPort = 65535;

std::string_view trimmed_port_text(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool names_every_port(std::string_view text) {
  return text == "*" || text == "all" || text == "ALL" || text == "All";
}

std::optional<PortRange> parse_one_port_range(std::string_view text) {
  const std::size_t dash = text.find('-');
  const auto first = parse_port_number(text.substr(0, dash));
  if (!first) return std::nullopt;
  if (dash == std::string_view::npos) return PortRange{*first, *first};
  const auto last = parse_port_number(text.substr(dash + 1));
  if (!last || *last < *first) return std::nullopt;
  return PortRange{*first, *last};
}

}  // namespace

std::optional<std::uint16_t> parse_port_number(std::string_view text) {
  text = trimmed_port_text(text);
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
      value > kHighestPort) {
    return std::nullopt;
  }
  return static_cast<std::uint16_t>(value);
}

std::optional<std::vector<PortRange>> parse_port_ranges(std::string_view text) {
  text = trimmed_port_text(text);
  if (names_every_port(text)) return std::vector<PortRange>{};
  std::vector<PortRange> ranges;
  while (true) {
    const std::size_t comma = text.find(',');
    const auto range = parse_one_port_range(trimmed_port_text(text.substr(0, comma)));
    if (!range) return std::nullopt;
    ranges.push_back(*range);
    if (comma == std::string_view::npos) return ranges;
    text.remove_prefix(comma + 1);
  }
}

}  // namespace mongoscan
