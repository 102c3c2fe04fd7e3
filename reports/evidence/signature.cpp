#include "reports/evidence/signature.h"

#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include "scanner/posix/input_file.h"
#include "scanner/secrets/digest.h"

namespace mongoscan {
namespace {

using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;
using DigestContext = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;

std::shared_ptr<EVP_PKEY> owned_key(EVP_PKEY* key) { return {key, &EVP_PKEY_free}; }

Error key_file_error(std::string_view flag, const std::string& path, const std::string& why) {
  // OpenSSL's error queue may hold the reason of a failed PEM read; it is not carried further.
  ERR_clear_error();
  return Error{ErrorCode::usage, std::string(flag), std::string(flag) + " " + path + ": " + why};
}

// The file's bytes; wiped from memory by the caller once parsed (they may be a private key).
Result<std::string> read_pem_file(const std::string& path, std::string_view flag) {
  InputRead read = read_input_file(path, kKeyInput);
  if (!read) return key_file_error(flag, path, read.refused);
  return std::move(read.text);
}

void wipe(std::string& bytes) { OPENSSL_cleanse(bytes.data(), bytes.size()); }

enum class KeyKind { ed25519, ecdsa_p256 };
constexpr std::string_view kAccepted =
    " are not accepted; only Ed25519 and ECDSA P-256 (prime256v1) keys sign";

// Ed25519 or ECDSA P-256; a usage error naming any other kind of key.
Result<KeyKind> key_kind(EVP_PKEY* key) {
  const int id = EVP_PKEY_get_base_id(key);
  if (id == EVP_PKEY_ED25519) return KeyKind::ed25519;
  if (id == EVP_PKEY_EC) {
    char group[80] = {};
    std::size_t length = 0;
    if (EVP_PKEY_get_group_name(key, group, sizeof group, &length) == 1 &&
        std::string_view(group, length) == "prime256v1") {
      return KeyKind::ecdsa_p256;
    }
    return Error{ErrorCode::usage, "key",
                 "EC keys on curve " + std::string(group, length) + std::string(kAccepted)};
  }
  const char* type = EVP_PKEY_get0_type_name(key);
  return Error{ErrorCode::usage, "key",
               std::string(type != nullptr ? type : "other") + " keys" + std::string(kAccepted)};
}

// The digest EVP_DigestSignInit and EVP_DigestVerifyInit take for the key: none for Ed25519,
// whose PureEdDSA hashes the message itself and takes only one-shot calls
// (EVP_SIGNATURE-ED25519(7): "the digest type parameter MUST be set to NULL"); SHA-256 for P-256.
const EVP_MD* digest_for(KeyKind kind) { return kind == KeyKind::ed25519 ? nullptr : EVP_sha256(); }

std::string_view kind_name(KeyKind kind) {
  return kind == KeyKind::ed25519 ? "Ed25519" : "ECDSA P-256";
}

// SHA256:<hex> of the key's DER SubjectPublicKeyInfo, as
// `openssl pkey -pubout -outform DER | sha256sum` prints it.
std::string public_key_fingerprint(EVP_PKEY* key) {
  unsigned char* der = nullptr;
  const int length = i2d_PUBKEY(key, &der);
  if (length <= 0) return "SHA256:?";
  std::string fingerprint =
      "SHA256:" +
      sha256_hex(std::string_view(reinterpret_cast<char*>(der), static_cast<std::size_t>(length)));
  OPENSSL_free(der);
  return fingerprint;
}

// Refuses every passphrase request: the key is read without a prompt, and an encrypted one
// fails. pem_password_cb(3): the callback returns the passphrase's length, or -1 on error.
int refuse_passphrase(char*, int, int, void* asked) {
  *static_cast<bool*>(asked) = true;
  return -1;
}

std::string certificate_subject(X509* certificate) {
  Bio out(BIO_new(BIO_s_mem()), &BIO_free);
  if (!out ||
      X509_NAME_print_ex(out.get(), X509_get_subject_name(certificate), 0, XN_FLAG_RFC2253) < 0) {
    return "?";
  }
  char* data = nullptr;
  const long length = BIO_get_mem_data(out.get(), &data);
  return std::string(data, static_cast<std::size_t>(length));
}

}  // namespace

Result<SigningKey> load_signing_key(const std::string& path, std::string_view flag) {
  auto pem = read_pem_file(path, flag);
  if (!pem) return pem.error();
  Bio in(BIO_new_mem_buf(pem.value().data(), static_cast<int>(pem.value().size())), &BIO_free);
  bool asked_passphrase = false;
  EVP_PKEY* read =
      in ? PEM_read_bio_PrivateKey(in.get(), nullptr, &refuse_passphrase, &asked_passphrase)
         : nullptr;
  wipe(pem.value());
  if (read == nullptr) {
    return key_file_error(flag, path,
                          asked_passphrase
                              ? "the key is encrypted; give an unencrypted PEM key (mongoscan "
                                "never prompts for a passphrase)"
                              : "no PEM private key");
  }
  auto key = owned_key(read);
  if (auto kind = key_kind(key.get()); !kind)
    return key_file_error(flag, path, kind.error().message);
  return SigningKey(std::move(key));
}

Result<std::string> sign_message(const SigningKey& key, std::string_view message) {
  auto failed = [] {
    ERR_clear_error();
    return Error{ErrorCode::io, "signature", "OpenSSL could not sign the manifest"};
  };
  auto kind = key_kind(key.get());
  if (!kind) return kind.error();
  DigestContext context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  // EVP_DigestSign(3): with a NULL signature buffer it writes the largest length to *siglen;
  // the second call writes the signature and its actual length (a DER ECDSA one may be shorter).
  std::size_t length = 0;
  const auto* bytes = reinterpret_cast<const unsigned char*>(message.data());
  if (!context ||
      EVP_DigestSignInit(context.get(), nullptr, digest_for(kind.value()), nullptr, key.get()) !=
          1 ||
      EVP_DigestSign(context.get(), nullptr, &length, bytes, message.size()) != 1) {
    return failed();
  }
  std::string signature(length, '\0');
  if (EVP_DigestSign(context.get(), reinterpret_cast<unsigned char*>(signature.data()), &length,
                     bytes, message.size()) != 1) {
    return failed();
  }
  signature.resize(length);
  return signature;
}

Result<VerifyingKey> load_verifying_key(const std::string& path, std::string_view flag) {
  auto pem = read_pem_file(path, flag);
  if (!pem) return pem.error();
  const auto reader = [&pem] {
    return Bio(BIO_new_mem_buf(pem.value().data(), static_cast<int>(pem.value().size())),
               &BIO_free);
  };
  VerifyingKey verifying;
  std::string subject;
  if (Bio in = reader(); in) {
    std::unique_ptr<X509, decltype(&X509_free)> certificate(
        PEM_read_bio_X509(in.get(), nullptr, nullptr, nullptr), &X509_free);
    if (certificate) {
      verifying.key = owned_key(X509_get_pubkey(certificate.get()));
      subject = certificate_subject(certificate.get());
    }
  }
  if (!verifying.key) {
    if (Bio in = reader(); in) {
      verifying.key = owned_key(PEM_read_bio_PUBKEY(in.get(), nullptr, nullptr, nullptr));
    }
  }
  if (!verifying.key) return key_file_error(flag, path, "no PEM certificate or public key");
  auto kind = key_kind(verifying.key.get());
  if (!kind) return key_file_error(flag, path, kind.error().message);
  ERR_clear_error();
  const std::string key_name =
      std::string(kind_name(kind.value())) + " key " + public_key_fingerprint(verifying.key.get());
  verifying.signer = subject.empty() ? key_name : subject + " (" + key_name + ")";
  return verifying;
}

bool verify_message(const VerifyingKey& key, std::string_view message, std::string_view signature) {
  auto kind = key_kind(key.key.get());
  if (!kind) return false;
  DigestContext context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  // EVP_DigestVerify(3): 1 for a good signature; 0 or a negative value for a bad one or an error.
  const bool verified =
      context &&
      EVP_DigestVerifyInit(context.get(), nullptr, digest_for(kind.value()), nullptr,
                           key.key.get()) == 1 &&
      EVP_DigestVerify(context.get(), reinterpret_cast<const unsigned char*>(signature.data()),
                       signature.size(), reinterpret_cast<const unsigned char*>(message.data()),
                       message.size()) == 1;
  ERR_clear_error();
  return verified;
}

}  // namespace mongoscan
