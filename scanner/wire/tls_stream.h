#pragma once
// A TLS client session over a TcpConnection (OpenSSL), with the handshake's facts.

#include <memory>
#include <string>

#include "scanner/facts/tls_facts.h"
#include "scanner/wire/tcp_connection.h"

namespace mongoscan {

struct TlsOptions {
  std::string ca_file;        // empty: the system store
  std::string cert_key_file;  // PEM with certificate and key, for MONGODB-X509
  bool insecure = false;      // --tls-insecure: probe on although the certificate does not verify
};

// The client configuration shared by every handshake of a scan (the CA store is loaded once).
class TlsClientContext {
 public:
  // Errors (ErrorCode::tls) name the file that could not be loaded and OpenSSL's reason.
  static Result<std::shared_ptr<TlsClientContext>> create(const TlsOptions& options);
  ~TlsClientContext();
  const TlsOptions& options() const { return options_; }

 private:
  friend class TlsStream;
  struct Handle;
  TlsClientContext(TlsOptions options, std::unique_ptr<Handle> handle);
  TlsOptions options_;
  std::unique_ptr<Handle> handle_;
};

class TlsStream : public ByteStream {
 public:
  // Handshakes over the connection, checking the certificate against expected_name (a host name or
  // an IP). Verification is a fact, not an error: the handshake succeeds whenever the protocol
  // does, so the evidence is always kept, and facts().verified says whether chain and name
  // verified. Callers must not send credentials on an unverified stream unless the options say
  // insecure.
  static Result<std::unique_ptr<TlsStream>> handshake(std::unique_ptr<TcpConnection> connection,
                                                      const TlsClientContext& context,
                                                      const std::string& expected_name,
                                                      Deadline deadline);
  ~TlsStream() override;

  Result<Ok> write_all(std::span<const std::uint8_t> bytes, Deadline deadline) override;
  Result<Ok> read_exact(std::span<std::uint8_t> buffer, Deadline deadline) override;

  const TlsFacts& facts() const { return facts_; }

 private:
  struct Session;
  TlsStream(std::unique_ptr<TcpConnection> connection, std::unique_ptr<Session> session);
  Result<Ok> wait_for(int ssl_error, std::string_view phase, Deadline deadline);
  std::unique_ptr<TcpConnection> connection_;
  std::unique_ptr<Session> session_;
  TlsFacts facts_;
};

}  // namespace mongoscan
