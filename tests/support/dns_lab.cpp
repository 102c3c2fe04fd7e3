#include "tests/support/dns_lab.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <sstream>
#include <system_error>
#include <thread>
#include <vector>

#include "scanner/dns/dns_resolver.h"
#include "tests/support/loopback_socket.h"
#include "tests/support/spawn.h"

namespace mongoscan::testing_support {
namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kDnsmasq = "/usr/sbin/dnsmasq";
// A guard against a dnsmasq that never answers, not a budget: it answers in milliseconds.
constexpr auto kReadyTimeout = std::chrono::seconds(60);
constexpr auto kDnsmasqStopGrace = std::chrono::seconds(2);
constexpr auto kDnsmasqPollInterval = std::chrono::milliseconds(20);

// The zone every DNS test relies on. rs.lab.test is the well-formed cluster.
const std::vector<std::string> kZone = {
    "--srv-host=_mongodb._tcp.rs.lab.test,host1.lab.test,27017",
    "--srv-host=_mongodb._tcp.rs.lab.test,host2.lab.test,27018",
    "--srv-host=_mongodb._tcp.rs.lab.test,host3.lab.test,27019",
    "--txt-record=rs.lab.test,authSource=admin&replicaSet=rs0",
    "--srv-host=_custom._tcp.rs.lab.test,host1.lab.test,27020",
    // Three hosts and no TXT record.
    "--srv-host=_mongodb._tcp.many.lab.test,host1.lab.test,27017",
    "--srv-host=_mongodb._tcp.many.lab.test,host2.lab.test,27017",
    "--srv-host=_mongodb._tcp.many.lab.test,host3.lab.test,27017",
    // A target outside the domain.
    "--srv-host=_mongodb._tcp.outside.lab.test,host1.lab.test,27017",
    "--srv-host=_mongodb._tcp.outside.lab.test,evil.example.test,27017",
    // Two TXT records.
    "--srv-host=_mongodb._tcp.twotxt.lab.test,host1.lab.test,27017",
    "--txt-record=twotxt.lab.test,replicaSet=a",
    "--txt-record=twotxt.lab.test,replicaSet=b",
    // One TXT record made of several strings.
    "--srv-host=_mongodb._tcp.multi.lab.test,host1.lab.test,27017",
    "--txt-record=multi.lab.test,authSource=admin&,replicaSet=rs1",
    // A TXT record with an option the specification forbids there.
    "--srv-host=_mongodb._tcp.forbidden.lab.test,host1.lab.test,27017",
    "--txt-record=forbidden.lab.test,maxPoolSize=5",
    // loadBalanced=true with two hosts.
    "--srv-host=_mongodb._tcp.lb.lab.test,host1.lab.test,27017",
    "--srv-host=_mongodb._tcp.lb.lab.test,host2.lab.test,27017",
    "--txt-record=lb.lab.test,loadBalanced=true",
    "--address=/host1.lab.test/127.0.0.1",
};

// A port on 127.0.0.1 that no UDP and no TCP socket uses right now (dnsmasq listens on both).
int free_port() {
  for (int attempt = 0; attempt < 50; ++attempt) {
    const LoopbackSocket udp(SOCK_DGRAM);
    if (!udp.valid()) break;
    if (LoopbackSocket(SOCK_STREAM, udp.port()).valid()) return udp.port();
  }
  throw DnsLabError("dns lab: cannot find a free port");
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// True once the server answers a query for the zone.
bool answers(const std::string& server) {
  auto resolver = DnsResolver::create({server});
  if (!resolver) return false;
  auto records = resolver.value()->resolve_srv("_mongodb._tcp.rs.lab.test",
                                               Deadline::after(std::chrono::milliseconds(200)));
  return records.ok();
}

}  // namespace

DnsLab::DnsLab(const std::vector<std::string>& extra_records) {
  // Another test may take the port between free_port() and dnsmasq's bind: try a few ports.
  constexpr int kAttempts = 5;
  for (int attempt = 1;; ++attempt) {
    port_ = free_port();
    try {
      start(extra_records);
      return;
    } catch (const DnsLabError& error) {
      const bool port_taken =
          std::string(error.what()).find("Address already in use") != std::string::npos;
      if (!port_taken || attempt == kAttempts) throw;
    }
  }
}

void DnsLab::start(const std::vector<std::string>& extra_records) {
  std::string pattern = "/tmp/mongoscan-dnsmasq-XXXXXX";
  const int log_fd = ::mkstemp(pattern.data());
  if (log_fd < 0) {
    throw DnsLabError("dns lab: cannot create a log file: " +
                      std::generic_category().message(errno));
  }
  log_path_ = pattern;
  std::vector<std::string> argv = {kDnsmasq,
                                   "--no-daemon",
                                   "--conf-file=/dev/null",
                                   "--pid-file=",
                                   "--no-resolv",
                                   "--no-hosts",
                                   "--port=" + std::to_string(port_),
                                   "--listen-address=127.0.0.1",
                                   "--bind-interfaces",
                                   "--local=/lab.test/",
                                   "--local=/example.test/"};
  argv.insert(argv.end(), kZone.begin(), kZone.end());
  argv.insert(argv.end(), extra_records.begin(), extra_records.end());
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  pid_ = spawn_in_process_group(argv, inherited_environment(), null_fd, null_fd, log_fd);
  ::close(null_fd);
  ::close(log_fd);
  if (pid_ < 0) {
    const int error = static_cast<int>(-pid_);
    pid_ = -1;
    throw DnsLabError(std::string("dns lab: cannot run ") + kDnsmasq + ": " +
                      std::generic_category().message(error));
  }
  const Clock::time_point deadline = Clock::now() + kReadyTimeout;
  while (!answers(server())) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) pid_ = -1;
    if (pid_ < 0 || Clock::now() >= deadline) {
      const std::string log = read_text(log_path_);
      stop();
      throw DnsLabError("dns lab: dnsmasq did not answer: " + log);
    }
    std::this_thread::sleep_for(kDnsmasqPollInterval);
  }
}

DnsLab::~DnsLab() { stop(); }

void DnsLab::stop() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGTERM);
    const Clock::time_point deadline = Clock::now() + kDnsmasqStopGrace;
    int status = 0;
    pid_t reaped = 0;
    while ((reaped = ::waitpid(pid_, &status, WNOHANG)) == 0 && Clock::now() < deadline) {
      std::this_thread::sleep_for(kDnsmasqPollInterval);
    }
    if (reaped == 0) {
      ::kill(-pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
    }
    pid_ = -1;
  }
  if (!log_path_.empty()) ::unlink(log_path_.c_str());
  log_path_.clear();
}

}  // namespace mongoscan::testing_support
