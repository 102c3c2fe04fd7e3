#include "scanner/wire/tls_stream.h"

#include <arpa/inet.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <ctime>

#include "scanner/posix/input_file.h"
#include "scanner/text/lower_hex.h"
#include "scanner/wire/numeric_address.h"
#include "scanner/wire/openssl_error.h"
#include "scanner/wire/tls_groups.h"

namespace mongoscan {
namespace {

Error tls_error(std::string_view phase, std::string message) {
  return Error{ErrorCode::tls, std::string(phase), std::move(message)};
}

std::string name_text(const X509_NAME* name) {
  BIO* bio = BIO_new(BIO_s_mem());
  X509_NAME_print_ex(bio, name, 0, XN_FLAG_RFC2253);
  char* data = nullptr;
  long length = BIO_get_mem_data(bio, &data);
  std::string text(data, static_cast<std::size_t>(length));
  BIO_free(bio);
  return text;
}

std::string time_text(const ASN1_TIME* time) {
  std::tm parts{};
  if (ASN1_TIME_to_tm(time, &parts) != 1) return "";
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

std::vector<std::string> alt_names(X509* certificate) {
  std::vector<std::string> names;
  auto* general_names = static_cast<GENERAL_NAMES*>(
      X509_get_ext_d2i(certificate, NID_subject_alt_name, nullptr, nullptr));
  if (general_names == nullptr) return names;
  for (int i = 0; i < sk_GENERAL_NAME_num(general_names); ++i) {
    const GENERAL_NAME* name = sk_GENERAL_NAME_value(general_names, i);
    if (name->type == GEN_DNS) {
      const auto* dns = name->d.dNSName;
      names.push_back("DNS:" +
                      std::string(reinterpret_cast<const char*>(ASN1_STRING_get0_data(dns)),
                                  ASN1_STRING_length(dns)));
    } else if (name->type == GEN_IPADD) {
      const auto* ip = name->d.iPAddress;
      char text[INET6_ADDRSTRLEN] = {};
      int family = ASN1_STRING_length(ip) == 4 ? AF_INET : AF_INET6;
      inet_ntop(family, ASN1_STRING_get0_data(ip), text, sizeof text);
      names.push_back(std::string("IP:") + text);
    }
  }
  GENERAL_NAMES_free(general_names);
  return names;
}

std::string key_type_name(const EVP_PKEY* key) {
  switch (EVP_PKEY_get_base_id(key)) {
    case EVP_PKEY_RSA:
      return "RSA";
    case EVP_PKEY_RSA_PSS:
      return "RSA-PSS";
    case EVP_PKEY_EC:
      return "EC";
    case EVP_PKEY_DSA:
      return "DSA";
    case EVP_PKEY_ED25519:
      return "ED25519";
    case EVP_PKEY_ED448:
      return "ED448";
    default:
      return OBJ_nid2sn(EVP_PKEY_get_base_id(key));
  }
}

CertificateFacts certificate_facts(X509* certificate) {
  CertificateFacts facts;
  facts.subject = name_text(X509_get_subject_name(certificate));
  facts.issuer = name_text(X509_get_issuer_name(certificate));
  facts.subject_alt_names = alt_names(certificate);
  facts.not_before = time_text(X509_get0_notBefore(certificate));
  facts.not_after = time_text(X509_get0_notAfter(certificate));
  if (EVP_PKEY* key = X509_get0_pubkey(certificate)) {
    facts.key_type = key_type_name(key);
    facts.key_bits = EVP_PKEY_get_bits(key);
  }
  facts.signature_algorithm = OBJ_nid2ln(X509_get_signature_nid(certificate));
  facts.self_signed = X509_check_issued(certificate, certificate) == X509_V_OK;
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int digest_length = 0;
  if (X509_digest(certificate, EVP_sha256(), digest, &digest_length) == 1) {
    facts.sha256 =
        lower_hex(std::string_view(reinterpret_cast<const char*>(digest), digest_length));
  }
  return facts;
}

// Whether the leaf certificate names `expected_name` (a host name, or an IP in its IP SANs).
bool names_match(X509* leaf, const std::string& expected_name) {
  if (is_numeric_address(expected_name))
    return X509_check_ip_asc(leaf, expected_name.c_str(), 0) == 1;
  return X509_check_host(leaf, expected_name.c_str(), expected_name.size(), 0, nullptr) == 1;
}

// The chain the server sent, verified up to the context's trusted CAs for a TLS server, without
// names or validity dates: "" when it verifies, else OpenSSL's first reason.
std::string chain_error(SSL_CTX* ctx, X509* leaf, STACK_OF(X509) * sent) {
  X509_STORE_CTX* store = X509_STORE_CTX_new();
  if (store == nullptr) return openssl_error_reason();
  std::string error;
  if (X509_STORE_CTX_init(store, SSL_CTX_get_cert_store(ctx), leaf, sent) != 1) {
    error = openssl_error_reason();
  } else {
    X509_STORE_CTX_set_default(store, "ssl_server");
    X509_VERIFY_PARAM_set_flags(X509_STORE_CTX_get0_param(store), X509_V_FLAG_NO_CHECK_TIME);
    if (X509_verify_cert(store) != 1) {
      error = X509_verify_cert_error_string(X509_STORE_CTX_get_error(store));
    }
  }
  X509_STORE_CTX_free(store);
  ERR_clear_error();
  return error;
}

}  // namespace

struct TlsClientContext::Handle {
  explicit Handle(SSL_CTX* context) : ctx(context) {}
  ~Handle() { SSL_CTX_free(ctx); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  SSL_CTX* ctx;
};

TlsClientContext::TlsClientContext(TlsOptions options, std::unique_ptr<Handle> handle)
    : options_(std::move(options)), handle_(std::move(handle)) {}
TlsClientContext::~TlsClientContext() = default;

Result<std::shared_ptr<TlsClientContext>> TlsClientContext::create(const TlsOptions& options) {
  auto handle = std::make_unique<Handle>(SSL_CTX_new(TLS_client_method()));
  SSL_CTX* ctx = handle->ctx;
  if (ctx == nullptr) return tls_error("tls", openssl_error_reason());
  // Security level 0 so that weak server keys still handshake and are reported as findings;
  // protocol versions below TLS 1.2 are never used for the probe's own session.
  SSL_CTX_set_security_level(ctx, 0);
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  if (SSL_CTX_set1_groups_list(ctx, kTlsClientGroups) != 1) {
    return tls_error("tls", "this OpenSSL cannot offer the TLS groups " +
                                std::string(kTlsClientGroups) + ": " + openssl_error_reason());
  }
  SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
  // OpenSSL opens the files itself: a FIFO would block it and a device never end, so what is not
  // a regular file within its limit is refused first.
  if (!options.ca_file.empty()) {
    if (const std::string why = input_file_refusal(options.ca_file, kCaBundleInput); !why.empty()) {
      return tls_error("tls", "cannot load CA file '" + options.ca_file + "': " + why);
    }
  }
  if (!options.cert_key_file.empty()) {
    if (const std::string why = input_file_refusal(options.cert_key_file, kKeyInput);
        !why.empty()) {
      return tls_error("tls",
                       "cannot load client certificate '" + options.cert_key_file + "': " + why);
    }
  }
  const bool loaded = options.ca_file.empty() ? SSL_CTX_set_default_verify_paths(ctx) == 1
                                              : SSL_CTX_load_verify_locations(
                                                    ctx, options.ca_file.c_str(), nullptr) == 1;
  if (!loaded) {
    return tls_error("tls",
                     "cannot load CA file '" + options.ca_file + "': " + openssl_error_reason());
  }
  if (!options.cert_key_file.empty()) {
    if (SSL_CTX_use_certificate_chain_file(ctx, options.cert_key_file.c_str()) != 1 ||
        SSL_CTX_use_PrivateKey_file(ctx, options.cert_key_file.c_str(), SSL_FILETYPE_PEM) != 1) {
      return tls_error("tls", "cannot load client certificate '" + options.cert_key_file +
                                  "': " + openssl_error_reason());
    }
  }
  return std::shared_ptr<TlsClientContext>(new TlsClientContext(options, std::move(handle)));
}

struct TlsStream::Session {
  explicit Session(SSL* session) : ssl(session) {}
  ~Session() { SSL_free(ssl); }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  SSL* ssl;
};

TlsStream::TlsStream(std::unique_ptr<TcpConnection> connection, std::unique_ptr<Session> session)
    : connection_(std::move(connection)), session_(std::move(session)) {}
TlsStream::~TlsStream() = default;

Result<Ok> TlsStream::wait_for(int ssl_error, std::string_view phase, Deadline deadline) {
  if (ssl_error == SSL_ERROR_WANT_READ || ssl_error == SSL_ERROR_WANT_WRITE) {
    auto ready = connection_->wait(ssl_error == SSL_ERROR_WANT_WRITE, deadline);
    if (!ready) return Error{ready.error().code, std::string(phase), ready.error().message};
    return Ok{};
  }
  if (ssl_error == SSL_ERROR_ZERO_RETURN ||
      (ssl_error == SSL_ERROR_SYSCALL && ERR_peek_error() == 0)) {
    ERR_clear_error();
    return Error{ErrorCode::refused, std::string(phase), "the server closed the connection"};
  }
  return tls_error(phase, openssl_error_reason());
}

Result<std::unique_ptr<TlsStream>> TlsStream::handshake(std::unique_ptr<TcpConnection> connection,
                                                        const TlsClientContext& context,
                                                        const std::string& expected_name,
                                                        Deadline deadline) {
  SSL* ssl = SSL_new(context.handle_->ctx);
  if (ssl == nullptr) return tls_error("tls", openssl_error_reason());
  auto session = std::make_unique<Session>(ssl);
  SSL_set_fd(ssl, connection->fd());
  X509_VERIFY_PARAM* parameters = SSL_get0_param(ssl);
  if (is_numeric_address(expected_name)) {
    X509_VERIFY_PARAM_set1_ip_asc(parameters, expected_name.c_str());
  } else {
    X509_VERIFY_PARAM_set1_host(parameters, expected_name.c_str(), 0);
    SSL_set_tlsext_host_name(ssl, expected_name.c_str());
  }
  std::unique_ptr<TlsStream> stream(new TlsStream(std::move(connection), std::move(session)));
  while (true) {
    int result = SSL_connect(ssl);
    if (result == 1) break;
    if (auto waited = stream->wait_for(SSL_get_error(ssl, result), "tls", deadline); !waited) {
      return waited.error();
    }
  }
  TlsFacts& facts = stream->facts_;
  facts.protocol = SSL_get_version(ssl);
  facts.cipher = SSL_get_cipher_name(ssl);
  if (STACK_OF(X509)* chain = SSL_get_peer_cert_chain(ssl)) {
    for (int i = 0; i < sk_X509_num(chain); ++i)
      facts.chain.push_back(certificate_facts(sk_X509_value(chain, i)));
  }
  const long verify_result = SSL_get_verify_result(ssl);
  facts.verified = verify_result == X509_V_OK && !facts.chain.empty();
  if (!facts.verified) {
    facts.verify_error = facts.chain.empty() ? "the server sent no certificate"
                                             : X509_verify_cert_error_string(verify_result);
  }
  facts.verified_name = expected_name;
  if (X509* leaf = SSL_get0_peer_certificate(ssl)) {
    facts.name_matches = names_match(leaf, expected_name);
    facts.chain_verify_error =
        chain_error(context.handle_->ctx, leaf, SSL_get_peer_cert_chain(ssl));
    facts.chain_verified = facts.chain_verify_error.empty();
  }
  facts.insecure = context.options().insecure;
  return stream;
}

Result<Ok> TlsStream::write_all(std::span<const std::uint8_t> bytes, Deadline deadline) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    std::size_t written = 0;
    int result = SSL_write_ex(session_->ssl, bytes.data() + sent, bytes.size() - sent, &written);
    if (result == 1) {
      sent += written;
      continue;
    }
    if (auto waited = wait_for(SSL_get_error(session_->ssl, result), "write", deadline); !waited) {
      return waited;
    }
  }
  return Ok{};
}

Result<Ok> TlsStream::read_exact(std::span<std::uint8_t> buffer, Deadline deadline) {
  std::size_t received = 0;
  while (received < buffer.size()) {
    std::size_t read = 0;
    int result =
        SSL_read_ex(session_->ssl, buffer.data() + received, buffer.size() - received, &read);
    if (result == 1) {
      received += read;
      continue;
    }
    if (auto waited = wait_for(SSL_get_error(session_->ssl, result), "read", deadline); !waited) {
      return waited;
    }
  }
  return Ok{};
}

}  // namespace mongoscan
