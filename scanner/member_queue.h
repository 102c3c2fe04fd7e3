#pragma once
// The nodes of one deployment still to probe: the seeds, then every member a hello reply names
// (hosts, passives, arbiters) that has not been queued yet. Bounded, so a hostile reply cannot
// make a scan endless.

#include <cstddef>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "scanner/bson.h"
#include "scanner/uri.h"

namespace mongoscan {

class MemberQueue {
 public:
  // More nodes than any replica set (50 members) or sensible mongos fleet.
  static constexpr std::size_t kMaxNodes = 1000;

  explicit MemberQueue(const std::vector<HostAddress>& seeds);

  // Queues the members a hello reply lists that were not queued before. Entries that are not
  // "host:port" are ignored.
  void add_members_of(const bson::Document& hello);

  // The next node to probe, or nothing when every queued node was handed out.
  std::optional<HostAddress> next();

 private:
  void add(const HostAddress& host);
  std::deque<HostAddress> pending_;
  std::set<std::string> seen_;  // lower-cased "host:port"
};

}  // namespace mongoscan
