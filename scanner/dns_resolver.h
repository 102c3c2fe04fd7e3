#pragma once
// Name resolution through c-ares, driven by poll() against a Deadline (never the blocking
// getaddrinfo). One resolver is one c-ares channel; it is not thread-safe.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "scanner/deadline.h"
#include "scanner/result.h"

namespace mongoscan {

struct SrvRecord {
  std::string target;  // host name, without the trailing dot
  std::uint16_t port = 0;
  std::uint16_t priority = 0;
  std::uint16_t weight = 0;
};

// One TXT record: its character strings, in order.
using TxtRecord = std::vector<std::string>;

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

  // The SRV records of a name such as "_mongodb._tcp.cluster.example.com". Errors are
  // ErrorCode::dns (NXDOMAIN, SERVFAIL, no SRV record, malformed answer) or ErrorCode::timeout,
  // their message naming the name queried.
  Result<std::vector<SrvRecord>> resolve_srv(const std::string& name, Deadline deadline);

  // The TXT records of a name; a name without any (NXDOMAIN or no TXT record) has none. Errors
  // are ErrorCode::dns (SERVFAIL, refused, malformed answer) or ErrorCode::timeout.
  Result<std::vector<TxtRecord>> resolve_txt(const std::string& name, Deadline deadline);

 private:
  struct Channel;
  explicit DnsResolver(std::unique_ptr<Channel> channel);
  struct RawAnswer;
  // Processes the channel's sockets until no query is pending or the deadline passes.
  Result<Ok> run_until_done(Deadline deadline, const bool& done);
  // Sends one query of the given type (ns_t_srv, ns_t_txt) and waits for its answer.
  Result<RawAnswer> query(const std::string& name, int type, Deadline deadline);
  std::unique_ptr<Channel> channel_;
};

// True for a numeric IPv4 or IPv6 address (no DNS needed).
bool is_numeric_address(const std::string& host);

}  // namespace mongoscan
