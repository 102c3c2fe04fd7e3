// TcpConnection's waits against a Deadline, on a loopback listener that accepts (through its
// backlog) and never writes.

#include "scanner/wire/tcp_connection.h"

#include <gtest/gtest.h>
#include <sys/socket.h>

#include "tests/support/loopback_socket.h"

namespace mongoscan {
namespace tcp_connection_test {
namespace {

using testing_support::LoopbackSocket;

// A wait that times out is reported only once its deadline has passed, so that whoever set the
// deadline (the scan's, for a probe cut by it) sees it expired too. Repeated: poll()'s own
// millisecond rounding used to end some waits just before the deadline.
TEST(TcpConnection, AWaitThatTimesOutEndsAtOrAfterItsDeadline) {
  LoopbackSocket listener(SOCK_STREAM);
  ASSERT_TRUE(listener.valid());
  ASSERT_EQ(::listen(listener.fd(), 4), 0);
  auto connection = TcpConnection::connect("127.0.0.1", listener.port(),
                                           Deadline::after(std::chrono::seconds(5)));
  ASSERT_TRUE(connection.ok()) << connection.error().message;
  for (int attempt = 0; attempt < 50; ++attempt) {
    const Deadline deadline = Deadline::after(std::chrono::milliseconds(3));
    const auto waited = connection.value()->wait(/*for_write=*/false, deadline);
    ASSERT_FALSE(waited.ok()) << "nothing was written";
    EXPECT_EQ(waited.error().code, ErrorCode::timeout);
    ASSERT_TRUE(deadline.expired()) << "attempt " << attempt << ": the wait ended early";
  }
}

}  // namespace
}  // namespace tcp_connection_test
}  // namespace mongoscan
