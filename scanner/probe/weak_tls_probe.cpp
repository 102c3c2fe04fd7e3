#include "scanner/probe/weak_tls_probe.h"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cerrno>
#include <cstring>

#include "scanner/wire/numeric_address.h"
#include "scanner/wire/openssl_error.h"
#include "scanner/wire/tls_groups.h"

namespace mongoscan {
namespace {

using Outcome = WeakTlsHandshake::Outcome;

struct OfferSpec {
  WeakTlsOffer offer;
  std::string_view name;
  int min_version;
  int max_version;
  std::string_view ciphers;  // OpenSSL cipher string (TLS 1.2 and below)
};

// Protocol probes offer ordinary ciphers so that only the version decides; cipher-class probes
// offer nothing but the class, up to TLS 1.2 (TLS 1.3 has no weak suites to offer).
constexpr OfferSpec kOffers[] = {
    {WeakTlsOffer::tls1_0, "TLSv1", TLS1_VERSION, TLS1_VERSION, "DEFAULT"},
    {WeakTlsOffer::tls1_1, "TLSv1.1", TLS1_1_VERSION, TLS1_1_VERSION, "DEFAULT"},
    {WeakTlsOffer::null_cipher, "NULL", TLS1_VERSION, TLS1_2_VERSION, "eNULL"},
    {WeakTlsOffer::anonymous, "aNULL", TLS1_VERSION, TLS1_2_VERSION, "aNULL"},
    {WeakTlsOffer::export_grade, "EXPORT", TLS1_VERSION, TLS1_2_VERSION, "EXPORT"},
    {WeakTlsOffer::rc4, "RC4", TLS1_VERSION, TLS1_2_VERSION, "RC4"},
    {WeakTlsOffer::triple_des, "3DES", TLS1_VERSION, TLS1_2_VERSION, "3DES"},
};

const OfferSpec& spec_of(WeakTlsOffer offer) {
  for (const OfferSpec& spec : kOffers) {
    if (spec.offer == offer) return spec;
  }
  return kOffers[0];
}

WeakTlsHandshake outcome(const OfferSpec& spec, Outcome result, std::string detail) {
  return {std::string(spec.name), result, "", "", std::move(detail)};
}

WeakTlsHandshake not_testable(const OfferSpec& spec) {
  return outcome(spec, Outcome::not_testable,
                 "not testable with this OpenSSL (" +
                     std::string(OpenSSL_version(OPENSSL_VERSION)) + "): it cannot offer " +
                     std::string(spec.name));
}

using ContextHandle = std::unique_ptr<SSL_CTX, decltype(&SSL_CTX_free)>;
using SessionHandle = std::unique_ptr<SSL, decltype(&SSL_free)>;

// A context offering only the spec (with every group), at security level 0; null when this
// OpenSSL cannot.
ContextHandle offer_context(const OfferSpec& spec) {
  ContextHandle ctx(SSL_CTX_new(TLS_client_method()), SSL_CTX_free);
  const std::string ciphers = std::string(spec.ciphers) + ":@SECLEVEL=0";
  const bool made = ctx && SSL_CTX_set_min_proto_version(ctx.get(), spec.min_version) == 1 &&
                    SSL_CTX_set_max_proto_version(ctx.get(), spec.max_version) == 1 &&
                    SSL_CTX_set_cipher_list(ctx.get(), ciphers.c_str()) == 1 &&
                    SSL_CTX_set1_groups_list(ctx.get(), kTlsClientGroups) == 1;
  ERR_clear_error();
  if (!made) return ContextHandle(nullptr, SSL_CTX_free);
  SSL_CTX_set_security_level(ctx.get(), 0);
  SSL_CTX_set_verify(ctx.get(), SSL_VERIFY_NONE, nullptr);
  return ctx;
}

// Whether the session has any cipher it may offer under its version limits.
bool can_offer(SSL* ssl) {
  STACK_OF(SSL_CIPHER)* ciphers = SSL_get1_supported_ciphers(ssl);
  const bool any = ciphers != nullptr && sk_SSL_CIPHER_num(ciphers) > 0;
  sk_SSL_CIPHER_free(ciphers);
  return any;
}

// What a failed SSL_connect means: the server would not complete this handshake, unless the
// failure is local (OpenSSL had nothing to offer).
WeakTlsHandshake failure(const OfferSpec& spec, int ssl_error) {
  if (ssl_error == SSL_ERROR_SSL) {
    const int reason = ERR_GET_REASON(ERR_peek_error());
    if (reason == SSL_R_NO_PROTOCOLS_AVAILABLE || reason == SSL_R_NO_CIPHERS_AVAILABLE) {
      ERR_clear_error();
      return not_testable(spec);
    }
    if (reason == SSL_R_UNEXPECTED_EOF_WHILE_READING) {
      ERR_clear_error();
      return outcome(spec, Outcome::refused, "the server closed the connection");
    }
    return outcome(spec, Outcome::refused, openssl_error_reason());
  }
  if (ssl_error == SSL_ERROR_ZERO_RETURN || ssl_error == SSL_ERROR_SYSCALL) {
    const bool reset = ssl_error == SSL_ERROR_SYSCALL && ERR_peek_error() == 0 && errno != 0;
    ERR_clear_error();
    return outcome(spec, Outcome::refused,
                   reset ? std::string("the server reset the connection: ") + std::strerror(errno)
                         : "the server closed the connection");
  }
  return outcome(spec, Outcome::error, openssl_error_reason());
}

// The offer's context, made once per process and shared by every probe (a context is read-only
// once made, and OpenSSL lets threads make sessions of one context at once): making one costs
// more than the handshake it is for. Null when this OpenSSL cannot make the offer.
SSL_CTX* shared_offer_context(const OfferSpec& spec) {
  static const std::vector<ContextHandle> contexts = [] {
    std::vector<ContextHandle> made;
    for (const OfferSpec& offer : kOffers) made.push_back(offer_context(offer));
    return made;
  }();
  return contexts[static_cast<std::size_t>(&spec - kOffers)].get();
}

}  // namespace

std::string_view to_string(WeakTlsOffer offer) { return spec_of(offer).name; }

const std::vector<WeakTlsOffer>& weak_tls_offers() {
  static const std::vector<WeakTlsOffer> offers = [] {
    std::vector<WeakTlsOffer> all;
    for (const OfferSpec& spec : kOffers) all.push_back(spec.offer);
    return all;
  }();
  return offers;
}

WeakTlsHandshake probe_weak_tls(WeakTlsOffer offer, const TcpConnector& connect,
                                const std::string& server_name, Deadline deadline) {
  const OfferSpec& spec = spec_of(offer);
  SSL_CTX* ctx = shared_offer_context(spec);
  if (ctx == nullptr) return not_testable(spec);
  SessionHandle ssl(SSL_new(ctx), SSL_free);
  if (!ssl) return outcome(spec, Outcome::error, openssl_error_reason());
  if (!can_offer(ssl.get())) return not_testable(spec);
  auto connection = connect();
  if (!connection) {
    return outcome(spec, Outcome::error,
                   connection.error().phase + ": " + connection.error().message);
  }
  SSL_set_fd(ssl.get(), connection.value()->fd());
  if (!is_numeric_address(server_name)) SSL_set_tlsext_host_name(ssl.get(), server_name.c_str());
  while (true) {
    ERR_clear_error();
    errno = 0;
    const int result = SSL_connect(ssl.get());
    if (result == 1) break;
    const int ssl_error = SSL_get_error(ssl.get(), result);
    if (ssl_error != SSL_ERROR_WANT_READ && ssl_error != SSL_ERROR_WANT_WRITE) {
      return failure(spec, ssl_error);
    }
    if (auto ready = connection.value()->wait(ssl_error == SSL_ERROR_WANT_WRITE, deadline);
        !ready) {
      return outcome(spec, Outcome::error, "handshake: " + ready.error().message);
    }
  }
  WeakTlsHandshake accepted = outcome(spec, Outcome::accepted, "");
  accepted.protocol = SSL_get_version(ssl.get());
  accepted.cipher = SSL_get_cipher_name(ssl.get());
  SSL_shutdown(ssl.get());  // close_notify if the socket takes it now; nothing else is sent
  ERR_clear_error();
  return accepted;
}

}  // namespace mongoscan
