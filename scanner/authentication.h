#pragma once
// Authenticates a MongoConnection as the scanning account: SCRAM-SHA-256 / SCRAM-SHA-1 (negotiated
// through hello's saslSupportedMechs), MONGODB-X509 and PLAIN. Other mechanisms are refused with a
// clear "not supported" error.

#include <optional>
#include <string>
#include <vector>

#include "scanner/mongo_connection.h"
#include "scanner/scram.h"
#include "scanner/uri.h"

namespace mongoscan {

struct AuthenticationOptions {
  bool tls_active = false;
  bool allow_plain_without_tls = false;  // --allow-plain-without-tls
  SaltedPasswordCache* cache = nullptr;  // shared by a scan's nodes; may be nullptr
};

// What authentication showed. Never holds a password, key or proof.
struct AuthenticationFacts {
  std::string mechanism;  // the one used
  std::string username;
  std::string source;
  std::optional<std::vector<std::string>> server_mechanisms;  // hello saslSupportedMechs
  int scram_iteration_count = 0;                              // from the server-first message
  bool succeeded = false;
  std::optional<Error> error;
};

// The mechanism to use: the URI's, else SCRAM-SHA-256 when the server offers it for the user, else
// SCRAM-SHA-1 (MongoDB auth specification, "Default Authentication Methods").
std::string negotiate_mechanism(const Credentials& credentials,
                                const std::optional<std::vector<std::string>>& server_mechanisms);

AuthenticationFacts authenticate(MongoConnection& connection, const Credentials& credentials,
                                 const std::optional<std::vector<std::string>>& server_mechanisms,
                                 const AuthenticationOptions& options, Deadline deadline);

}  // namespace mongoscan
