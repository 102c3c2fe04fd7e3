#pragma once
// A DNS server for integration tests: dnsmasq on 127.0.0.1 at a free port, answering only for the
// zone lab.test that it generates (SRV, TXT and A records; see dns_lab.cpp). It forwards nothing.

#include <sys/types.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace mongoscan::testing_support {

class DnsLabError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class DnsLab {
 public:
  // Starts dnsmasq with the lab.test zone plus extra_records (dnsmasq options such as
  // "--srv-host=…" or "--address=/name/127.0.0.1", for names under lab.test) and waits until it
  // answers. Throws DnsLabError if it cannot start or does not answer within a few seconds.
  explicit DnsLab(const std::vector<std::string>& extra_records = {});
  // Stops dnsmasq (SIGTERM, then SIGKILL) and removes its log.
  ~DnsLab();
  DnsLab(const DnsLab&) = delete;
  DnsLab& operator=(const DnsLab&) = delete;

  // "127.0.0.1:PORT", for --dns-server.
  std::string server() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  void start(const std::vector<std::string>& extra_records);
  void stop();
  int port_ = 0;
  pid_t pid_ = -1;
  std::string log_path_;
};

}  // namespace mongoscan::testing_support
