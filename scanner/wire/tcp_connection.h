#pragma once
// A TCP connection to one numeric address, non-blocking underneath: connect, reads and writes all
// wait in poll() against a Deadline.

#include <poll.h>

#include <cstdint>
#include <memory>
#include <string>

#include "scanner/wire/byte_stream.h"

namespace mongoscan {

class PendingTcpConnection;

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
  friend class PendingTcpConnection;
  explicit TcpConnection(int fd) : fd_(fd) {}
  static Result<Ok> wait_for(pollfd entry, Deadline deadline);
  int fd_;
};

// A connect started without waiting, for a caller that polls many at once: once fd() polls
// writable (POLLOUT), finish() says whether it succeeded. Destruction abandons it.
class PendingTcpConnection {
 public:
  // Errors: usage (not a numeric address), refused, io.
  static Result<PendingTcpConnection> start(const std::string& ip, std::uint16_t port);

  int fd() const { return connection_->fd(); }

  // The connection, or why it failed (refused, timeout, io). Call once, after fd() polled
  // writable.
  Result<std::unique_ptr<TcpConnection>> finish();

 private:
  explicit PendingTcpConnection(std::unique_ptr<TcpConnection> connection)
      : connection_(std::move(connection)) {}
  std::unique_ptr<TcpConnection> connection_;
};

}  // namespace mongoscan
