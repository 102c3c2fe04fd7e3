#include "scanner/member_queue.h"

#include "scanner/ascii_case.h"

namespace mongoscan {
namespace {

// "host:port" or "[v6]:port" as hello lists members, parsed like a one-host connection string.
std::optional<HostAddress> parse_member(const std::string& text) {
  auto parsed = parse_connection_string("mongodb://" + text);
  if (!parsed || parsed.value().hosts.size() != 1) return std::nullopt;
  return parsed.value().hosts.front();
}

}  // namespace

MemberQueue::MemberQueue(const std::vector<HostAddress>& seeds) {
  for (const HostAddress& seed : seeds) add(seed);
}

void MemberQueue::add(const HostAddress& host) {
  if (seen_.size() >= kMaxNodes) return;
  if (seen_.insert(to_lower_ascii(host.address())).second) pending_.push_back(host);
}

void MemberQueue::add_members_of(const bson::Document& hello) {
  for (const char* field : {"hosts", "passives", "arbiters"}) {
    for (const bson::Value& value : hello.get_array(field).value_or(bson::Array{})) {
      const auto* text = value.get_if<std::string>();
      if (text == nullptr) continue;
      if (auto member = parse_member(*text)) add(*member);
    }
  }
}

std::optional<HostAddress> MemberQueue::next() {
  if (pending_.empty()) return std::nullopt;
  HostAddress host = pending_.front();
  pending_.pop_front();
  return host;
}

}  // namespace mongoscan
