// discover_and_probe in-process: real DNS (dnsmasq, tests/support/dns_lab.h) and real TCP connects
// on loopback, with a recording prober in place of probe_node. End-to-end scans of the lab are in
// discovery_lab_test.cpp.

#include "scanner/discovery/discovery.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <future>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include "scanner/discovery/member_queue.h"
#include "tests/support/dns_lab.h"
#include "tests/support/loopback_socket.h"

namespace mongoscan {
namespace discovery_test {
namespace {

using testing_support::DnsLab;

// A socket on 127.0.0.1 at a free port. Listening, the kernel completes connects into its
// backlog without an accept. Not listening, every connect is refused.
class LoopbackPort {
 public:
  enum class Kind { listening, refusing, silent };

  explicit LoopbackPort(Kind kind) {
    if (kind == Kind::refusing) return;
    ::listen(socket_.fd(), kind == Kind::silent ? 0 : 64);
    ::fcntl(socket_.fd(), F_SETFL, O_NONBLOCK);
    if (kind == Kind::silent) fill_backlog();
  }
  ~LoopbackPort() {
    for (int client : clients_) ::close(client);
  }
  LoopbackPort(const LoopbackPort&) = delete;
  LoopbackPort& operator=(const LoopbackPort&) = delete;

  std::uint16_t port() const { return socket_.port(); }
  std::string address() const { return socket_.address(); }

  // Accepts every connection waiting in the backlog (kept open) and returns how many it holds.
  int accept_waiting() {
    while (true) {
      const int client = ::accept4(socket_.fd(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (client < 0) return static_cast<int>(clients_.size());
      clients_.push_back(client);
    }
  }

 private:
  // A full accept queue: Linux drops further SYNs, so a connect neither succeeds nor is refused.
  void fill_backlog() {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(socket_.port());
    for (int i = 0; i < 3; ++i) {
      const int client = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
      ::connect(client, reinterpret_cast<const sockaddr*>(&address), sizeof address);
      clients_.push_back(client);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }

  testing_support::LoopbackSocket socket_{SOCK_STREAM};
  std::vector<int> clients_;
};

HostAddress host(const std::string& name, std::uint16_t port) {
  return {HostType::hostname, name, port};
}

// Answers like a replica-set member: hello names hosts_by_node[address]; replSetGetStatus names
// status_by_node[address]. Records every node it was asked to probe.
class RecordingProber {
 public:
  std::map<std::string, std::vector<std::string>> hosts_by_node;
  std::map<std::string, std::vector<std::string>> status_by_node;
  std::set<std::string> throwing;
  std::chrono::milliseconds hold{0};
  // Each probe waits for its connection to be readable until the node's deadline, as a probe of a
  // node that never replies does, and records the wait's error.
  bool wait_for_a_reply = false;

  NodeProber prober() {
    return [this](NodeFacts reached, std::unique_ptr<TcpConnection> connection,
                  const ProbeOptions& options) {
      const Deadline node_deadline = options.node_deadline();
      {
        std::lock_guard lock(mutex_);
        node_budgets_.push_back(std::chrono::milliseconds(node_deadline.remaining_ms()));
      }
      if (wait_for_a_reply && connection != nullptr) {
        if (auto reply = connection->wait(/*for_write=*/false, node_deadline); !reply)
          reached.errors.push_back(reply.error());
        return reached;
      }
      return probe(std::move(reached), std::move(connection));
    };
  }

  // The node budget each probe was given (its options' node_deadline()), in the order they started.
  std::vector<std::chrono::milliseconds> node_budgets() const {
    std::lock_guard lock(mutex_);
    return node_budgets_;
  }

  std::vector<std::string> probed() const {
    std::lock_guard lock(mutex_);
    return probed_;
  }
  int peak() const { return peak_; }
  int without_connection() const { return without_connection_; }
  // Connections the listeners had accepted when each probe started, minus the probes started.
  std::vector<int> opened_ahead() const {
    std::lock_guard lock(mutex_);
    return opened_ahead_;
  }
  std::function<int()> count_accepted;

 private:
  NodeFacts probe(NodeFacts facts, std::unique_ptr<TcpConnection> connection) {
    const int now = ++running_;
    for (int seen = peak_; now > seen && !peak_.compare_exchange_weak(seen, now);) {
    }
    {
      std::lock_guard lock(mutex_);
      probed_.push_back(facts.address());
      if (count_accepted) {
        opened_ahead_.push_back(count_accepted() - static_cast<int>(probed_.size()));
      }
    }
    if (connection == nullptr) ++without_connection_;
    std::this_thread::sleep_for(hold);
    --running_;
    if (throwing.contains(facts.address())) throw std::runtime_error("prober broke");
    // Probes run on several threads: the maps are only read here (operator[] would insert).
    bson::Array hosts;
    if (const auto named = hosts_by_node.find(facts.address()); named != hosts_by_node.end()) {
      for (const std::string& member : named->second) hosts.push_back(member);
    }
    facts.hello = bson::Document{{"setName", "rs0"}, {"hosts", hosts}};
    if (const auto listed = status_by_node.find(facts.address()); listed != status_by_node.end()) {
      bson::Array members;
      for (const std::string& member : listed->second)
        members.push_back(bson::Document{{"name", member}});
      CommandOutcome status;
      status.state = CommandOutcome::State::ok;
      status.reply = bson::Document{{"members", members}};
      facts.commands["replSetGetStatus"] = status;
    }
    return facts;
  }

  mutable std::mutex mutex_;
  std::vector<std::string> probed_;
  std::vector<int> opened_ahead_;
  std::vector<std::chrono::milliseconds> node_budgets_;
  std::atomic<int> without_connection_ = 0;
  std::atomic<int> running_ = 0;
  std::atomic<int> peak_ = 0;
};

// One thread says an event happened; another waits for it, at most 5 s (a test that would hang
// fails instead).
class EventSignal {
 public:
  void raise() {
    std::lock_guard lock(mutex_);
    raised_ = true;
    changed_.notify_all();
  }
  bool wait() {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(5), [this] { return raised_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool raised_ = false;
};

class DiscoveryTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { dns_ = std::make_unique<DnsLab>(); }
  static void TearDownTestSuite() { dns_.reset(); }

  static DiscoveryTarget target(std::vector<HostAddress> seeds) {
    DiscoveryTarget target{std::move(seeds), {}};
    target.options.connect_timeout = std::chrono::milliseconds(500);
    return target;
  }

  Discovery discover(const std::vector<DiscoveryTarget>& targets, RecordingProber& prober,
                     DiscoverySettings settings = {}) {
    return discover(targets, prober.prober(), std::move(settings));
  }

  // With a prober of the test's own.
  Discovery discover(const std::vector<DiscoveryTarget>& targets, const NodeProber& prober,
                     DiscoverySettings settings = {}) {
    auto resolver = DnsResolver::create({dns_->server()});
    EXPECT_TRUE(resolver.ok());
    settings.dns_timeout = std::chrono::seconds(3);
    return discover_and_probe(targets, *resolver.value(), settings, prober);
  }

  // The nodes of each target.
  std::vector<std::vector<NodeFacts>> run(const std::vector<DiscoveryTarget>& targets,
                                          RecordingProber& prober,
                                          DiscoverySettings settings = {}) {
    std::vector<std::vector<NodeFacts>> nodes;
    for (DiscoveredDeployment& deployment : discover(targets, prober, std::move(settings)).deployments)
      nodes.push_back(std::move(deployment.nodes));
    return nodes;
  }

  static std::unique_ptr<DnsLab> dns_;
};

std::unique_ptr<DnsLab> DiscoveryTest::dns_;

std::vector<std::string> addresses(const std::vector<NodeFacts>& nodes) {
  std::vector<std::string> list;
  for (const NodeFacts& node : nodes) list.push_back(node.address());
  return list;
}

TEST_F(DiscoveryTest, FindsEveryMemberOnceSeedsFirstThenByAddress) {
  LoopbackPort a(LoopbackPort::Kind::listening), b(LoopbackPort::Kind::listening),
      c(LoopbackPort::Kind::listening), hidden(LoopbackPort::Kind::listening);
  RecordingProber prober;
  prober.hosts_by_node[a.address()] = {a.address(), c.address(), b.address()};
  prober.hosts_by_node[b.address()] = {a.address(), b.address(), c.address()};
  prober.status_by_node[b.address()] = {a.address(), hidden.address()};
  DiscoverySettings settings;
  settings.concurrency = 2;
  const auto results = run({target({host("127.0.0.1", a.port())})}, prober, settings);

  ASSERT_EQ(results.size(), 1u);
  const std::vector<NodeFacts>& nodes = results[0];
  std::vector<std::pair<std::uint16_t, std::string>> members = {
      {b.port(), b.address()}, {c.port(), c.address()}, {hidden.port(), hidden.address()}};
  std::sort(members.begin(), members.end());
  std::vector<std::string> expected = {a.address()};
  for (const auto& member : members) expected.push_back(member.second);
  EXPECT_EQ(addresses(nodes), expected);
  EXPECT_EQ(prober.probed().size(), 4u) << "every node probed once";
  for (const NodeFacts& node : nodes) {
    EXPECT_TRUE(node.reachable) << node.address();
    EXPECT_EQ(node.connected_address, "127.0.0.1");
    if (node.address() == a.address()) {
      EXPECT_EQ(node.origin, NodeOrigin::seed);
    } else if (node.address() == hidden.address()) {
      EXPECT_EQ(node.origin, NodeOrigin::replica_set_status);
      EXPECT_EQ(node.named_by, b.address());
    } else {
      EXPECT_EQ(node.origin, NodeOrigin::hello);
      EXPECT_EQ(node.named_by, a.address());
    }
  }
}

TEST_F(DiscoveryTest, UnreachableNodesAreReportedWithTheReasonAndNeverProbed) {
  LoopbackPort open(LoopbackPort::Kind::listening), refusing(LoopbackPort::Kind::refusing),
      silent(LoopbackPort::Kind::silent);
  RecordingProber prober;
  const auto results =
      run({target({host("127.0.0.1", refusing.port()), host("127.0.0.1", silent.port()),
                   host("missing.lab.test", 27017), host("127.0.0.1", open.port()),
                   HostAddress{HostType::unix_socket, "/tmp/mongodb-27017.sock", std::nullopt}})},
          prober);
  ASSERT_EQ(results[0].size(), 5u);
  EXPECT_EQ(prober.probed(), std::vector<std::string>{open.address()});
  const NodeFacts& refused = results[0][0];
  ASSERT_EQ(refused.errors.size(), 1u);
  EXPECT_EQ(refused.errors[0].code, ErrorCode::refused);
  EXPECT_EQ(refused.errors[0].phase, "connect");
  EXPECT_FALSE(refused.reachable);
  const NodeFacts& timed_out = results[0][1];
  ASSERT_EQ(timed_out.errors.size(), 1u);
  EXPECT_EQ(timed_out.errors[0].code, ErrorCode::timeout);
  EXPECT_EQ(timed_out.errors[0].phase, "connect");
  const NodeFacts& unknown = results[0][2];
  ASSERT_EQ(unknown.errors.size(), 1u);
  EXPECT_EQ(unknown.errors[0].code, ErrorCode::dns);
  EXPECT_NE(unknown.errors[0].message.find("NXDOMAIN"), std::string::npos);
  EXPECT_TRUE(results[0][3].reachable);
  EXPECT_EQ(results[0][4].errors.at(0).message, "unix domain sockets are not probed");
}

TEST_F(DiscoveryTest, AtMostConcurrencyProbesRunAtOnce) {
  std::vector<std::unique_ptr<LoopbackPort>> ports;
  std::vector<HostAddress> seeds;
  for (int i = 0; i < 10; ++i) {
    ports.push_back(std::make_unique<LoopbackPort>(LoopbackPort::Kind::listening));
    seeds.push_back(host("127.0.0.1", ports.back()->port()));
  }
  RecordingProber prober;
  prober.hold = std::chrono::milliseconds(40);
  DiscoverySettings settings;
  settings.concurrency = 3;
  const auto results = run({target(seeds)}, prober, settings);
  EXPECT_EQ(results[0].size(), 10u);
  EXPECT_EQ(prober.probed().size(), 10u);
  EXPECT_EQ(prober.peak(), 3);
}

TEST_F(DiscoveryTest, ConnectionsAreOpenedOnlyABoundedDistanceAhead) {
  std::vector<std::unique_ptr<LoopbackPort>> ports;
  std::vector<HostAddress> seeds;
  for (int i = 0; i < 200; ++i) {
    ports.push_back(std::make_unique<LoopbackPort>(LoopbackPort::Kind::listening));
    seeds.push_back(host("127.0.0.1", ports.back()->port()));
  }
  RecordingProber prober;
  std::mutex ports_mutex;
  prober.count_accepted = [&] {
    std::lock_guard lock(ports_mutex);
    int accepted = 0;
    for (auto& port : ports) accepted += port->accept_waiting();
    return accepted;
  };
  DiscoverySettings settings;
  settings.concurrency = 1;
  // No connection is old enough to be replaced, however slowly a loaded machine runs the 200
  // probes (the sanitized build on a loaded machine once took over the default 5 s for some).
  settings.max_idle_connection = std::chrono::minutes(10);
  const auto results = run({target(seeds)}, prober, settings);
  EXPECT_EQ(results[0].size(), 200u);
  const auto ahead = prober.opened_ahead();
  ASSERT_EQ(ahead.size(), 200u);
  EXPECT_LE(*std::max_element(ahead.begin(), ahead.end()), 128)
      << "at most max(128, 4 x concurrency) connections ahead of the probes";
  EXPECT_EQ(prober.without_connection(), 0) << "none waited long enough to be replaced";
}

TEST_F(DiscoveryTest, AConnectionThatWaitedTooLongIsReplaced) {
  LoopbackPort a(LoopbackPort::Kind::listening), b(LoopbackPort::Kind::listening);
  RecordingProber prober;
  DiscoverySettings settings;
  settings.max_idle_connection = std::chrono::milliseconds(0);
  run({target({host("127.0.0.1", a.port()), host("127.0.0.1", b.port())})}, prober, settings);
  EXPECT_EQ(prober.without_connection(), 2) << "the prober connects afresh";
}

TEST_F(DiscoveryTest, NamesOfTheSameEndpointAreProbedOnceAsAliases) {
  LoopbackPort node(LoopbackPort::Kind::listening);
  RecordingProber prober;
  // The seed by DNS name; hello names the member by IP, as a set configured with IPs does.
  prober.hosts_by_node["host1.lab.test:" + std::to_string(node.port())] = {node.address()};
  const auto results = run({target({host("host1.lab.test", node.port())})}, prober);
  ASSERT_EQ(results[0].size(), 1u);
  EXPECT_EQ(results[0][0].address(), "host1.lab.test:" + std::to_string(node.port()));
  EXPECT_EQ(results[0][0].aliases, std::vector<std::string>{node.address()});
  EXPECT_EQ(prober.probed().size(), 1u);
}

TEST_F(DiscoveryTest, TargetsAreKeptApart) {
  LoopbackPort shared(LoopbackPort::Kind::listening), other(LoopbackPort::Kind::listening);
  RecordingProber prober;
  const auto results =
      run({target({host("127.0.0.1", shared.port())}),
           target({host("127.0.0.1", other.port()), host("127.0.0.1", shared.port())})},
          prober);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(addresses(results[0]), std::vector<std::string>{shared.address()});
  EXPECT_EQ(addresses(results[1]), (std::vector<std::string>{other.address(), shared.address()}));
  EXPECT_TRUE(results[1][1].aliases.empty()) << "the same node in two targets is no alias";
  EXPECT_EQ(prober.probed().size(), 3u);
}

// Members a probe names while it runs (ProbeOptions::on_members_named) are probed without
// waiting for it to end: here the first node waits, mid-probe, for the member it named to be
// probed.
TEST_F(DiscoveryTest, MembersNamedMidProbeAreProbedBeforeItEnds) {
  LoopbackPort a(LoopbackPort::Kind::listening), b(LoopbackPort::Kind::listening);
  EventSignal b_started;
  bool b_started_while_a_ran = false;
  const NodeProber prober = [&](NodeFacts facts, std::unique_ptr<TcpConnection>,
                                const ProbeOptions& options) {
    if (facts.address() == b.address()) {
      b_started.raise();
      return facts;
    }
    facts.hello = bson::Document{{"setName", "rs0"}, {"hosts", bson::Array{b.address()}}};
    options.on_members_named(facts);
    b_started_while_a_ran = b_started.wait();
    return facts;
  };
  DiscoverySettings settings;
  settings.concurrency = 2;
  const Discovery discovery = discover({target({host("127.0.0.1", a.port())})}, prober, settings);
  EXPECT_TRUE(b_started_while_a_ran);
  ASSERT_EQ(discovery.deployments.at(0).nodes.size(), 2u);
  EXPECT_EQ(discovery.deployments[0].nodes[1].named_by, a.address());
}

// A probed node's place goes to the next node before the probed one is judged (on_node_done):
// nodes probed at once end at once, and their judgements run one after another.
TEST_F(DiscoveryTest, TheNextProbeStartsBeforeTheLastNodeIsJudged) {
  LoopbackPort a(LoopbackPort::Kind::listening), b(LoopbackPort::Kind::listening);
  EventSignal b_started;
  bool b_started_while_a_was_judged = false;
  const NodeProber prober = [&](NodeFacts facts, std::unique_ptr<TcpConnection>,
                                const ProbeOptions&) {
    if (facts.address() == b.address()) b_started.raise();
    return facts;
  };
  DiscoverySettings settings;
  settings.concurrency = 1;
  settings.on_node_done = [&](std::size_t, std::size_t, NodeFacts& node) {
    if (node.address() == a.address()) b_started_while_a_was_judged = b_started.wait();
  };
  const Discovery discovery = discover(
      {target({host("127.0.0.1", a.port()), host("127.0.0.1", b.port())})}, prober, settings);
  EXPECT_TRUE(b_started_while_a_was_judged);
  EXPECT_EQ(discovery.deployments.at(0).nodes.size(), 2u);
}

// Every probe that may run at once can have its task beside it running at the same time
// (ProbeOptions::run_beside): here each task waits until all of them have started.
TEST_F(DiscoveryTest, EachRunningProbeHasAThreadBesideIt) {
  constexpr std::size_t kConcurrency = 4;
  std::vector<std::unique_ptr<LoopbackPort>> ports;
  std::vector<HostAddress> seeds;
  for (std::size_t i = 0; i < kConcurrency; ++i) {
    ports.push_back(std::make_unique<LoopbackPort>(LoopbackPort::Kind::listening));
    seeds.push_back(host("127.0.0.1", ports.back()->port()));
  }
  std::mutex mutex;
  std::condition_variable started;
  std::size_t tasks_started = 0;
  std::atomic<std::size_t> met_all = 0;
  const NodeProber prober = [&](NodeFacts facts, std::unique_ptr<TcpConnection>,
                                const ProbeOptions& options) {
    std::promise<void> done;
    options.run_beside([&] {
      std::unique_lock lock(mutex);
      ++tasks_started;
      started.notify_all();
      if (started.wait_for(lock, std::chrono::seconds(5),
                           [&] { return tasks_started == kConcurrency; })) {
        ++met_all;
      }
      done.set_value();
    });
    done.get_future().wait();
    return facts;
  };
  DiscoverySettings settings;
  settings.concurrency = kConcurrency;
  const Discovery discovery = discover({target(seeds)}, prober, settings);
  EXPECT_EQ(met_all, kConcurrency) << "a task waited for a thread";
  EXPECT_EQ(discovery.deployments.at(0).nodes.size(), kConcurrency);
}

TEST_F(DiscoveryTest, AProberFailureIsAnErrorAndTheScanGoesOn) {
  LoopbackPort broken(LoopbackPort::Kind::listening), fine(LoopbackPort::Kind::listening);
  RecordingProber prober;
  prober.throwing = {broken.address()};
  const auto results =
      run({target({host("127.0.0.1", broken.port()), host("127.0.0.1", fine.port())})}, prober);
  ASSERT_EQ(results[0].size(), 2u);
  ASSERT_EQ(results[0][0].errors.size(), 1u);
  EXPECT_EQ(results[0][0].errors[0].phase, "probe");
  EXPECT_EQ(results[0][0].errors[0].message, "internal error: prober broke");
  EXPECT_TRUE(results[0][1].hello.has_value());
}

TEST_F(DiscoveryTest, ProgressCountsEveryNode) {
  LoopbackPort a(LoopbackPort::Kind::listening), b(LoopbackPort::Kind::listening);
  RecordingProber prober;
  prober.hosts_by_node[a.address()] = {a.address(), b.address()};
  std::vector<std::pair<std::size_t, std::size_t>> steps;
  DiscoverySettings settings;
  settings.on_progress = [&](std::size_t done, std::size_t known) {
    steps.emplace_back(done, known);
  };
  run({target({host("127.0.0.1", a.port()), host("127.0.0.1", 1)})}, prober, settings);
  ASSERT_EQ(steps.size(), 3u);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i].first, i + 1);
    EXPECT_LE(steps[i].first, steps[i].second);
  }
  EXPECT_EQ(steps.back(), std::make_pair(std::size_t{3}, std::size_t{3}));
}

// Each node is handed over once it is done, after the members it names are queued (so that
// what the callback drops cannot hide a member), under the id its place in the results has; an
// alias never is.
TEST_F(DiscoveryTest, EachNodeIsHandedOverOnceDoneUnderItsId) {
  LoopbackPort a(LoopbackPort::Kind::listening), b(LoopbackPort::Kind::listening);
  RecordingProber prober;
  prober.hosts_by_node[a.address()] = {a.address(), b.address()};
  prober.hosts_by_node["host1.lab.test:" + std::to_string(b.port())] = {b.address()};
  std::map<std::size_t, std::string> done;
  DiscoverySettings settings;
  settings.on_node_done = [&](std::size_t target, std::size_t id, NodeFacts& node) {
    EXPECT_EQ(target, 0u);
    EXPECT_TRUE(done.emplace(id, node.address()).second) << "handed over twice: " << id;
    node.hello.reset();  // members were queued already
  };
  const Discovery discovery =
      discover({target({host("127.0.0.1", a.port()), host("host1.lab.test", b.port()),
                        host("127.0.0.1", 1)})},
               prober, settings);
  const DiscoveredDeployment& deployment = discovery.deployments[0];
  ASSERT_EQ(deployment.nodes.size(), 3u);  // b's second name is an alias
  ASSERT_EQ(deployment.node_ids.size(), 3u);
  EXPECT_EQ(done.size(), 3u);
  for (std::size_t i = 0; i < deployment.nodes.size(); ++i) {
    EXPECT_EQ(done[deployment.node_ids[i]], deployment.nodes[i].address());
    EXPECT_FALSE(deployment.nodes[i].hello.has_value());
  }
}

// --scan-timeout: no probe is given more time than the scan has left, no node starts after it,
// and the nodes it left are reported with the reason.
TEST_F(DiscoveryTest, TheScanDeadlineEndsDiscoveryAndNamesTheNodesItLeft) {
  std::vector<std::unique_ptr<LoopbackPort>> ports;
  std::vector<HostAddress> seeds;
  for (int i = 0; i < 6; ++i) {
    ports.push_back(std::make_unique<LoopbackPort>(LoopbackPort::Kind::listening));
    seeds.push_back(host("127.0.0.1", ports.back()->port()));
  }
  RecordingProber prober;
  prober.hold = std::chrono::milliseconds(300);
  DiscoverySettings settings;
  settings.concurrency = 1;
  settings.scan_deadline = Deadline::after(std::chrono::milliseconds(500));
  DiscoveryTarget slow = target(seeds);
  slow.options.node_timeout = std::chrono::seconds(60);
  const Discovery discovery = discover({slow}, prober, settings);
  EXPECT_TRUE(discovery.timed_out);
  ASSERT_EQ(discovery.deployments[0].nodes.size(), 6u) << "every node is reported";
  const std::size_t probed = prober.probed().size();
  EXPECT_GE(probed, 1u);
  EXPECT_LT(probed, 6u) << "probes start only before the deadline";
  for (const auto budget : prober.node_budgets()) EXPECT_LE(budget.count(), 500);
  int stopped = 0;
  for (const NodeFacts& node : discovery.deployments[0].nodes) {
    if (node.hello) continue;
    ++stopped;
    ASSERT_EQ(node.errors.size(), 1u) << node.address();
    EXPECT_EQ(node.errors[0].phase, "scan");
    EXPECT_EQ(node.errors[0].code, ErrorCode::timeout);
  }
  EXPECT_EQ(static_cast<std::size_t>(stopped), 6 - probed);
}

TEST_F(DiscoveryTest, WithoutADeadlineDiscoveryIsNotTimedOut) {
  LoopbackPort a(LoopbackPort::Kind::listening);
  RecordingProber prober;
  const Discovery discovery = discover({target({host("127.0.0.1", a.port())})}, prober);
  EXPECT_FALSE(discovery.timed_out);
  EXPECT_EQ(prober.node_budgets().at(0), ProbeOptions{}.node_timeout);
}

// A probe that waits for a silent node ends at the scan's deadline, not a moment before it: the
// scan is timed out whenever its deadline cut a probe short (the node's deadline is the scan's).
TEST_F(DiscoveryTest, AProbeCutByTheScanDeadlineLeavesTheScanTimedOut) {
  LoopbackPort silent(LoopbackPort::Kind::listening);
  RecordingProber prober;
  prober.wait_for_a_reply = true;
  for (int attempt = 0; attempt < 20; ++attempt) {
    DiscoverySettings settings;
    settings.scan_deadline = Deadline::after(std::chrono::milliseconds(20));
    DiscoveryTarget target_with_time = target({host("127.0.0.1", silent.port())});
    target_with_time.options.node_timeout = std::chrono::seconds(60);
    const Discovery discovery = discover({target_with_time}, prober, settings);
    ASSERT_EQ(discovery.deployments[0].nodes.size(), 1u);
    const NodeFacts& node = discovery.deployments[0].nodes[0];
    ASSERT_EQ(node.errors.size(), 1u) << "attempt " << attempt;
    EXPECT_EQ(node.errors[0].code, ErrorCode::timeout) << "attempt " << attempt;
    ASSERT_TRUE(discovery.timed_out) << "attempt " << attempt;
  }
}

// A hello naming more members than a deployment may have: the first are probed, the rest are
// counted so that the report can say how many were never contacted.
TEST_F(DiscoveryTest, MembersPastTheCapAreCountedNotProbed) {
  LoopbackPort a(LoopbackPort::Kind::listening);
  RecordingProber prober;
  std::vector<std::string> names;
  DiscoverySettings settings;
  settings.concurrency = 8;
  settings.max_nodes = 300;
  const std::size_t named = settings.max_nodes + 200;
  for (std::size_t i = 0; i < named; ++i) names.push_back("127.0.0.1:" + std::to_string(1 + i));
  prober.hosts_by_node[a.address()] = names;
  const Discovery discovery = discover({target({host("127.0.0.1", a.port())})}, prober, settings);
  EXPECT_EQ(discovery.deployments[0].nodes.size(), settings.max_nodes);
  EXPECT_EQ(discovery.deployments[0].members_not_probed, named + 1 - settings.max_nodes);
}

}  // namespace
}  // namespace discovery_test
}  // namespace mongoscan
