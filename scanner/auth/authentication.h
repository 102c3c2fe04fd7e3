#pragma once
// Authenticates a MongoConnection as the scanning account: SCRAM-SHA-256 / SCRAM-SHA-1 (negotiated
// through hello's saslSupportedMechs), MONGODB-X509 and PLAIN. Other mechanisms are refused with a
// clear "not supported" error.

#include <optional>
#include <string>
#include <vector>

#include "scanner/auth/scram.h"
#include "scanner/facts/authentication_facts.h"
#include "scanner/uri/uri.h"
#include "scanner/wire/mongo_connection.h"

namespace mongoscan {

struct AuthenticationOptions {
  bool tls_active = false;
  bool allow_plain_without_tls = false;  // --allow-plain-without-tls
  SaltedPasswordCache* cache = nullptr;  // shared by a scan's nodes; may be nullptr
};

// The mechanism to use: the URI's, else SCRAM-SHA-256 when the server offers it for the user, else
// SCRAM-SHA-1 (MongoDB auth specification, "Default Authentication Methods").
std::string negotiate_mechanism(const Credentials& credentials,
                                const std::optional<std::vector<std::string>>& server_mechanisms);

AuthenticationFacts authenticate(MongoConnection& connection, const Credentials& credentials,
                                 const std::optional<std::vector<std::string>>& server_mechanisms,
                                 const AuthenticationOptions& options, Deadline deadline);

}  // namespace mongoscan
