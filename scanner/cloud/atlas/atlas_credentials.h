#pragma once
// The two ways the Atlas Administration API authenticates a program: an API key (HTTP Digest)
// and a service account (OAuth 2.0 client credentials). The secrets stay in these objects.

#include <string>
#include <variant>

#include "scanner/secrets/secret.h"

namespace mongoscan {

// An organisation or project API key: the public key is the Digest username, the private key its
// password.
struct AtlasApiKey {
  std::string public_key;
  Secret private_key;
};

// A service account: exchanged for a bearer token at /api/oauth/token.
struct AtlasServiceAccount {
  std::string client_id;
  Secret client_secret;
};

using AtlasCredentials = std::variant<AtlasApiKey, AtlasServiceAccount>;

}  // namespace mongoscan
