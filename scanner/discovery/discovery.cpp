#include "scanner/discovery/discovery.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <tuple>

#include "scanner/discovery/member_queue.h"
#include "scanner/discovery/worker_pool.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using Clock = std::chrono::steady_clock;

// Connects in flight plus connections waiting for a worker stay below this many, or four times
// the concurrency: enough for unreachable nodes to time out side by side, few enough that no
// server holds many idle connections from the scan.
constexpr std::size_t kMinConnectsAhead = 128;
// The longest the loop sleeps without a deadline to watch (workers wake it through the eventfd).
constexpr int kIdleWaitMs = 1000;
constexpr std::uint16_t kDefaultPort = 27017;

// An eventfd that worker threads signal when a probe is done.
class WakeSignal {
 public:
  WakeSignal() : fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}
  ~WakeSignal() {
    if (fd_ >= 0) ::close(fd_);
  }
  WakeSignal(const WakeSignal&) = delete;
  WakeSignal& operator=(const WakeSignal&) = delete;

  int fd() const { return fd_; }
  void notify() const {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = ::write(fd_, &one, sizeof one);
  }
  void clear() const {
    std::uint64_t count = 0;
    [[maybe_unused]] const auto read = ::read(fd_, &count, sizeof count);
  }

 private:
  int fd_;
};

class DiscoveryRun {
 public:
  DiscoveryRun(const std::vector<DiscoveryTarget>& targets, DnsResolver& resolver,
               const DiscoverySettings& settings, const NodeProber& prober)
      : targets_(targets),
        resolver_(resolver),
        settings_(settings),
        prober_(prober),
        concurrency_(std::max<std::size_t>(1, settings.concurrency)),
        connects_ahead_(std::max(kMinConnectsAhead, 4 * concurrency_)),
        beside_probes_(concurrency_),
        pool_(concurrency_) {
    for (const DiscoveryTarget& target : targets)
      queues_.emplace_back(target.seeds, settings.max_nodes);
  }

  Discovery run() {
    for (std::size_t target = 0; target < targets_.size(); ++target) admit_queued(target);
    while (done_ < nodes_.size()) {
      start_connects();
      start_probes();
      poll_once();
      drain_completions();
      expire_deadlines();
    }
    resolver_.cancel_all();  // lookups that outlived their node's deadline
    // A probe that ran into the deadline was cut short by it, even if nothing was left waiting.
    if (settings_.scan_deadline && settings_.scan_deadline->expired()) timed_out_ = true;
    return results();
  }

 private:
  // resolving → waiting_to_connect → connecting → connected → probing → probed (its place among
  // the --concurrency probes is free; not yet judged) → done; any step may end the node early with
  // an error.
  enum class Stage { resolving, waiting_to_connect, connecting, connected, probing, probed, done };

  struct Node {
    std::size_t target = 0;
    std::size_t seed_order = std::numeric_limits<std::size_t>::max();  // members after seeds
    NodeFacts facts;
    Stage stage = Stage::resolving;
    Deadline deadline = Deadline::after(std::chrono::milliseconds(0));  // of this stage
    std::size_t next_address = 0;
    std::optional<PendingTcpConnection> pending;
    std::optional<Error> connect_error;  // the last address's failure
    std::unique_ptr<TcpConnection> connection;
    Clock::time_point connected_at;
    std::optional<std::size_t> alias_of;  // the node that connected to the same endpoint first
  };

  // A host name's address lookup: its answer once it came, the nodes waiting for it until then.
  struct HostLookup {
    std::optional<Result<std::vector<std::string>>> answer;
    std::vector<std::size_t> waiting;
  };

  struct ProbeJob {
    NodeFacts reached;
    std::unique_ptr<TcpConnection> connection;  // nullptr: the probe connects itself
    ProbeOptions options;                       // the target's, within the scan's deadline
  };

  void admit_queued(std::size_t target) {
    while (auto queued = queues_[target].next()) {
      const std::size_t index = nodes_.size();
      Node& node = nodes_.emplace_back();
      node.target = target;
      if (queued->origin == NodeOrigin::seed) node.seed_order = seeds_admitted_[target]++;
      node.facts.host = queued->host.host;
      node.facts.port = queued->host.port.value_or(kDefaultPort);
      node.facts.origin = queued->origin;
      node.facts.named_by = queued->named_by;
      node.facts.component = queued->component;
      if (timed_out_) {
        stop_at_scan_timeout(index);
        continue;
      }
      if (queued->host.type == HostType::unix_socket) {
        node.facts.port = 0;
        node.facts.errors.push_back(
            Error{ErrorCode::usage, "connect", "unix domain sockets are not probed"});
        finish(index);
        continue;
      }
      start_resolving(index);
    }
  }

  // One lookup per host name for the whole run: a cluster's members often share one name with
  // different ports (and a burst of identical queries would overflow a resolver's buffer). A
  // node whose name is being looked up waits for that answer within its own deadline.
  void start_resolving(std::size_t index) {
    nodes_[index].deadline = Deadline::after(settings_.dns_timeout);
    in_flight_.insert(index);
    const std::string name = to_lower_ascii(nodes_[index].facts.host);
    auto [lookup, first] = lookups_.try_emplace(name);
    if (lookup->second.answer) {
      on_resolved(index, *lookup->second.answer);
      return;
    }
    lookup->second.waiting.push_back(index);
    if (!first) return;
    resolver_.lookup_addresses(nodes_[index].facts.host,
                               [this, name](Result<std::vector<std::string>> addresses) {
                                 HostLookup& done = lookups_[name];
                                 done.answer = std::move(addresses);
                                 for (const std::size_t waiting : std::exchange(done.waiting, {}))
                                   on_resolved(waiting, *done.answer);
                               });
  }

  void on_resolved(std::size_t index, Result<std::vector<std::string>> addresses) {
    Node& node = nodes_[index];
    if (node.stage != Stage::resolving) return;  // its deadline passed already
    if (!addresses) {
      node.facts.errors.push_back(addresses.error());
      finish(index);
      return;
    }
    node.facts.resolved_addresses = std::move(addresses).value();
    node.stage = Stage::waiting_to_connect;
    in_flight_.erase(index);
    waiting_.push_back(index);
  }

  void start_connects() {
    while (!waiting_.empty() && ready_.size() < concurrency_ &&
           connecting_ + ready_.size() < connects_ahead_) {
      const std::size_t index = waiting_.front();
      waiting_.pop_front();
      nodes_[index].stage = Stage::connecting;
      ++connecting_;
      in_flight_.insert(index);
      connect_next_address(index);
    }
  }

  // Starts a connect to the node's next address; finishes the node when none is left.
  void connect_next_address(std::size_t index) {
    Node& node = nodes_[index];
    while (node.next_address < node.facts.resolved_addresses.size()) {
      const std::string& address = node.facts.resolved_addresses[node.next_address++];
      auto pending = PendingTcpConnection::start(address, node.facts.port);
      if (!pending) {
        node.connect_error = pending.error();
        continue;
      }
      node.pending.emplace(std::move(pending).value());
      node.deadline = Deadline::after(targets_[node.target].options.connect_timeout);
      return;
    }
    node.facts.errors.push_back(node.connect_error.value_or(
        Error{ErrorCode::refused, "connect", "no address to connect to"}));
    finish(index);
  }

  void on_connect_ready(std::size_t index) {
    Node& node = nodes_[index];
    auto connection = node.pending->finish();
    node.pending.reset();
    if (!connection) {
      node.connect_error = connection.error();
      connect_next_address(index);
      return;
    }
    node.facts.reachable = true;
    node.facts.connected_address = node.facts.resolved_addresses[node.next_address - 1];
    const std::string endpoint = std::to_string(node.target) + " " + node.facts.connected_address +
                                 " " + std::to_string(node.facts.port);
    if (auto [first, added] = endpoints_.try_emplace(endpoint, index); !added) {
      node.alias_of = first->second;
      finish(index);  // the connection closes: the node is probed under its first name
      return;
    }
    --connecting_;
    in_flight_.erase(index);
    node.stage = Stage::connected;
    node.connection = std::move(connection).value();
    node.connected_at = Clock::now();
    ready_.push_back(index);
  }

  void start_probes() {
    while (!ready_.empty() && running_ < concurrency_) {
      const std::size_t index = ready_.front();
      ready_.pop_front();
      Node& node = nodes_[index];
      node.stage = Stage::probing;
      ++running_;
      if (Clock::now() - node.connected_at > settings_.max_idle_connection) node.connection.reset();
      submit_probe(index);
    }
  }

  void submit_probe(std::size_t index) {
    Node& node = nodes_[index];
    auto job = std::make_shared<ProbeJob>(
        ProbeJob{node.facts, std::move(node.connection), targets_[node.target].options});
    job->options.scan_deadline = settings_.scan_deadline;  // no probe runs past it
    // At most one task per running probe, which waits for it: never more than the pool's threads.
    job->options.run_beside = [this](std::function<void()> task) {
      beside_probes_.submit(std::move(task));
    };
    job->options.on_members_named = [this, index](const NodeFacts& facts) {
      {
        std::lock_guard lock(completions_mutex_);
        completions_.push_back({index, member_naming_facts(facts), false});
      }
      wake_.notify();
    };
    pool_.submit([this, index, job] {
      NodeFacts facts = job->reached;
      try {
        facts = prober_(std::move(job->reached), std::move(job->connection), job->options);
      } catch (const std::exception& error) {
        facts.errors.push_back(
            Error{ErrorCode::io, "probe", std::string("internal error: ") + error.what()});
      }
      {
        std::lock_guard lock(completions_mutex_);
        completions_.push_back({index, std::move(facts), true});
      }
      wake_.notify();
    });
  }

  void drain_completions() {
    std::vector<Completion> completed;
    {
      std::lock_guard lock(completions_mutex_);
      completed.swap(completions_);
    }
    std::vector<std::size_t> probed;
    for (Completion& completion : completed) {
      Node& node = nodes_[completion.index];
      if (!completion.done) {
        queues_[node.target].add_members_of(completion.facts);
        admit_queued(node.target);
        continue;
      }
      node.facts = std::move(completion.facts);
      queues_[node.target].add_members_of(node.facts);
      node.stage = Stage::probed;
      --running_;
      probed.push_back(completion.index);
    }
    // The probes that take the places these left start before these are judged (finish): nodes
    // probed at once end at once, and judging them one after another on this thread would
    // otherwise hold the places empty. Their members are admitted as before, each after its
    // namer's judgement (their connects start on the loop's next turn either way).
    start_probes();
    for (const std::size_t index : probed) {
      finish(index);
      admit_queued(nodes_[index].target);
    }
  }

  // Ends a node that the scan's deadline left unprobed.
  void stop_at_scan_timeout(std::size_t index) {
    nodes_[index].facts.errors.push_back(
        Error{ErrorCode::timeout, "scan", "the scan timeout passed before this node was probed"});
    finish(index);
  }

  // Once the scan's deadline passes: every node not being probed yet ends with an error (those
  // being probed end by their own deadline, which is within the scan's).
  void expire_scan_deadline() {
    if (timed_out_ || !settings_.scan_deadline || !settings_.scan_deadline->expired()) return;
    timed_out_ = true;
    for (std::size_t index = 0; index < nodes_.size(); ++index) {
      const Stage stage = nodes_[index].stage;
      if (stage == Stage::done || stage == Stage::probing) continue;
      nodes_[index].connection.reset();
      stop_at_scan_timeout(index);
    }
    waiting_.clear();
    ready_.clear();
  }

  void expire_deadlines() {
    expire_scan_deadline();
    const std::vector<std::size_t> watched(in_flight_.begin(), in_flight_.end());
    for (const std::size_t index : watched) {
      Node& node = nodes_[index];
      if (!node.deadline.expired()) continue;
      if (node.stage == Stage::resolving) {
        node.facts.errors.push_back(Error{ErrorCode::timeout, "dns",
                                          node.facts.host + ": no DNS answer before the deadline"});
        finish(index);
      } else if (node.stage == Stage::connecting && node.pending) {
        node.pending.reset();
        node.connect_error = Error{ErrorCode::timeout, "connect", "no answer before the deadline"};
        connect_next_address(index);
      }
    }
  }

  // The earliest deadline of a lookup or connect in flight, in ms from now (capped).
  int next_deadline_ms() const {
    int wait = kIdleWaitMs;
    if (settings_.scan_deadline && !timed_out_)
      wait = std::min(wait, settings_.scan_deadline->remaining_ms());
    for (const std::size_t index : in_flight_)
      wait = std::min(wait, nodes_[index].deadline.remaining_ms());
    return wait;
  }

  void poll_once() {
    std::vector<pollfd> entries = resolver_.poll_entries();
    const std::size_t dns_entries = entries.size();
    std::vector<std::size_t> connecting;
    for (const std::size_t index : in_flight_) {
      if (!nodes_[index].pending) continue;
      entries.push_back({nodes_[index].pending->fd(), POLLOUT, 0});
      connecting.push_back(index);
    }
    entries.push_back({wake_.fd(), POLLIN, 0});
    ::poll(entries.data(), entries.size(), resolver_.timeout_ms(next_deadline_ms()));
    resolver_.process(std::span(entries.data(), dns_entries));
    for (std::size_t i = 0; i < connecting.size(); ++i) {
      if (entries[dns_entries + i].revents != 0) on_connect_ready(connecting[i]);
    }
    if (entries.back().revents != 0) wake_.clear();
  }

  void finish(std::size_t index) {
    Node& node = nodes_[index];
    if (node.stage == Stage::connecting) --connecting_;
    if (node.stage == Stage::probing) --running_;
    in_flight_.erase(index);
    node.pending.reset();
    node.stage = Stage::done;
    ++done_;
    if (settings_.on_node_done && !node.alias_of)
      settings_.on_node_done(node.target, index, node.facts);
    if (settings_.on_progress) settings_.on_progress(done_, nodes_.size());
  }

  // Per target: seeds in their order, then members by host and port; aliases folded into the
  // node they name.
  Discovery results() {
    std::vector<std::pair<Node*, std::size_t>> ordered;  // with its index: its id
    for (std::size_t index = 0; index < nodes_.size(); ++index) {
      Node& node = nodes_[index];
      if (!node.alias_of) {
        ordered.emplace_back(&node, index);
        continue;
      }
      auto& aliases = nodes_[*node.alias_of].facts.aliases;
      aliases.push_back(node.facts.address());
      std::sort(aliases.begin(), aliases.end());
    }
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto& x, const auto& y) {
      const Node* a = x.first;
      const Node* b = y.first;
      return std::tie(a->target, a->seed_order, a->facts.host, a->facts.port) <
             std::tie(b->target, b->seed_order, b->facts.host, b->facts.port);
    });
    Discovery discovery;
    discovery.timed_out = timed_out_;
    discovery.deployments.resize(targets_.size());
    for (auto [node, index] : ordered) {
      discovery.deployments[node->target].nodes.push_back(std::move(node->facts));
      discovery.deployments[node->target].node_ids.push_back(index);
    }
    for (std::size_t target = 0; target < targets_.size(); ++target)
      discovery.deployments[target].members_not_probed = queues_[target].not_queued();
    return discovery;
  }

  const std::vector<DiscoveryTarget>& targets_;
  DnsResolver& resolver_;
  const DiscoverySettings& settings_;
  const NodeProber& prober_;
  const std::size_t concurrency_;
  const std::size_t connects_ahead_;
  std::vector<MemberQueue> queues_;
  std::map<std::size_t, std::size_t> seeds_admitted_;  // per target
  std::map<std::string, std::size_t> endpoints_;       // "target ip port" -> first node there
  std::map<std::string, HostLookup> lookups_;          // lower-cased host name -> its lookup
  std::deque<Node> nodes_;           // only this thread touches nodes; workers get copies
  std::set<std::size_t> in_flight_;  // nodes resolving or connecting: deadlines to watch
  std::deque<std::size_t> waiting_;  // resolved, not yet connecting
  std::deque<std::size_t> ready_;    // connected, waiting for a worker
  std::size_t connecting_ = 0;
  std::size_t running_ = 0;  // probes handed to the pool
  std::size_t done_ = 0;
  bool timed_out_ = false;  // the scan's deadline passed
  std::mutex completions_mutex_;
  // What the workers report, in order: members named while a node is probed, then its facts.
  struct Completion {
    std::size_t index;
    NodeFacts facts;  // all of them when done; else member_naming_facts
    bool done;
  };
  std::vector<Completion> completions_;
  WakeSignal wake_;
  // The probes' tasks beside their sessions (ProbeOptions::run_beside): destroyed after pool_, as
  // every probe waits for its task.
  WorkerPool beside_probes_;
  WorkerPool pool_;  // last: destroyed first, so no task outlives what it touches
};

}  // namespace

Discovery discover_and_probe(const std::vector<DiscoveryTarget>& targets, DnsResolver& resolver,
                             const DiscoverySettings& settings, const NodeProber& prober) {
  return DiscoveryRun(targets, resolver, settings, prober).run();
}

}  // namespace mongoscan
