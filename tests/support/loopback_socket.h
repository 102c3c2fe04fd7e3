#pragma once
// A socket bound on 127.0.0.1 for tests that need a port of their own (a silent DNS server, a
// listener that never accepts, a port that refuses). Closed on destruction.

#include <cstdint>
#include <string>

namespace mongoscan::testing_support {

class LoopbackSocket {
 public:
  // type: SOCK_STREAM or SOCK_DGRAM; port 0 lets the kernel pick a free one. valid() is false when
  // the port is taken.
  explicit LoopbackSocket(int type, std::uint16_t port = 0);
  ~LoopbackSocket();
  LoopbackSocket(const LoopbackSocket&) = delete;
  LoopbackSocket& operator=(const LoopbackSocket&) = delete;

  bool valid() const { return fd_ >= 0; }
  int fd() const { return fd_; }
  std::uint16_t port() const { return port_; }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  int fd_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace mongoscan::testing_support
