#include "scanner/dns/dns_resolver.h"

#include <ares.h>
#include <arpa/inet.h>
#include <arpa/nameser.h>
#include <netinet/in.h>

#include <cstddef>
#include <mutex>
#include <optional>
#include <utility>

#include "scanner/wire/numeric_address.h"

namespace mongoscan {
namespace {

// c-ares wants one process-wide initialisation before the first channel.
void initialise_library() {
  static std::once_flag once;
  std::call_once(once, [] { ares_library_init(ARES_LIB_INIT_ALL); });
}

Error resolve_error(const std::string& name, int status) {
  switch (status) {
    case ARES_ENOTFOUND:
      return {ErrorCode::dns, "dns", name + ": no such host (NXDOMAIN)"};
    case ARES_ENODATA:
      return {ErrorCode::dns, "dns", name + ": no address records"};
    case ARES_ESERVFAIL:
      return {ErrorCode::dns, "dns", name + ": the DNS server failed (SERVFAIL)"};
    case ARES_EREFUSED:
      return {ErrorCode::dns, "dns", name + ": the DNS server refused the query"};
    case ARES_ETIMEOUT:
    case ARES_ECANCELLED:
      return {ErrorCode::timeout, "dns", name + ": no DNS answer before the deadline"};
    default:
      return {ErrorCode::dns, "dns", name + ": " + ares_strerror(status)};
  }
}

std::string without_trailing_dot(std::string name) {
  if (name.ends_with('.')) name.pop_back();
  return name;
}

std::vector<std::string> addresses_of(const ares_addrinfo* result) {
  std::vector<std::string> addresses;
  for (const ares_addrinfo_node* node = result->nodes; node != nullptr; node = node->ai_next) {
    char text[INET6_ADDRSTRLEN] = {};
    const void* address =
        node->ai_family == AF_INET
            ? static_cast<const void*>(&reinterpret_cast<sockaddr_in*>(node->ai_addr)->sin_addr)
            : static_cast<const void*>(&reinterpret_cast<sockaddr_in6*>(node->ai_addr)->sin6_addr);
    if (inet_ntop(node->ai_family, address, text, sizeof text) != nullptr)
      addresses.push_back(text);
  }
  return addresses;
}

Result<std::vector<SrvRecord>> parse_srv_answer(const std::string& name,
                                                std::span<const unsigned char> bytes) {
  ares_srv_reply* replies = nullptr;
  const int status = ares_parse_srv_reply(bytes.data(), static_cast<int>(bytes.size()), &replies);
  if (status != ARES_SUCCESS) return resolve_error(name, status);
  std::vector<SrvRecord> records;
  for (const ares_srv_reply* reply = replies; reply != nullptr; reply = reply->next) {
    records.push_back(
        {without_trailing_dot(reply->host), reply->port, reply->priority, reply->weight});
  }
  ares_free_data(replies);
  if (records.empty()) return Error{ErrorCode::dns, "dns", name + ": no SRV records"};
  return records;
}

Result<std::vector<TxtRecord>> parse_txt_answer(const std::string& name,
                                                std::span<const unsigned char> bytes) {
  ares_txt_ext* chunks = nullptr;
  const int status =
      ares_parse_txt_reply_ext(bytes.data(), static_cast<int>(bytes.size()), &chunks);
  if (status == ARES_ENODATA) return std::vector<TxtRecord>{};
  if (status != ARES_SUCCESS) return resolve_error(name, status);
  std::vector<TxtRecord> records;
  for (const ares_txt_ext* chunk = chunks; chunk != nullptr; chunk = chunk->next) {
    if (chunk->record_start || records.empty()) records.emplace_back();
    records.back().emplace_back(reinterpret_cast<const char*>(chunk->txt), chunk->length);
  }
  ares_free_data(chunks);
  return records;
}

// What a c-ares callback's `arg` points to: the caller's continuation, freed by the callback. A
// channel being destroyed calls back with ARES_EDESTRUCTION; the continuation is then dropped.
template <class Continuation>
struct Pending {
  Continuation done;
};

void on_addresses(void* argument, int status, int, ares_addrinfo* result) {
  using Callback = std::function<void(int, ares_addrinfo*)>;
  std::unique_ptr<Pending<Callback>> pending(static_cast<Pending<Callback>*>(argument));
  if (status != ARES_EDESTRUCTION) pending->done(status, result);
  if (result != nullptr) ares_freeaddrinfo(result);
}

void on_answer(void* argument, int status, int, unsigned char* answer, int length) {
  using Callback = std::function<void(int, std::span<const unsigned char>)>;
  std::unique_ptr<Pending<Callback>> pending(static_cast<Pending<Callback>*>(argument));
  if (status == ARES_EDESTRUCTION) return;
  std::span<const unsigned char> bytes;
  if (status == ARES_SUCCESS && answer != nullptr)
    bytes = {answer, static_cast<std::size_t>(length)};
  pending->done(status, bytes);
}

timeval to_timeval(int milliseconds) { return {milliseconds / 1000, (milliseconds % 1000) * 1000}; }

}  // namespace

struct DnsResolver::Channel {
  ares_channel channel = nullptr;
  ~Channel() {
    if (channel != nullptr) ares_destroy(channel);
  }
};

DnsResolver::DnsResolver(std::unique_ptr<Channel> channel) : channel_(std::move(channel)) {}
DnsResolver::~DnsResolver() = default;

Result<std::unique_ptr<DnsResolver>> DnsResolver::create(const std::vector<std::string>& servers) {
  initialise_library();
  auto channel = std::make_unique<Channel>();
  // NOCHECKRESP: a SERVFAIL or REFUSED answer is reported as such, not retried elsewhere and then
  // reported as "could not contact DNS servers", so the report can say what the DNS said.
  ares_options options{};
  options.flags = ARES_FLAG_NOCHECKRESP;
  if (int status = ares_init_options(&channel->channel, &options, ARES_OPT_FLAGS);
      status != ARES_SUCCESS) {
    return Error{ErrorCode::dns, "dns",
                 std::string("cannot start the resolver: ") + ares_strerror(status)};
  }
  if (!servers.empty()) {
    std::string csv;
    for (const std::string& server : servers) csv += (csv.empty() ? "" : ",") + server;
    if (int status = ares_set_servers_ports_csv(channel->channel, csv.c_str());
        status != ARES_SUCCESS) {
      return Error{ErrorCode::usage, "dns",
                   "invalid DNS server list '" + csv + "': " + ares_strerror(status)};
    }
  }
  return std::unique_ptr<DnsResolver>(new DnsResolver(std::move(channel)));
}

void DnsResolver::lookup_addresses(const std::string& name, Done<std::vector<std::string>> done) {
  if (is_numeric_address(name)) {
    done(std::vector<std::string>{name});
    return;
  }
  using Callback = std::function<void(int, ares_addrinfo*)>;
  auto* pending =
      new Pending<Callback>{[name, done = std::move(done)](int status, ares_addrinfo* result) {
        if (status != ARES_SUCCESS) return done(resolve_error(name, status));
        std::vector<std::string> addresses =
            result ? addresses_of(result) : std::vector<std::string>{};
        if (addresses.empty()) return done(resolve_error(name, ARES_ENODATA));
        done(std::move(addresses));
      }};
  ares_addrinfo_hints hints{};
  hints.ai_family = AF_UNSPEC;
  ares_getaddrinfo(channel_->channel, name.c_str(), nullptr, &hints, on_addresses, pending);
}

void DnsResolver::query(const std::string& name, int type,
                        std::function<void(int, std::span<const unsigned char>)> done) {
  using Callback = std::function<void(int, std::span<const unsigned char>)>;
  auto* pending = new Pending<Callback>{std::move(done)};
  ares_query(channel_->channel, name.c_str(), ns_c_in, type, on_answer, pending);
}

void DnsResolver::lookup_srv(const std::string& name, Done<std::vector<SrvRecord>> done) {
  query(name, ns_t_srv, [name, done = std::move(done)](int status, auto bytes) {
    if (status == ARES_ENODATA)
      return done(Error{ErrorCode::dns, "dns", name + ": no SRV records"});
    if (status != ARES_SUCCESS) return done(resolve_error(name, status));
    done(parse_srv_answer(name, bytes));
  });
}

void DnsResolver::lookup_txt(const std::string& name, Done<std::vector<TxtRecord>> done) {
  query(name, ns_t_txt, [name, done = std::move(done)](int status, auto bytes) {
    if (status == ARES_ENOTFOUND || status == ARES_ENODATA) return done(std::vector<TxtRecord>{});
    if (status != ARES_SUCCESS) return done(resolve_error(name, status));
    done(parse_txt_answer(name, bytes));
  });
}

std::vector<pollfd> DnsResolver::poll_entries() const {
  ares_socket_t sockets[ARES_GETSOCK_MAXNUM];
  const int bitmap = ares_getsock(channel_->channel, sockets, ARES_GETSOCK_MAXNUM);
  std::vector<pollfd> entries;
  for (int i = 0; i < ARES_GETSOCK_MAXNUM; ++i) {
    short events = 0;
    if (ARES_GETSOCK_READABLE(bitmap, i)) events |= POLLIN;
    if (ARES_GETSOCK_WRITABLE(bitmap, i)) events |= POLLOUT;
    if (events != 0) entries.push_back({sockets[i], events, 0});
  }
  return entries;
}

int DnsResolver::timeout_ms(int cap_ms) const {
  timeval cap = to_timeval(cap_ms);
  timeval wait{};
  const timeval* next = ares_timeout(channel_->channel, &cap, &wait);
  return static_cast<int>(next->tv_sec * 1000 + (next->tv_usec + 999) / 1000);
}

void DnsResolver::process(std::span<const pollfd> entries) {
  for (const pollfd& entry : entries) {
    const bool readable = (entry.revents & (POLLIN | POLLERR | POLLHUP)) != 0;
    const bool writable = (entry.revents & POLLOUT) != 0;
    if (!readable && !writable) continue;
    ares_process_fd(channel_->channel, readable ? entry.fd : ARES_SOCKET_BAD,
                    writable ? entry.fd : ARES_SOCKET_BAD);
  }
  ares_process_fd(channel_->channel, ARES_SOCKET_BAD, ARES_SOCKET_BAD);  // retries and timeouts
}

void DnsResolver::run_until(Deadline deadline, const std::function<bool()>& finished) {
  while (!finished()) {
    if (deadline.expired()) return cancel_all();
    std::vector<pollfd> entries = poll_entries();
    ::poll(entries.data(), entries.size(), timeout_ms(deadline.remaining_ms()));
    process(entries);
  }
}

void DnsResolver::cancel_all() {
  ares_cancel(channel_->channel);  // every callback runs with ARES_ECANCELLED
}

namespace {

// Waits for one lookup started by `start`.
template <class T, class Start>
Result<T> wait_for(DnsResolver& resolver, Deadline deadline, Start start) {
  std::optional<Result<T>> answer;
  start([&answer](Result<T> result) { answer.emplace(std::move(result)); });
  resolver.run_until(deadline, [&answer] { return answer.has_value(); });
  return std::move(*answer);
}

}  // namespace

Result<std::vector<std::string>> DnsResolver::resolve_addresses(const std::string& name,
                                                                Deadline deadline) {
  return wait_for<std::vector<std::string>>(
      *this, deadline, [&](auto done) { lookup_addresses(name, std::move(done)); });
}

Result<std::vector<SrvRecord>> DnsResolver::resolve_srv(const std::string& name,
                                                        Deadline deadline) {
  return wait_for<std::vector<SrvRecord>>(*this, deadline,
                                          [&](auto done) { lookup_srv(name, std::move(done)); });
}

Result<std::vector<TxtRecord>> DnsResolver::resolve_txt(const std::string& name,
                                                        Deadline deadline) {
  return wait_for<std::vector<TxtRecord>>(*this, deadline,
                                          [&](auto done) { lookup_txt(name, std::move(done)); });
}

}  // namespace mongoscan
