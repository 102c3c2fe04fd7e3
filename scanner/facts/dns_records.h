#pragma once
// DNS answers as the resolver (dns/dns_resolver.h) received them.

#include <cstdint>
#include <string>
#include <vector>

namespace mongoscan {

struct SrvRecord {
  std::string target;  // host name, without the trailing dot
  std::uint16_t port = 0;
  std::uint16_t priority = 0;
  std::uint16_t weight = 0;
};

// One TXT record: its character strings, in order.
using TxtRecord = std::vector<std::string>;

}  // namespace mongoscan
