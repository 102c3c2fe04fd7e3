#include "tests/support/signing_keys.h"

#include <fstream>
#include <stdexcept>
#include <vector>

#include "tests/support/process.h"
#include "tests/support/temp_tree.h"

namespace mongoscan::testing_support {
namespace {

void openssl(std::vector<std::string> args) {
  args.insert(args.begin(), "openssl");
  const ProcessResult result = run_process(args, "", kHangGuard);
  if (result.exit_code != 0) {
    throw std::runtime_error("openssl " + args[1] + " failed: " + result.err);
  }
}

void self_sign(const std::string& key, const std::string& cert, const std::string& name) {
  openssl({"req", "-x509", "-new", "-key", key, "-subj", "/CN=" + name + "/O=Example", "-days", "2",
           "-out", cert});
}

SigningKeys make_keys(const TempTree& tree) {
  SigningKeys keys;
  keys.ed25519_key = tree.path("ed25519.pem");
  keys.ed25519_cert = tree.path("ed25519.crt");
  keys.ed25519_public = tree.path("ed25519.pub");
  openssl({"genpkey", "-algorithm", "ed25519", "-out", keys.ed25519_key});
  self_sign(keys.ed25519_key, keys.ed25519_cert, "mongoscan evidence test");
  openssl({"pkey", "-in", keys.ed25519_key, "-pubout", "-out", keys.ed25519_public});

  keys.p256_key = tree.path("p256.pem");
  keys.p256_pkcs8_key = tree.path("p256-pkcs8.pem");
  keys.p256_cert = tree.path("p256.crt");
  keys.p256_public = tree.path("p256.pub");
  openssl({"ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", keys.p256_key});
  openssl({"genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out",
           keys.p256_pkcs8_key});
  self_sign(keys.p256_key, keys.p256_cert, "mongoscan evidence test P-256");
  openssl({"pkey", "-in", keys.p256_key, "-pubout", "-out", keys.p256_public});

  keys.other_ed25519_key = tree.path("other.pem");
  keys.other_ed25519_cert = tree.path("other.crt");
  openssl({"genpkey", "-algorithm", "ed25519", "-out", keys.other_ed25519_key});
  self_sign(keys.other_ed25519_key, keys.other_ed25519_cert, "another signer");

  keys.rsa_key = tree.path("rsa.pem");
  keys.rsa_cert = tree.path("rsa.crt");
  openssl(
      {"genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", keys.rsa_key});
  self_sign(keys.rsa_key, keys.rsa_cert, "an RSA signer");
  keys.p384_key = tree.path("p384.pem");
  openssl({"ecparam", "-name", "secp384r1", "-genkey", "-noout", "-out", keys.p384_key});
  keys.encrypted_key = tree.path("encrypted.pem");
  openssl({"genpkey", "-algorithm", "ed25519", "-aes-256-cbc", "-pass",
           std::string("pass:") + kEncryptedKeyPassphrase, "-out", keys.encrypted_key});
  return keys;
}

}  // namespace

const SigningKeys& signing_keys() {
  static const TempTree tree;
  static const SigningKeys keys = make_keys(tree);
  return keys;
}

std::vector<std::string> pem_body_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> body;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("-----") && !line.empty()) body.push_back(line);
  }
  return body;
}

}  // namespace mongoscan::testing_support
