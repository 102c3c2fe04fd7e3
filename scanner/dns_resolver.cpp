#include "scanner/dns_resolver.h"

#include <ares.h>
#include <arpa/inet.h>
#include <arpa/nameser.h>
#include <netinet/in.h>
#include <poll.h>

#include <mutex>

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
      return {ErrorCode::timeout, "dns", name + ": no DNS answer before the deadline"};
    default:
      return {ErrorCode::dns, "dns", name + ": " + ares_strerror(status)};
  }
}

struct AddressQuery {
  bool done = false;
  int status = ARES_SUCCESS;
  std::vector<std::string> addresses;
};

void on_addresses(void* argument, int status, int, ares_addrinfo* result) {
  auto* query = static_cast<AddressQuery*>(argument);
  query->done = true;
  query->status = status;
  if (result == nullptr) return;
  for (ares_addrinfo_node* node = result->nodes; node != nullptr; node = node->ai_next) {
    char text[INET6_ADDRSTRLEN] = {};
    const void* address =
        node->ai_family == AF_INET
            ? static_cast<const void*>(&reinterpret_cast<sockaddr_in*>(node->ai_addr)->sin_addr)
            : static_cast<const void*>(&reinterpret_cast<sockaddr_in6*>(node->ai_addr)->sin6_addr);
    if (inet_ntop(node->ai_family, address, text, sizeof text) != nullptr)
      query->addresses.push_back(text);
  }
  ares_freeaddrinfo(result);
}

// The bytes of a DNS answer (or the status of a failed query), copied out of the callback.
struct AnswerQuery {
  bool done = false;
  int status = ARES_SUCCESS;
  std::vector<unsigned char> bytes;
};

void on_answer(void* argument, int status, int, unsigned char* answer, int length) {
  auto* query = static_cast<AnswerQuery*>(argument);
  query->done = true;
  query->status = status;
  if (status == ARES_SUCCESS && answer != nullptr) query->bytes.assign(answer, answer + length);
}

std::string without_trailing_dot(std::string name) {
  if (name.ends_with('.')) name.pop_back();
  return name;
}

Result<std::vector<SrvRecord>> parse_srv_answer(const std::string& name,
                                                const std::vector<unsigned char>& bytes) {
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
                                                const std::vector<unsigned char>& bytes) {
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

}  // namespace

struct DnsResolver::RawAnswer {
  int status = ARES_SUCCESS;
  std::vector<unsigned char> bytes;
};

struct DnsResolver::Channel {
  ares_channel channel = nullptr;
  ~Channel() {
    if (channel != nullptr) ares_destroy(channel);
  }
};

DnsResolver::DnsResolver(std::unique_ptr<Channel> channel) : channel_(std::move(channel)) {}
DnsResolver::~DnsResolver() = default;

bool is_numeric_address(const std::string& host) {
  unsigned char buffer[sizeof(in6_addr)];
  return inet_pton(AF_INET, host.c_str(), buffer) == 1 ||
         inet_pton(AF_INET6, host.c_str(), buffer) == 1;
}

Result<std::unique_ptr<DnsResolver>> DnsResolver::create(const std::vector<std::string>& servers) {
  initialise_library();
  auto channel = std::make_unique<Channel>();
  if (int status = ares_init(&channel->channel); status != ARES_SUCCESS) {
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

Result<Ok> DnsResolver::run_until_done(Deadline deadline, const bool& done) {
  while (!done) {
    ares_socket_t sockets[ARES_GETSOCK_MAXNUM];
    const int bitmap = ares_getsock(channel_->channel, sockets, ARES_GETSOCK_MAXNUM);
    std::vector<pollfd> entries;
    for (int i = 0; i < ARES_GETSOCK_MAXNUM; ++i) {
      short events = 0;
      if (ARES_GETSOCK_READABLE(bitmap, i)) events |= POLLIN;
      if (ARES_GETSOCK_WRITABLE(bitmap, i)) events |= POLLOUT;
      if (events != 0) entries.push_back({sockets[i], events, 0});
    }
    if (deadline.expired()) {
      ares_cancel(channel_->channel);  // runs the callbacks with ARES_ECANCELLED
      return Error{ErrorCode::timeout, "dns", "no DNS answer before the deadline"};
    }
    timeval cap{0, 0};
    const int budget = deadline.remaining_ms();
    cap.tv_sec = budget / 1000;
    cap.tv_usec = (budget % 1000) * 1000;
    timeval wait{};
    timeval* next = ares_timeout(channel_->channel, &cap, &wait);
    const int timeout_ms = static_cast<int>(next->tv_sec * 1000 + next->tv_usec / 1000);
    ::poll(entries.data(), entries.size(), timeout_ms);
    if (entries.empty()) {
      ares_process_fd(channel_->channel, ARES_SOCKET_BAD, ARES_SOCKET_BAD);
      continue;
    }
    for (const pollfd& entry : entries) {
      ares_process_fd(channel_->channel,
                      (entry.revents & (POLLIN | POLLERR | POLLHUP)) ? entry.fd : ARES_SOCKET_BAD,
                      (entry.revents & POLLOUT) ? entry.fd : ARES_SOCKET_BAD);
    }
  }
  return Ok{};
}

Result<std::vector<std::string>> DnsResolver::resolve_addresses(const std::string& name,
                                                                Deadline deadline) {
  if (is_numeric_address(name)) return std::vector<std::string>{name};
  AddressQuery query;
  ares_addrinfo_hints hints{};
  hints.ai_family = AF_UNSPEC;
  ares_getaddrinfo(channel_->channel, name.c_str(), nullptr, &hints, on_addresses, &query);
  if (auto ran = run_until_done(deadline, query.done); !ran) {
    return Error{ran.error().code, "dns", name + ": " + ran.error().message};
  }
  if (query.status != ARES_SUCCESS) return resolve_error(name, query.status);
  if (query.addresses.empty()) return resolve_error(name, ARES_ENODATA);
  return query.addresses;
}

Result<DnsResolver::RawAnswer> DnsResolver::query(const std::string& name, int type,
                                                  Deadline deadline) {
  AnswerQuery query;
  ares_query(channel_->channel, name.c_str(), ns_c_in, type, on_answer, &query);
  if (auto ran = run_until_done(deadline, query.done); !ran) {
    return Error{ran.error().code, "dns", name + ": " + ran.error().message};
  }
  return RawAnswer{query.status, std::move(query.bytes)};
}

Result<std::vector<SrvRecord>> DnsResolver::resolve_srv(const std::string& name,
                                                        Deadline deadline) {
  auto answer = query(name, ns_t_srv, deadline);
  if (!answer) return answer.error();
  if (answer.value().status == ARES_ENODATA) {
    return Error{ErrorCode::dns, "dns", name + ": no SRV records"};
  }
  if (answer.value().status != ARES_SUCCESS) return resolve_error(name, answer.value().status);
  return parse_srv_answer(name, answer.value().bytes);
}

Result<std::vector<TxtRecord>> DnsResolver::resolve_txt(const std::string& name,
                                                        Deadline deadline) {
  auto answer = query(name, ns_t_txt, deadline);
  if (!answer) return answer.error();
  const int status = answer.value().status;
  if (status == ARES_ENOTFOUND || status == ARES_ENODATA) return std::vector<TxtRecord>{};
  if (status != ARES_SUCCESS) return resolve_error(name, status);
  return parse_txt_answer(name, answer.value().bytes);
}

}  // namespace mongoscan
