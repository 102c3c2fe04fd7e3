#pragma once
// A TCP connection to one numeric address, non-blocking underneath: connect, reads and writes all
// wait in poll() against a Deadline.

#include <cstdint>
#include <memory>
#include <string>

#include "scanner/byte_stream.h"

namespace mongoscan {

class TcpConnection : public ByteStream {
 public:
  // Connects to a numeric IPv4 or IPv6 address. Errors: refused (nothing listens), timeout, io.
  static Result<std::unique_ptr<TcpConnection>> connect(const std::string& ip, std::uint16_t port,
                                                        Deadline deadline);
  ~TcpConnection() override;
  TcpConnection(const TcpConnection&) = delete;
  TcpConnection& operator=(const TcpConnection&) = delete;

  Result<Ok> write_all(std::span<const std::uint8_t> bytes, Deadline deadline) override;
  Result<Ok> read_exact(std::span<std::uint8_t> buffer, Deadline deadline) override;

  // Waits until the socket is readable (or writable); false on timeout. For the TLS layer.
  Result<Ok> wait(bool for_write, Deadline deadline) const;
  int fd() const { return fd_; }

 private:
  explicit TcpConnection(int fd) : fd_(fd) {}
  int fd_;
};

}  // namespace mongoscan
