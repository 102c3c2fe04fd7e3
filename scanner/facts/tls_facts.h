#pragma once
// What a TLS handshake showed: protocol, cipher, the peer's chain and whether it verified; and what
// the extra handshakes offering only weak protocol versions or cipher classes got.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
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
  std::string sha256 = {};  // SHA-256 of its DER encoding, lower-case hex: a CA pinned by its hash
};

struct TlsFacts {
  std::string protocol;                 // "TLSv1.3"
  std::string cipher;                   // "TLS_AES_256_GCM_SHA384"
  std::vector<CertificateFacts> chain;  // leaf first, as the server sent it
  bool verified = false;                // chain and name verified against the CA store
  std::string verify_error;             // OpenSSL's reason when not verified
  std::string verified_name;            // the host name or IP checked against the certificate
  bool insecure = false;                // --tls-insecure: the probe went on although unverified
  // Each part of `verified` on its own, as OpenSSL reports only the first problem: the chain up
  // to a trusted CA (signatures and extensions; not names, not validity dates) ...
  bool chain_verified = false;
  std::string chain_verify_error;
  // ... and the leaf certificate's names against verified_name (unset without a certificate).
  std::optional<bool> name_matches;
};

// One extra handshake offering only what a server should refuse: a protocol version (TLS 1.0,
// TLS 1.1) or one weak cipher class at TLS 1.2.
struct WeakTlsHandshake {
  // not_testable: the scanner's OpenSSL cannot make this offer (never counted as refused).
  enum class Outcome { accepted, refused, not_testable, error };
  std::string offer;  // "TLSv1", "TLSv1.1", "NULL", "aNULL", "EXPORT", "RC4", "3DES"
  Outcome outcome = Outcome::error;
  std::string protocol;  // negotiated, when accepted
  std::string cipher;    // negotiated, when accepted
  std::string detail;    // why refused, not testable or failed
};

// "accepted", "refused", "not_testable" or "error".
std::string_view to_string(WeakTlsHandshake::Outcome outcome);

// {"subject", "issuer", "subject_alt_names", "not_before", "not_after", "key_type", "key_bits",
//  "signature_algorithm", "self_signed"}, as reports and evidence show a certificate.
nlohmann::json to_json(const CertificateFacts& certificate);

}  // namespace mongoscan
