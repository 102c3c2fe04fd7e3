#pragma once
// Name resolution through c-ares, driven by poll() against deadlines (never the blocking
// getaddrinfo). One resolver is one c-ares channel on which any number of lookups run at once: a
// caller either waits with run_until() or drives the channel from its own poll loop
// (poll_entries, timeout_ms, process). Not thread-safe: one thread drives a resolver.

#include <poll.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "scanner/facts/dns_records.h"
#include "scanner/errors/result.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

class DnsResolver {
 public:
  template <class T>
  using Done = std::function<void(Result<T>)>;

  // servers: "ip:port" entries (--dns-server); empty uses the system configuration.
  static Result<std::unique_ptr<DnsResolver>> create(const std::vector<std::string>& servers);
  // Lookups still in flight are dropped: their callbacks never run.
  ~DnsResolver();
  DnsResolver(const DnsResolver&) = delete;
  DnsResolver& operator=(const DnsResolver&) = delete;

  // Start a lookup; `done` runs exactly once, from process() or run_until(), with the answer or an
  // Error naming the name queried. Errors are ErrorCode::dns (NXDOMAIN, SERVFAIL, refused, no
  // record, malformed answer) or ErrorCode::timeout (cancelled by run_until's deadline).
  // Addresses: IPv4 and IPv6 as numeric text (also from /etc/hosts); a numeric name answers itself.
  void lookup_addresses(const std::string& name, Done<std::vector<std::string>> done);
  // SRV records of a name such as "_mongodb._tcp.cluster.example.com"; none is an error.
  void lookup_srv(const std::string& name, Done<std::vector<SrvRecord>> done);
  // TXT records; a name without any (NXDOMAIN or no TXT record) has none, which is not an error.
  void lookup_txt(const std::string& name, Done<std::vector<TxtRecord>> done);

  // For a caller's poll loop: the channel's sockets, the longest wait (at most cap_ms) before
  // process() must run again, and processing after poll() filled in the entries' revents.
  std::vector<pollfd> poll_entries() const;
  int timeout_ms(int cap_ms) const;
  void process(std::span<const pollfd> entries);

  // Drives the channel until finished() is true or the deadline passes; then every lookup still in
  // flight finishes with ErrorCode::timeout.
  void run_until(Deadline deadline, const std::function<bool()>& finished);

  // Every lookup in flight finishes now, with ErrorCode::timeout.
  void cancel_all();

  // One lookup, waited for.
  Result<std::vector<std::string>> resolve_addresses(const std::string& name, Deadline deadline);
  Result<std::vector<SrvRecord>> resolve_srv(const std::string& name, Deadline deadline);
  Result<std::vector<TxtRecord>> resolve_txt(const std::string& name, Deadline deadline);

 private:
  struct Channel;
  explicit DnsResolver(std::unique_ptr<Channel> channel);
  // Sends one query of a record type (ns_t_srv, ns_t_txt); `done` gets the c-ares status and the
  // raw answer.
  void query(const std::string& name, int type,
             std::function<void(int status, std::span<const unsigned char>)> done);
  std::unique_ptr<Channel> channel_;
};

}  // namespace mongoscan
