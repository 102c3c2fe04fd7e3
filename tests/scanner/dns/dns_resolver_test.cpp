// DnsResolver against dnsmasq on 127.0.0.1 (tests/support/dns_lab.h): SRV and TXT answers and
// distinct errors. Nothing here queries any other server.

#include "scanner/dns/dns_resolver.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <map>
#include <memory>
#include <thread>

#include "tests/support/dns_lab.h"
#include "tests/support/loopback_socket.h"

namespace mongoscan {
namespace dns_resolver_test {
namespace {

using testing_support::DnsLab;

Deadline soon() { return Deadline::after(std::chrono::seconds(5)); }

class DnsResolverTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lab_ = std::make_unique<DnsLab>(); }
  static void TearDownTestSuite() { lab_.reset(); }

  std::unique_ptr<DnsResolver> resolver() const {
    auto created = DnsResolver::create({lab_->server()});
    EXPECT_TRUE(created.ok()) << created.error().message;
    return std::move(created).value();
  }

  static std::unique_ptr<DnsLab> lab_;
};

std::unique_ptr<DnsLab> DnsResolverTest::lab_;

TEST_F(DnsResolverTest, SrvRecordsGiveTargetsAndPorts) {
  auto records = resolver()->resolve_srv("_mongodb._tcp.rs.lab.test", soon());
  ASSERT_TRUE(records.ok()) << records.error().message;
  std::vector<std::string> targets;
  for (const SrvRecord& record : records.value())
    targets.push_back(record.target + ":" + std::to_string(record.port));
  std::sort(targets.begin(), targets.end());
  EXPECT_EQ(targets, (std::vector<std::string>{"host1.lab.test:27017", "host2.lab.test:27018",
                                               "host3.lab.test:27019"}));
}

TEST_F(DnsResolverTest, TxtRecordKeepsItsStringsApart) {
  auto records = resolver()->resolve_txt("multi.lab.test", soon());
  ASSERT_TRUE(records.ok()) << records.error().message;
  EXPECT_EQ(records.value(), (std::vector<TxtRecord>{{"authSource=admin&", "replicaSet=rs1"}}));
}

TEST_F(DnsResolverTest, SeveralTxtRecordsAreSeparate) {
  auto records = resolver()->resolve_txt("twotxt.lab.test", soon());
  ASSERT_TRUE(records.ok()) << records.error().message;
  EXPECT_EQ(records.value().size(), 2u);
}

TEST_F(DnsResolverTest, NameWithoutTxtHasNone) {
  for (const char* name : {"host1.lab.test", "missing.lab.test"}) {
    auto records = resolver()->resolve_txt(name, soon());
    ASSERT_TRUE(records.ok()) << records.error().message;
    EXPECT_TRUE(records.value().empty()) << name;
  }
}

TEST_F(DnsResolverTest, MissingSrvNameIsNxdomain) {
  auto records = resolver()->resolve_srv("_mongodb._tcp.missing.lab.test", soon());
  ASSERT_FALSE(records.ok());
  EXPECT_EQ(records.error().code, ErrorCode::dns);
  EXPECT_NE(records.error().message.find("_mongodb._tcp.missing.lab.test"), std::string::npos);
  EXPECT_NE(records.error().message.find("NXDOMAIN"), std::string::npos);
}

TEST_F(DnsResolverTest, RefusedIsItsOwnError) {
  // The lab serves only lab.test and example.test and forwards nothing: it refuses other zones.
  auto records = resolver()->resolve_srv("_mongodb._tcp.cluster.other.invalid", soon());
  ASSERT_FALSE(records.ok());
  EXPECT_EQ(records.error().code, ErrorCode::dns);
  EXPECT_NE(records.error().message.find("refused"), std::string::npos) << records.error().message;
}

TEST_F(DnsResolverTest, AddressRecords) {
  auto addresses = resolver()->resolve_addresses("host1.lab.test", soon());
  ASSERT_TRUE(addresses.ok()) << addresses.error().message;
  EXPECT_EQ(addresses.value(), std::vector<std::string>{"127.0.0.1"});
}

TEST_F(DnsResolverTest, ManyLookupsRunAtOnceFromTheCallersPollLoop) {
  auto channel = resolver();
  std::map<std::string, std::string> answers;
  int outstanding = 0;
  auto record = [&](std::string name) {
    ++outstanding;
    return [&, name](auto result) {
      --outstanding;
      answers[name] =
          result ? "ok " + std::to_string(result.value().size()) : result.error().message;
    };
  };
  channel->lookup_addresses("host1.lab.test", record("host1"));
  channel->lookup_addresses("missing.lab.test", record("missing"));
  channel->lookup_srv("_mongodb._tcp.rs.lab.test", record("srv"));
  channel->lookup_txt("multi.lab.test", record("txt"));
  channel->lookup_addresses("::1", record("numeric"));
  EXPECT_EQ(answers["numeric"], "ok 1") << "a numeric name answers at once, without DNS";
  EXPECT_EQ(outstanding, 4) << "the others are in flight together";
  const Deadline deadline = soon();
  while (outstanding > 0 && !deadline.expired()) {
    std::vector<pollfd> entries = channel->poll_entries();
    ::poll(entries.data(), entries.size(), channel->timeout_ms(100));
    channel->process(entries);
  }
  EXPECT_EQ(answers["host1"], "ok 1");
  EXPECT_NE(answers["missing"].find("NXDOMAIN"), std::string::npos) << answers["missing"];
  EXPECT_EQ(answers["srv"], "ok 3");
  EXPECT_EQ(answers["txt"], "ok 1");
}

// A UDP socket on 127.0.0.1 that never answers.
class SilentServer {
 public:
  std::string server() const { return socket_.address(); }
  int fd() const { return socket_.fd(); }

 private:
  testing_support::LoopbackSocket socket_{SOCK_DGRAM};
};

TEST(DnsResolver, NoAnswerBeforeTheDeadlineIsATimeout) {
  SilentServer silent;
  auto resolver = DnsResolver::create({silent.server()});
  ASSERT_TRUE(resolver.ok());
  for (int type = 0; type < 2; ++type) {
    const auto deadline = Deadline::after(std::chrono::milliseconds(300));
    const Error error =
        type == 0 ? resolver.value()->resolve_srv("_mongodb._tcp.rs.lab.test", deadline).error()
                  : resolver.value()->resolve_txt("rs.lab.test", deadline).error();
    EXPECT_EQ(error.code, ErrorCode::timeout);
    EXPECT_NE(error.message.find("rs.lab.test"), std::string::npos) << error.message;
  }
}

// A UDP responder on 127.0.0.1 that answers every query with one response code (RFC 1035 4.1.1):
// dnsmasq cannot be made to answer SERVFAIL on demand.
class FailingServer {
 public:
  explicit FailingServer(std::uint8_t rcode) : rcode_(rcode) {
    thread_ = std::thread([this] { serve(); });
  }
  ~FailingServer() {
    stopping_ = true;
    thread_.join();
  }
  std::string server() const { return socket_.server(); }

 private:
  void serve() {
    while (!stopping_) {
      pollfd entry{socket_.fd(), POLLIN, 0};
      if (::poll(&entry, 1, 50) <= 0) continue;
      unsigned char query[512];
      sockaddr_in peer{};
      socklen_t length = sizeof peer;
      const ssize_t size = ::recvfrom(socket_.fd(), query, sizeof query, 0,
                                      reinterpret_cast<sockaddr*>(&peer), &length);
      if (size < 12) continue;
      query[2] = 0x80 | (query[2] & 0x01);  // QR = 1, keep RD
      query[3] = 0x80 | rcode_;             // RA = 1, RCODE
      ::sendto(socket_.fd(), query, static_cast<std::size_t>(size), 0,
               reinterpret_cast<sockaddr*>(&peer), length);
    }
  }

  SilentServer socket_;
  std::uint8_t rcode_;
  std::atomic<bool> stopping_ = false;
  std::thread thread_;
};

constexpr std::uint8_t kServfail = 2;

TEST(DnsResolver, ServfailIsItsOwnError) {
  FailingServer failing(kServfail);
  auto resolver = DnsResolver::create({failing.server()});
  ASSERT_TRUE(resolver.ok());
  const std::vector<Error> errors = {
      resolver.value()->resolve_srv("_mongodb._tcp.rs.lab.test", soon()).error(),
      resolver.value()->resolve_txt("rs.lab.test", soon()).error(),
      resolver.value()->resolve_addresses("host1.lab.test", soon()).error()};
  for (const Error& error : errors) {
    EXPECT_EQ(error.code, ErrorCode::dns);
    EXPECT_NE(error.message.find("SERVFAIL"), std::string::npos) << error.message;
  }
}

TEST(DnsResolver, TheDeadlineFinishesEveryLookupInFlight) {
  SilentServer silent;
  auto resolver = DnsResolver::create({silent.server()});
  ASSERT_TRUE(resolver.ok());
  std::vector<Error> errors;
  for (const char* name : {"a.lab.test", "b.lab.test", "c.lab.test"}) {
    resolver.value()->lookup_addresses(name,
                                       [&](auto result) { errors.push_back(result.error()); });
  }
  resolver.value()->run_until(Deadline::after(std::chrono::milliseconds(200)),
                              [] { return false; });
  ASSERT_EQ(errors.size(), 3u);
  for (const Error& error : errors) EXPECT_EQ(error.code, ErrorCode::timeout) << error.message;
}

TEST(DnsResolver, InvalidServerIsAUsageError) {
  auto resolver = DnsResolver::create({"not a server"});
  ASSERT_FALSE(resolver.ok());
  EXPECT_EQ(resolver.error().code, ErrorCode::usage);
}

}  // namespace
}  // namespace dns_resolver_test
}  // namespace mongoscan
