// DnsResolver against dnsmasq on 127.0.0.1 (tests/support/dns_lab.h): SRV and TXT answers and
// distinct errors. Nothing here queries any other server.

#include "scanner/dns_resolver.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <map>
#include <memory>

#include "tests/support/dns_lab.h"

namespace mongoscan {
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
  SilentServer() : fd_(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    ::bind(fd_, reinterpret_cast<sockaddr*>(&address), length);
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
  }
  ~SilentServer() { ::close(fd_); }
  std::string server() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  int fd_;
  int port_ = 0;
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
}  // namespace mongoscan
