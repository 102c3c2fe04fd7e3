#pragma once
// What a TLS handshake showed: protocol, cipher, the peer's chain and whether it verified.

#include <optional>
#include <string>
#include <vector>

namespace mongoscan {

struct CertificateFacts {
  std::string subject;  // RFC 2253 form
  std::string issuer;
  std::vector<std::string> subject_alt_names;  // "DNS:host", "IP:127.0.0.1"
  std::string not_before;                      // RFC 3339, UTC
  std::string not_after;
  std::string key_type;  // "RSA", "EC", "ED25519", ...
  int key_bits = 0;
  std::string signature_algorithm;  // e.g. "sha256WithRSAEncryption"
  bool self_signed = false;
};

struct TlsFacts {
  std::string protocol;                 // "TLSv1.3"
  std::string cipher;                   // "TLS_AES_256_GCM_SHA384"
  std::vector<CertificateFacts> chain;  // leaf first, as the server sent it
  bool verified = false;                // chain and name verified against the CA store
  std::string verify_error;             // OpenSSL's reason when not verified
  std::string verified_name;            // the host name or IP checked against the certificate
  bool insecure = false;                // --tls-insecure: the probe went on although unverified
};

}  // namespace mongoscan
