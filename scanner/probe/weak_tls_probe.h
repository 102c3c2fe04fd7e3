#pragma once
// Handshakes offering a server only what it should refuse: TLS 1.0, TLS 1.1, or one weak cipher
// class at TLS 1.2. Each is a bare handshake: nothing is sent after it (no command, no
// credentials), then the connection closes. OpenSSL's security level is lowered to 0 for these
// handshakes' own contexts only.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/facts/tls_facts.h"
#include "scanner/wire/deadline.h"
#include "scanner/wire/tcp_connection.h"

namespace mongoscan {

enum class WeakTlsOffer { tls1_0, tls1_1, null_cipher, anonymous, export_grade, rc4, triple_des };

// "TLSv1", "TLSv1.1", "NULL", "aNULL", "EXPORT", "RC4", "3DES".
std::string_view to_string(WeakTlsOffer offer);

// Every offer, the protocol versions first.
const std::vector<WeakTlsOffer>& weak_tls_offers();

using TcpConnector = std::function<Result<std::unique_ptr<TcpConnection>>()>;

// One handshake offering only `offer` over a connection from `connect`, which is called only when
// this OpenSSL build can make the offer (otherwise: not_testable, and no connection). The server
// closing or refusing the handshake is `refused`; a failed connect or the deadline is `error`.
// server_name goes into SNI when it is a host name; the certificate is not verified.
WeakTlsHandshake probe_weak_tls(WeakTlsOffer offer, const TcpConnector& connect,
                                const std::string& server_name, Deadline deadline);

}  // namespace mongoscan
