#include "scanner/auth/scram.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/params.h>
#include <openssl/rand.h>

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <optional>
#include <vector>

#include "scanner/auth/saslprep.h"

namespace mongoscan {

// Key material sized for any digest, wiped when it goes out of scope. Outside the anonymous
// namespace: SaltedPasswordCache::Entry, declared in the header, holds one.
struct KeyBytes {
  explicit KeyBytes(std::size_t size) : size(size) {}
  KeyBytes(const KeyBytes&) = delete;
  KeyBytes& operator=(const KeyBytes&) = delete;
  ~KeyBytes() { OPENSSL_cleanse(bytes.data(), bytes.size()); }

  std::span<unsigned char> span() { return {bytes.data(), size}; }
  std::span<const unsigned char> span() const { return {bytes.data(), size}; }

  std::array<unsigned char, EVP_MAX_MD_SIZE> bytes{};
  std::size_t size;
};

namespace {

// auth.md: "Drivers MUST raise an error if the iteration count is less than 4096".
constexpr int kMinIterationCount = 4096;
// RFC 5802 section 9: a hostile server can make the client burn CPU with a big iteration count.
// The server sets no maximum (src/mongo/db/auth/sasl_options.idl: scramIterationCount and
// scramSHA256IterationCount only `gte: 5000`, defaults 10000 and 15000) and auth.md only the
// minimum; DRIVERS-3472 (mongodb/specifications PR 1959, open) proposes `maxScramIterations`,
// default 100000, which a user may raise. mongoscan has no such option, so it accepts ten times
// that default: 1000000, under half a second of PBKDF2-SHA-256 on one core, and bounded by the
// node's deadline anyway (pbkdf2() below).
constexpr int kMaxIterationCount = 1'000'000;
// PBKDF2 iterations between two looks at the deadline: about a millisecond of HMAC.
constexpr int kIterationsPerDeadlineCheck = 1024;
// auth.md: a client nonce of at least 24 random bytes.
constexpr std::size_t kClientNonceBytes = 24;
// The client-final channel-binding attribute: base64("n,,"), none used (RFC 5802 section 7).
constexpr std::string_view kChannelBinding = "c=biws";

struct DigestContextFree {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};
using DigestContext = std::unique_ptr<EVP_MD_CTX, DigestContextFree>;

struct MacFree {
  void operator()(EVP_MAC* mac) const { EVP_MAC_free(mac); }
};
struct MacContextFree {
  void operator()(EVP_MAC_CTX* context) const { EVP_MAC_CTX_free(context); }
};
using MacContext = std::unique_ptr<EVP_MAC_CTX, MacContextFree>;

Error protocol_error(std::string message) {
  return Error{ErrorCode::protocol, "auth", std::move(message)};
}

Error malformed(std::string_view message_name, std::string_view problem) {
  return protocol_error("malformed SCRAM " + std::string(message_name) +
                        " message: " + std::string(problem));
}

// OpenSSL failing to hash or to produce random bytes is a fault of this machine.
Error crypto_error(std::string_view what) {
  return Error{ErrorCode::io, "auth", "OpenSSL could not compute " + std::string(what)};
}

const EVP_MD* digest_of(ScramMechanism mechanism) {
  return mechanism == ScramMechanism::sha1 ? EVP_sha1() : EVP_sha256();
}

std::size_t digest_size(ScramMechanism mechanism) {
  return static_cast<std::size_t>(EVP_MD_get_size(digest_of(mechanism)));
}

std::string base64_encode(std::span<const unsigned char> bytes) {
  std::string text(4 * ((bytes.size() + 2) / 3) + 1, '\0');
  const int length = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(text.data()), bytes.data(),
                                     static_cast<int>(bytes.size()));
  text.resize(static_cast<std::size_t>(length));
  return text;
}

bool is_base64_alphabet(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '/';
}

// Strict RFC 4648 base64: whole quanta, the standard alphabet, '=' only as final padding.
std::optional<std::string> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0) return std::nullopt;
  const std::size_t padding = text.ends_with("==") ? 2 : text.ends_with('=') ? 1 : 0;
  if (!std::all_of(text.begin(), text.end() - static_cast<std::ptrdiff_t>(padding),
                   is_base64_alphabet)) {
    return std::nullopt;
  }
  std::string bytes(text.size() / 4 * 3, '\0');
  const int length = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(bytes.data()),
                                     reinterpret_cast<const unsigned char*>(text.data()),
                                     static_cast<int>(text.size()));
  if (length < 0) return std::nullopt;
  bytes.resize(static_cast<std::size_t>(length) - padding);
  return bytes;
}

std::span<const unsigned char> as_bytes(std::string_view text) {
  return {reinterpret_cast<const unsigned char*>(text.data()), text.size()};
}

// An HMAC keyed with `key` over the mechanism's digest; null when OpenSSL cannot make one.
MacContext keyed_hmac(ScramMechanism mechanism, std::string_view key) {
  const std::unique_ptr<EVP_MAC, MacFree> mac(EVP_MAC_fetch(nullptr, OSSL_MAC_NAME_HMAC, nullptr));
  MacContext context(mac ? EVP_MAC_CTX_new(mac.get()) : nullptr);
  std::string digest_name = EVP_MD_get0_name(digest_of(mechanism));
  const std::array<OSSL_PARAM, 2> parameters = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest_name.data(), 0),
      OSSL_PARAM_construct_end()};
  if (!context ||
      EVP_MAC_init(context.get(), as_bytes(key).data(), key.size(), parameters.data()) != 1) {
    return nullptr;
  }
  return context;
}

// One MAC of `parts` under the context's key (re-initialised, so the key is not set up again).
bool mac_of(EVP_MAC_CTX* context, std::initializer_list<std::span<const unsigned char>> parts,
            KeyBytes& out) {
  std::size_t length = 0;
  if (EVP_MAC_init(context, nullptr, 0, nullptr) != 1) return false;
  for (const auto part : parts) {
    if (EVP_MAC_update(context, part.data(), part.size()) != 1) return false;
  }
  return EVP_MAC_final(context, out.bytes.data(), &length, out.bytes.size()) == 1 &&
         length == out.size;
}

// Hi(password, salt, i) of RFC 5802 section 2.2, which is PBKDF2 with HMAC and one block (`out`
// is the digest size), computed the RFC's way with a look at the deadline every
// kIterationsPerDeadlineCheck iterations: ErrorCode::timeout once it has passed.
Result<Ok> pbkdf2(ScramMechanism mechanism, const Secret& password, std::string_view salt,
                  int iterations, Deadline deadline, std::span<unsigned char> out) {
  const MacContext keyed = keyed_hmac(mechanism, password.reveal());
  KeyBytes block(out.size()), sum(out.size());
  constexpr std::array<unsigned char, 4> kFirstBlock = {0, 0, 0, 1};  // INT(1)
  if (!keyed || !mac_of(keyed.get(), {as_bytes(salt), kFirstBlock}, block)) {
    return crypto_error("the salted password (PBKDF2)");
  }
  sum.bytes = block.bytes;
  for (int i = 2; i <= iterations; ++i) {
    if (i % kIterationsPerDeadlineCheck == 0 && deadline.expired()) {
      return Error{ErrorCode::timeout, "auth",
                   "the deadline passed while deriving the SCRAM salted password (" +
                       std::to_string(iterations) + " iterations)"};
    }
    if (!mac_of(keyed.get(), {block.span()}, block)) {
      return crypto_error("the salted password (PBKDF2)");
    }
    for (std::size_t j = 0; j < out.size(); ++j) sum.bytes[j] ^= block.bytes[j];
  }
  std::ranges::copy(sum.span(), out.begin());
  return Ok{};
}

bool hmac(ScramMechanism mechanism, std::span<const unsigned char> key, std::string_view data,
          KeyBytes& out) {
  unsigned int length = 0;
  const bool computed = HMAC(digest_of(mechanism), key.data(), static_cast<int>(key.size()),
                             as_bytes(data).data(), data.size(), out.bytes.data(), &length);
  return computed && length == out.size;
}

bool hash(ScramMechanism mechanism, std::span<const unsigned char> data, KeyBytes& out) {
  unsigned int length = 0;
  return EVP_Digest(data.data(), data.size(), out.bytes.data(), &length, digest_of(mechanism),
                    nullptr) == 1 &&
         length == out.size;
}

std::string escape_username(std::string_view username) {
  std::string escaped;
  for (const char c : username) {
    if (c == '=') {
      escaped += "=3D";
    } else if (c == ',') {
      escaped += "=2C";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

std::vector<std::string_view> split_attributes(std::string_view message) {
  std::vector<std::string_view> attributes;
  for (std::size_t start = 0;;) {
    const std::size_t comma = message.find(',', start);
    attributes.push_back(message.substr(start, comma - start));
    if (comma == std::string_view::npos) return attributes;
    start = comma + 1;
  }
}

// The value of `attribute` when it reads "<name>=<value>".
std::optional<std::string_view> attribute_value(std::string_view attribute, char name) {
  if (attribute.size() < 2 || attribute[0] != name || attribute[1] != '=') return std::nullopt;
  return attribute.substr(2);
}

// An extension attribute of RFC 5802 section 7: one ASCII letter, '=', a value.
bool is_extension(std::string_view attribute) {
  const bool letter = !attribute.empty() && ((attribute[0] >= 'a' && attribute[0] <= 'z') ||
                                             (attribute[0] >= 'A' && attribute[0] <= 'Z'));
  return letter && attribute.size() >= 2 && attribute[1] == '=';
}

struct ServerFirst {
  std::string_view nonce;
  std::string_view salt_base64;
  int iterations = 0;
};

// "r=<nonce>,s=<salt>,i=<count>[,extensions]" (RFC 5802 section 7); unknown extensions after i=
// are ignored, a mandatory extension (m=) is refused.
Result<ServerFirst> parse_server_first(std::string_view message) {
  constexpr std::string_view kName = "server-first";
  const std::vector<std::string_view> attributes = split_attributes(message);
  if (attribute_value(attributes[0], 'm')) {
    return protocol_error("the server requires a SCRAM extension (m=) that this client lacks");
  }
  if (attributes.size() < 3) return malformed(kName, "expected r=, s= and i=");
  const auto nonce = attribute_value(attributes[0], 'r');
  const auto salt = attribute_value(attributes[1], 's');
  const auto count = attribute_value(attributes[2], 'i');
  if (!nonce || !salt || !count) return malformed(kName, "expected r=, s= and i= in that order");
  if (!std::all_of(attributes.begin() + 3, attributes.end(), is_extension)) {
    return malformed(kName, "an attribute after i= is not an extension");
  }
  int iterations = 0;
  const char* end = count->data() + count->size();
  const auto [last, error] = std::from_chars(count->data(), end, iterations);
  if (count->empty() || count->front() < '1' || count->front() > '9' || error != std::errc() ||
      last != end) {
    return malformed(kName, "the iteration count is not a positive 32-bit number");
  }
  return ServerFirst{*nonce, *salt, iterations};
}

}  // namespace

std::string_view mechanism_name(ScramMechanism mechanism) {
  return mechanism == ScramMechanism::sha1 ? "SCRAM-SHA-1" : "SCRAM-SHA-256";
}

Result<Secret> mongodb_scram_password(ScramMechanism mechanism, std::string_view username,
                                      const Secret& password) {
  if (mechanism == ScramMechanism::sha256) {
    Result<std::string> prepared = saslprep(password.reveal(), /*allow_unassigned=*/false);
    if (!prepared) return prepared.error();
    return Secret(std::move(prepared).value());
  }
  constexpr std::string_view kSeparator = ":mongo:";
  const DigestContext context(EVP_MD_CTX_new());
  KeyBytes md5(static_cast<std::size_t>(EVP_MD_get_size(EVP_md5())));
  unsigned int length = 0;
  const std::string& bytes = password.reveal();
  if (!context || EVP_DigestInit_ex(context.get(), EVP_md5(), nullptr) != 1 ||
      EVP_DigestUpdate(context.get(), username.data(), username.size()) != 1 ||
      EVP_DigestUpdate(context.get(), kSeparator.data(), kSeparator.size()) != 1 ||
      EVP_DigestUpdate(context.get(), bytes.data(), bytes.size()) != 1 ||
      EVP_DigestFinal_ex(context.get(), md5.bytes.data(), &length) != 1 || length != md5.size) {
    return crypto_error("the MD5 password digest");
  }
  constexpr std::string_view kHexDigits = "0123456789abcdef";
  std::string hex;
  for (const unsigned char byte : md5.span()) {
    hex += kHexDigits[byte >> 4];
    hex += kHexDigits[byte & 0xf];
  }
  return Secret(std::move(hex));
}

Result<std::string> random_client_nonce() {
  std::array<unsigned char, kClientNonceBytes> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
    return crypto_error("a random client nonce");
  }
  return base64_encode(bytes);
}

struct SaltedPasswordCache::Entry {
  explicit Entry(std::size_t size) : salted_password(size) {}

  std::mutex mutex;  // held while the salted password is computed
  bool computed = false;
  KeyBytes salted_password;
};

Result<Ok> SaltedPasswordCache::salted_password(ScramMechanism mechanism, std::string_view username,
                                                const Secret& scram_password, std::string_view salt,
                                                int iterations, Deadline deadline,
                                                std::span<unsigned char> out) {
  Key key{mechanism, std::string(username), std::string(salt), iterations, {}};
  const std::string& password = scram_password.reveal();
  if (EVP_Digest(password.data(), password.size(), key.password_sha256.data(), nullptr,
                 EVP_sha256(), nullptr) != 1) {
    return crypto_error("the salted-password cache key");
  }
  std::shared_ptr<Entry> entry;
  {
    const std::lock_guard lock(mutex_);
    std::shared_ptr<Entry>& slot = entries_[key];
    if (!slot) slot = std::make_shared<Entry>(out.size());
    entry = slot;
  }
  const std::lock_guard lock(entry->mutex);
  if (!entry->computed) {
    const Result<Ok> computed = pbkdf2(mechanism, scram_password, salt, iterations, deadline,
                                       entry->salted_password.span());
    if (!computed) return computed.error();
    ++pbkdf2_count_;
    entry->computed = true;
  }
  std::ranges::copy(entry->salted_password.span(), out.begin());
  return Ok{};
}

Result<ScramClient> ScramClient::start(ScramMechanism mechanism, std::string username,
                                       const Secret& password, SaltedPasswordCache* cache) {
  Result<Secret> scram_password = mongodb_scram_password(mechanism, username, password);
  if (!scram_password) return scram_password.error();
  Result<std::string> nonce = random_client_nonce();
  if (!nonce) return nonce.error();
  return ScramClient(mechanism, std::move(username), std::move(scram_password).value(),
                     std::move(nonce).value(), cache);
}

ScramClient::ScramClient(ScramMechanism mechanism, std::string username, Secret scram_password,
                         std::string client_nonce, SaltedPasswordCache* cache)
    : mechanism_(mechanism),
      username_(std::move(username)),
      scram_password_(std::move(scram_password)),
      client_nonce_(std::move(client_nonce)),
      cache_(cache) {}

std::string ScramClient::client_first_bare() const {
  return "n=" + escape_username(username_) + ",r=" + client_nonce_;
}

std::string ScramClient::client_first_message() const { return "n,," + client_first_bare(); }

Result<std::string> ScramClient::handle_server_first(std::string_view server_first,
                                                     Deadline deadline) {
  if (step_ != Step::server_first) {
    return Error{ErrorCode::usage, "auth", "SCRAM server-first message handled out of turn"};
  }
  step_ = Step::done;  // until this step succeeds
  const Result<ServerFirst> parsed = parse_server_first(server_first);
  if (!parsed) return parsed.error();
  salt_base64_ = std::string(parsed.value().salt_base64);
  iteration_count_ = parsed.value().iterations;

  const std::string_view nonce = parsed.value().nonce;
  if (!nonce.starts_with(client_nonce_)) {
    return protocol_error("the SCRAM server nonce does not start with the client nonce");
  }
  const std::optional<std::string> salt = base64_decode(salt_base64_);
  if (!salt || salt->empty()) return protocol_error("the SCRAM salt is empty or not base64");
  if (iteration_count_ < kMinIterationCount) {
    return protocol_error("SCRAM iteration count " + std::to_string(iteration_count_) +
                          " is below the minimum " + std::to_string(kMinIterationCount));
  }
  if (iteration_count_ > kMaxIterationCount) {
    return protocol_error("SCRAM iteration count " + std::to_string(iteration_count_) +
                          " is above the maximum " + std::to_string(kMaxIterationCount));
  }

  const std::size_t size = digest_size(mechanism_);
  KeyBytes salted_password(size);
  const Result<Ok> salted =
      cache_ != nullptr
          ? cache_->salted_password(mechanism_, username_, scram_password_, *salt, iteration_count_,
                                    deadline, salted_password.span())
          : pbkdf2(mechanism_, scram_password_, *salt, iteration_count_, deadline,
                   salted_password.span());
  if (!salted) return salted.error();

  // RFC 5802 section 3.
  const std::string without_proof = std::string(kChannelBinding) + ",r=" + std::string(nonce);
  const std::string auth_message =
      client_first_bare() + "," + std::string(server_first) + "," + without_proof;
  KeyBytes client_key(size), stored_key(size), client_signature(size), server_key(size),
      server_signature(size), proof(size);
  if (!hmac(mechanism_, salted_password.span(), "Client Key", client_key) ||
      !hash(mechanism_, client_key.span(), stored_key) ||
      !hmac(mechanism_, stored_key.span(), auth_message, client_signature) ||
      !hmac(mechanism_, salted_password.span(), "Server Key", server_key) ||
      !hmac(mechanism_, server_key.span(), auth_message, server_signature)) {
    return crypto_error("the SCRAM proof");
  }
  for (std::size_t i = 0; i < size; ++i) {
    proof.bytes[i] = client_key.bytes[i] ^ client_signature.bytes[i];
  }
  server_signature_.assign(server_signature.bytes.begin(), server_signature.bytes.begin() + size);
  step_ = Step::server_final;
  return without_proof + ",p=" + base64_encode(proof.span());
}

Result<Ok> ScramClient::verify_server_final(std::string_view server_final) {
  if (step_ != Step::server_final) {
    return Error{ErrorCode::usage, "auth", "SCRAM server-final message handled out of turn"};
  }
  step_ = Step::done;
  // "e=<reason>" or "v=<signature>", then optional extensions (RFC 5802 section 7).
  const std::string_view first = split_attributes(server_final).front();
  if (const auto reason = attribute_value(first, 'e')) {
    return Error{ErrorCode::auth_failed, "auth",
                 "the server rejected the SCRAM authentication: " + std::string(*reason)};
  }
  const auto verifier = attribute_value(first, 'v');
  if (!verifier) return malformed("server-final", "expected e= or v=");
  const std::optional<std::string> signature = base64_decode(*verifier);
  if (!signature || signature->size() != server_signature_.size() ||
      CRYPTO_memcmp(signature->data(), server_signature_.data(), server_signature_.size()) != 0) {
    return Error{ErrorCode::auth_failed, "auth",
                 "the server could not prove it knows the password"};
  }
  return Ok{};
}

}  // namespace mongoscan
