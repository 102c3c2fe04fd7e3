#include "reports/evidence/signature.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

#include "tests/support/process.h"
#include "tests/support/signing_keys.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace signature_test {
namespace {

using testing_support::signing_keys;

const std::string kManifest = "{\n  \"manifest_version\": 1\n}\n";

SigningKey signing_key(const std::string& path) {
  auto key = load_signing_key(path, "--sign-key");
  if (!key) throw std::runtime_error(key.error().message);
  return std::move(key).value();
}

VerifyingKey verifying_key(const std::string& path) {
  auto key = load_verifying_key(path, "--cert");
  if (!key) throw std::runtime_error(key.error().message);
  return std::move(key).value();
}

TEST(Signature, Ed25519AndP256SignaturesVerifyWithTheCertificateOrThePublicKey) {
  const auto& keys = signing_keys();
  const std::vector<std::tuple<std::string, std::string, std::string>> signers = {
      {keys.ed25519_key, keys.ed25519_cert, keys.ed25519_public},
      {keys.p256_key, keys.p256_cert, keys.p256_public}};
  for (const auto& [private_key, cert, public_key] : signers) {
    const auto signature = sign_message(signing_key(private_key), kManifest);
    ASSERT_TRUE(signature) << signature.error().message;
    for (const std::string& checker : {cert, public_key}) {
      const VerifyingKey key = verifying_key(checker);
      EXPECT_TRUE(verify_message(key, kManifest, signature.value())) << checker;
      EXPECT_FALSE(verify_message(key, kManifest + " ", signature.value())) << checker;
      std::string flipped = signature.value();
      flipped[flipped.size() / 2] ^= 0x01;
      EXPECT_FALSE(verify_message(key, kManifest, flipped)) << checker;
      EXPECT_FALSE(verify_message(key, kManifest, "")) << checker;
    }
  }
  EXPECT_EQ(sign_message(signing_key(keys.ed25519_key), kManifest).value().size(), 64u);
}

TEST(Signature, AnotherKeysSignatureDoesNotVerify) {
  const auto& keys = signing_keys();
  const auto other = sign_message(signing_key(keys.other_ed25519_key), kManifest).value();
  EXPECT_FALSE(verify_message(verifying_key(keys.ed25519_cert), kManifest, other));
  EXPECT_TRUE(verify_message(verifying_key(keys.other_ed25519_cert), kManifest, other));
  const auto p256 = sign_message(signing_key(keys.p256_pkcs8_key), kManifest).value();
  EXPECT_FALSE(verify_message(verifying_key(keys.p256_cert), kManifest, p256));
  EXPECT_FALSE(verify_message(verifying_key(keys.ed25519_cert), kManifest, p256));
}

TEST(Signature, TheSignerIsTheCertificateSubjectAndTheKeyFingerprint) {
  const auto& keys = signing_keys();
  const VerifyingKey from_cert = verifying_key(keys.ed25519_cert);
  const VerifyingKey from_public = verifying_key(keys.ed25519_public);
  EXPECT_TRUE(
      from_cert.signer.starts_with("O=Example,CN=mongoscan evidence test (Ed25519 key "
                                   "SHA256:"))
      << from_cert.signer;
  EXPECT_TRUE(from_public.signer.starts_with("Ed25519 key SHA256:")) << from_public.signer;
  EXPECT_TRUE(from_cert.signer.ends_with(from_public.signer + ")")) << from_cert.signer;
  // The fingerprint is `openssl pkey -pubin -outform DER | sha256sum`'s.
  const auto der = testing_support::run_process({"sh", "-c",
                                                 "openssl pkey -pubin -in '" + keys.ed25519_public +
                                                     "' -outform DER | sha256sum | cut -d' ' -f1"});
  ASSERT_EQ(der.exit_code, 0) << der.err;
  EXPECT_EQ(from_public.signer, "Ed25519 key SHA256:" + der.out.substr(0, 64));
  EXPECT_TRUE(verifying_key(keys.p256_cert).signer.find("(ECDSA P-256 key SHA256:") !=
              std::string::npos);
}

// The signature file is what `openssl` itself checks: Ed25519 over the raw bytes, ECDSA P-256 as
// a DER signature of the SHA-256 digest.
TEST(Signature, TheOpensslCommandLineVerifiesTheSignatures) {
  const auto& keys = signing_keys();
  testing_support::TempTree tree;
  tree.write("manifest.json", kManifest);
  const auto write_signature = [&](const std::string& key, const std::string& name) {
    std::ofstream(tree.path(name), std::ios::binary)
        << sign_message(signing_key(key), kManifest).value();
  };
  write_signature(keys.ed25519_key, "ed25519.sig");
  write_signature(keys.p256_key, "p256.sig");
  const auto ed25519 = testing_support::run_process(
      {"openssl", "pkeyutl", "-verify", "-pubin", "-inkey", keys.ed25519_public, "-rawin", "-in",
       tree.path("manifest.json"), "-sigfile", tree.path("ed25519.sig")});
  EXPECT_EQ(ed25519.exit_code, 0) << ed25519.out << ed25519.err;
  const auto p256 = testing_support::run_process(
      {"openssl", "dgst", "-sha256", "-verify", keys.p256_public, "-signature",
       tree.path("p256.sig"), tree.path("manifest.json")});
  EXPECT_EQ(p256.exit_code, 0) << p256.out << p256.err;
  EXPECT_NE(p256.out.find("Verified OK"), std::string::npos) << p256.out;
}

TEST(Signature, KeysThatDoNotSignAreRefusedInOneLineNamingTheFlagAndPath) {
  const auto& keys = signing_keys();
  testing_support::TempTree tree;
  // PEM boundaries built here, so that this file holds none (tracked_files_test.cpp).
  const std::string dashes(5, '-');
  tree.write("garbage.pem", dashes + "BEGIN PRIVATE KEY" + dashes + "\nnot base64\n" + dashes +
                                "END PRIVATE KEY" + dashes + "\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {keys.rsa_key, "RSA keys are not accepted; only Ed25519 and ECDSA P-256"},
      {keys.p384_key, "EC keys on curve secp384r1 are not accepted"},
      {keys.encrypted_key, "the key is encrypted"},
      {keys.ed25519_cert, "no PEM private key"},
      {tree.path("garbage.pem"), "no PEM private key"},
      {tree.path("missing.pem"), "No such file or directory"},
      {tree.root(), "is a directory, not a regular file"},
  };
  for (const auto& [path, expected] : cases) {
    const auto key = load_signing_key(path, "--sign-key");
    ASSERT_FALSE(key) << path;
    EXPECT_EQ(key.error().code, ErrorCode::usage);
    EXPECT_TRUE(key.error().message.starts_with("--sign-key " + path + ": "))
        << key.error().message;
    EXPECT_NE(key.error().message.find(expected), std::string::npos) << key.error().message;
    EXPECT_EQ(key.error().message.find('\n'), std::string::npos);
    for (const std::string& line : testing_support::pem_body_lines(path)) {
      EXPECT_EQ(key.error().message.find(line), std::string::npos) << "the key in the error";
    }
  }
  const auto rsa_cert = load_verifying_key(keys.rsa_cert, "--cert");
  ASSERT_FALSE(rsa_cert);
  EXPECT_NE(rsa_cert.error().message.find("--cert " + keys.rsa_cert + ": RSA keys are not"),
            std::string::npos)
      << rsa_cert.error().message;
  const auto private_as_cert = load_verifying_key(keys.ed25519_key, "--cert");
  ASSERT_FALSE(private_as_cert);
  EXPECT_NE(private_as_cert.error().message.find("no PEM certificate or public key"),
            std::string::npos);
}

TEST(Signature, PemAndPkcs8P256KeysBothLoad) {
  const auto& keys = signing_keys();
  EXPECT_TRUE(load_signing_key(keys.p256_key, "--sign-key"));
  EXPECT_TRUE(load_signing_key(keys.p256_pkcs8_key, "--sign-key"));
  EXPECT_TRUE(load_signing_key(keys.ed25519_key, "--sign-key"));
}

}  // namespace
}  // namespace signature_test
}  // namespace mongoscan
