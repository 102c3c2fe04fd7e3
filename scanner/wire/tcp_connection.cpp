#include "scanner/wire/tcp_connection.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace mongoscan {
namespace {

Error socket_error(std::string_view phase, int error_number) {
  ErrorCode code = ErrorCode::io;
  if (error_number == ECONNREFUSED || error_number == ECONNRESET || error_number == EPIPE) {
    code = ErrorCode::refused;
  } else if (error_number == ETIMEDOUT) {
    code = ErrorCode::timeout;
  }
  return Error{code, std::string(phase), std::strerror(error_number)};
}

Error timed_out(std::string_view phase) {
  return Error{ErrorCode::timeout, std::string(phase), "no answer before the deadline"};
}

// Fills a sockaddr for a numeric address; false if the text is not an IP address.
bool to_sockaddr(const std::string& ip, std::uint16_t port, sockaddr_storage& address,
                 socklen_t& length) {
  std::memset(&address, 0, sizeof address);
  auto* v4 = reinterpret_cast<sockaddr_in*>(&address);
  if (inet_pton(AF_INET, ip.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(port);
    length = sizeof(sockaddr_in);
    return true;
  }
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&address);
  if (inet_pton(AF_INET6, ip.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(port);
    length = sizeof(sockaddr_in6);
    return true;
  }
  return false;
}

}  // namespace

Result<PendingTcpConnection> PendingTcpConnection::start(const std::string& ip,
                                                         std::uint16_t port) {
  sockaddr_storage address;
  socklen_t length = 0;
  if (!to_sockaddr(ip, port, address, length)) {
    return Error{ErrorCode::usage, "connect", "'" + ip + "' is not a numeric IP address"};
  }
  int fd = ::socket(address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return socket_error("connect", errno);
  std::unique_ptr<TcpConnection> connection(new TcpConnection(fd));
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), length) != 0 && errno != EINPROGRESS) {
    return socket_error("connect", errno);
  }
  return PendingTcpConnection(std::move(connection));
}

Result<std::unique_ptr<TcpConnection>> PendingTcpConnection::finish() {
  int pending = 0;
  socklen_t pending_length = sizeof pending;
  ::getsockopt(connection_->fd(), SOL_SOCKET, SO_ERROR, &pending, &pending_length);
  if (pending != 0) return socket_error("connect", pending);
  return std::move(connection_);
}

Result<std::unique_ptr<TcpConnection>> TcpConnection::connect(const std::string& ip,
                                                              std::uint16_t port,
                                                              Deadline deadline) {
  auto pending = PendingTcpConnection::start(ip, port);
  if (!pending) return pending.error();
  const pollfd entry{pending.value().fd(), POLLOUT, 0};
  if (auto writable = TcpConnection::wait_for(entry, deadline); !writable) {
    return Error{writable.error().code, "connect", writable.error().message};
  }
  return pending.value().finish();
}

TcpConnection::~TcpConnection() { ::close(fd_); }

Result<Ok> TcpConnection::wait(bool for_write, Deadline deadline) const {
  return wait_for({fd_, static_cast<short>(for_write ? POLLOUT : POLLIN), 0}, deadline);
}

Result<Ok> TcpConnection::wait_for(pollfd entry, Deadline deadline) {
  while (true) {
    int ready = ::poll(&entry, 1, deadline.remaining_ms());
    if (ready > 0) return Ok{};
    // A timeout is reported only once the deadline has passed, so that whoever set it sees it
    // expired too (a scan deadline that bounded the node's, say).
    if (ready == 0 && deadline.expired()) {
      return timed_out((entry.events & POLLOUT) ? "write" : "read");
    }
    if (ready < 0 && errno != EINTR) return socket_error("poll", errno);
  }
}

Result<Ok> TcpConnection::write_all(std::span<const std::uint8_t> bytes, Deadline deadline) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (auto ready = wait(true, deadline); !ready) return ready;
      continue;
    }
    return socket_error("write", errno);
  }
  return Ok{};
}

Result<Ok> TcpConnection::read_exact(std::span<std::uint8_t> buffer, Deadline deadline) {
  std::size_t received = 0;
  while (received < buffer.size()) {
    ssize_t n = ::recv(fd_, buffer.data() + received, buffer.size() - received, 0);
    if (n > 0) {
      received += static_cast<std::size_t>(n);
      continue;
    }
    if (n == 0) return Error{ErrorCode::refused, "read", "the server closed the connection"};
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      if (auto ready = wait(false, deadline); !ready) return ready;
      continue;
    }
    return socket_error("read", errno);
  }
  return Ok{};
}

}  // namespace mongoscan
