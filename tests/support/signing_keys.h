#pragma once
// PEM keys and self-signed certificates for the evidence tests, made once per test process by the
// `openssl` command line in a temporary directory: no key or certificate is committed.

#include <string>
#include <vector>

namespace mongoscan::testing_support {

struct SigningKeys {
  std::string ed25519_key;         // PKCS#8, `openssl genpkey -algorithm ed25519`
  std::string ed25519_cert;        // self-signed, CN=mongoscan evidence test
  std::string ed25519_public;      // "BEGIN PUBLIC KEY"
  std::string p256_key;            // SEC1 "EC PRIVATE KEY", `openssl ecparam -genkey -noout`
  std::string p256_pkcs8_key;      // PKCS#8, `openssl genpkey -algorithm EC ... P-256`
  std::string p256_cert;           // self-signed over p256_key
  std::string p256_public;         // of p256_key
  std::string other_ed25519_key;   // a second signer
  std::string other_ed25519_cert;  // its self-signed certificate
  std::string rsa_key;             // refused: not Ed25519 or P-256
  std::string rsa_cert;            // refused as --cert
  std::string p384_key;            // refused: another curve
  std::string encrypted_key;       // Ed25519 under kEncryptedKeyPassphrase: refused, no prompt
};

inline constexpr const char* kEncryptedKeyPassphrase = "Zk7-planted-passphrase";

// The keys, made on the first call; throws std::runtime_error (failing the test) when openssl
// cannot make them.
const SigningKeys& signing_keys();

// The file's PEM body (the base64 lines between BEGIN and END), for checking that no output
// holds a private key.
std::vector<std::string> pem_body_lines(const std::string& path);

}  // namespace mongoscan::testing_support
