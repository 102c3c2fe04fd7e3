#pragma once
// The SCRAM-SHA-1 / SCRAM-SHA-256 client (RFC 5802, RFC 7677) with MongoDB's password rules
// (specifications source/auth/auth.md): a state machine over the SASL payloads, no I/O.
// No password, salted password, key or proof ever goes into an error message.

#include <array>
#include <atomic>
#include <compare>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>

#include "scanner/errors/result.h"
#include "scanner/secrets/secret.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

enum class ScramMechanism { sha1, sha256 };

// "SCRAM-SHA-1" or "SCRAM-SHA-256", as saslStart and saslSupportedMechs spell it.
std::string_view mechanism_name(ScramMechanism mechanism);

// The password as SCRAM's Hi() takes it, by MongoDB's rules: SCRAM-SHA-1 uses
// HEX(MD5(username ":mongo:" password)) and no SASLprep, SCRAM-SHA-256 uses SASLprep(password)
// with stored-string rules (RFC 5802 section 2.2) and no digest. Usernames are never SASLprepped.
Result<Secret> mongodb_scram_password(ScramMechanism mechanism, std::string_view username,
                                      const Secret& password);

// 24 random bytes from OpenSSL's CSPRNG, base64-encoded: a fresh client nonce.
Result<std::string> random_client_nonce();

// Salted passwords Hi(password, salt, i) shared by every ScramClient of a scan, so that a replica
// set costs one PBKDF2 per user and salt, not one per member. Thread-safe.
class SaltedPasswordCache {
 public:
  // Writes Hi(scram_password, salt, iterations) into `out`, which is the mechanism's digest size.
  // Computes it at most once per (mechanism, username, salt, iterations, password), however many
  // threads ask at the same time; a computation cut short by its deadline (ErrorCode::timeout)
  // leaves the next caller to compute it under its own.
  Result<Ok> salted_password(ScramMechanism mechanism, std::string_view username,
                             const Secret& scram_password, std::string_view salt, int iterations,
                             Deadline deadline, std::span<unsigned char> out);

  // How many PBKDF2 computations the cache has run.
  std::size_t pbkdf2_count() const { return pbkdf2_count_; }

 private:
  struct Key {
    ScramMechanism mechanism;
    std::string username;
    std::string salt;
    int iterations;
    std::array<unsigned char, 32> password_sha256;  // the password itself is not kept here
    auto operator<=>(const Key&) const = default;
  };
  struct Entry;

  std::mutex mutex_;  // guards entries_; each entry has its own lock for its computation
  std::map<Key, std::shared_ptr<Entry>> entries_;
  std::atomic<std::size_t> pbkdf2_count_ = 0;
};

class ScramClient {
 public:
  // MongoDB's SCRAM: prepares the password with mongodb_scram_password and picks a random nonce.
  // `cache` may be nullptr and otherwise must outlive the client.
  static Result<ScramClient> start(ScramMechanism mechanism, std::string username,
                                   const Secret& password, SaltedPasswordCache* cache);

  // RFC 5802 SCRAM over a password already prepared for Hi() and a given client nonce (printable
  // ASCII without ','); tests inject both. `cache` may be nullptr.
  ScramClient(ScramMechanism mechanism, std::string username, Secret scram_password,
              std::string client_nonce, SaltedPasswordCache* cache);

  ScramMechanism mechanism() const { return mechanism_; }

  // "n,,n=<username with '=' and ',' escaped>,r=<client nonce>": the saslStart payload.
  std::string client_first_message() const;

  // Checks the server-first message and returns the client-final message, proof included.
  // Errors: protocol for a malformed message, a server nonce that does not extend ours, a bad
  // salt or an iteration count outside [4096, 1000000]; timeout when the salted password is not
  // derived by `deadline`; usage when called out of turn. Any error ends the conversation.
  Result<std::string> handle_server_first(std::string_view server_first, Deadline deadline);

  // Checks that the server-final message proves the server knows the password (compared in
  // constant time), or returns its e= error as auth_failed.
  Result<Ok> verify_server_final(std::string_view server_final);

  // The server-first message's i= and s= values for the facts; 0 and "" before it arrives. Kept
  // when the message is rejected after they were read (a low count is itself evidence).
  int iteration_count() const { return iteration_count_; }
  const std::string& salt_base64() const { return salt_base64_; }

 private:
  enum class Step { server_first, server_final, done };

  std::string client_first_bare() const;

  ScramMechanism mechanism_;
  std::string username_;
  Secret scram_password_;
  std::string client_nonce_;
  SaltedPasswordCache* cache_;
  Step step_ = Step::server_first;
  int iteration_count_ = 0;
  std::string salt_base64_;
  std::string server_signature_;  // ServerSignature of RFC 5802 section 3, raw bytes
};

}  // namespace mongoscan
