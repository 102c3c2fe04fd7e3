#include "scanner/probe/connection_offers.h"

#include "scanner/probe/weak_tls_probe.h"
#include "scanner/wire/mongo_connection.h"
#include "scanner/wire/tcp_connection.h"

namespace mongoscan {
namespace {

Deadline connect_deadline(const ConnectionOffersTarget& target) {
  return Deadline::after(target.connect_timeout).capped_by(target.node_deadline);
}

Result<std::unique_ptr<TcpConnection>> connect(const ConnectionOffersTarget& target) {
  return TcpConnection::connect(target.connected_address, target.port, connect_deadline(target));
}

// Does the TLS node's port also answer hello in plaintext? A refused or garbled answer is no.
void probe_plaintext(const ConnectionOffersTarget& target, ConnectionOffersFacts& facts) {
  auto tcp = connect(target);
  if (!tcp) {
    facts.plaintext_error = Error{tcp.error().code, "plaintext", tcp.error().message};
    return;
  }
  MongoConnection connection(std::move(tcp).value());
  bson::Document arguments;
  if (target.load_balanced) arguments.append("loadBalanced", true);
  auto reply =
      connection.run(AllowedCommand::hello, 1, arguments, "admin", connect_deadline(target));
  if (reply) {
    facts.plaintext_accepted = true;
  } else if (reply.error().code == ErrorCode::refused ||
             reply.error().code == ErrorCode::protocol) {
    facts.plaintext_accepted = false;
  } else {
    facts.plaintext_error = Error{reply.error().code, "plaintext", reply.error().message};
  }
}

}  // namespace

ConnectionOffersFacts probe_connection_offers(const ConnectionOffersTarget& target) {
  ConnectionOffersFacts facts;
  probe_plaintext(target, facts);
  for (WeakTlsOffer offer : weak_tls_offers()) {
    facts.weak_tls_handshakes.push_back(probe_weak_tls(
        offer, [&target] { return connect(target); }, target.server_name,
        connect_deadline(target)));
  }
  return facts;
}

}  // namespace mongoscan
