#pragma once
// Name resolution through c-ares, driven by poll() against a Deadline (never the blocking
// getaddrinfo). One resolver is one c-ares channel; it is not thread-safe.

#include <memory>
#include <string>
#include <vector>

#include "scanner/deadline.h"
#include "scanner/result.h"

namespace mongoscan {

class DnsResolver {
 public:
  // servers: "ip:port" entries (--dns-server); empty uses the system configuration.
  static Result<std::unique_ptr<DnsResolver>> create(const std::vector<std::string>& servers);
  ~DnsResolver();
  DnsResolver(const DnsResolver&) = delete;
  DnsResolver& operator=(const DnsResolver&) = delete;

  // The IPv4 and IPv6 addresses of a host name (also from /etc/hosts), as numeric text. Errors are
  // ErrorCode::dns (NXDOMAIN, SERVFAIL, no address) or ErrorCode::timeout.
  Result<std::vector<std::string>> resolve_addresses(const std::string& name, Deadline deadline);

 private:
  struct Channel;
  explicit DnsResolver(std::unique_ptr<Channel> channel);
  // Processes the channel's sockets until no query is pending or the deadline passes.
  Result<Ok> run_until_done(Deadline deadline, const bool& done);
  std::unique_ptr<Channel> channel_;
};

// True for a numeric IPv4 or IPv6 address (no DNS needed).
bool is_numeric_address(const std::string& host);

}  // namespace mongoscan
