#pragma once
// Detached signatures over a manifest's exact bytes: Ed25519 (PureEdDSA, RFC 8032) or ECDSA P-256
// with SHA-256 (a DER signature), through OpenSSL EVP. Keys and certificates are PEM files.

#include <openssl/types.h>

#include <memory>
#include <string>
#include <string_view>

#include "scanner/errors/result.h"

namespace mongoscan {

// A private key that signs: Ed25519 or ECDSA P-256. Its bytes never leave OpenSSL.
class SigningKey {
 public:
  explicit SigningKey(std::shared_ptr<EVP_PKEY> key) : key_(std::move(key)) {}
  EVP_PKEY* get() const { return key_.get(); }

 private:
  std::shared_ptr<EVP_PKEY> key_;
};

// The private key in the PEM file at `path` (PKCS#8, or SEC1 "EC PRIVATE KEY"). A usage error,
// one line naming `flag` and `path`, when the file cannot be read, holds no private key, is
// encrypted (nothing prompts for a passphrase) or holds another kind of key (RSA, another curve).
// Messages never quote the file.
Result<SigningKey> load_signing_key(const std::string& path, std::string_view flag);

// The detached signature of `message`: 64 bytes for Ed25519, DER for ECDSA.
Result<std::string> sign_message(const SigningKey& key, std::string_view message);

// A public key that checks signatures, and who it belongs to.
struct VerifyingKey {
  std::shared_ptr<EVP_PKEY> key;
  // "CN=Audit,O=Example (Ed25519 key SHA256:<hex of its SubjectPublicKeyInfo>)" for a certificate;
  // "Ed25519 key SHA256:<hex>" for a bare public key.
  std::string signer;
};

// The public key of the PEM X.509 certificate, or the PEM public key ("BEGIN PUBLIC KEY"), at
// `path`. Only the key is used: the certificate's dates and issuer are not checked. A usage
// error naming `flag` and `path` otherwise, or for a key neither Ed25519 nor ECDSA P-256.
Result<VerifyingKey> load_verifying_key(const std::string& path, std::string_view flag);

// Whether `signature` is the key's signature of `message`.
bool verify_message(const VerifyingKey& key, std::string_view message, std::string_view signature);

}  // namespace mongoscan
