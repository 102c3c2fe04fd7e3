#pragma once
// HTTP Digest access authentication (RFC 7616), the scheme the Atlas Administration API uses for
// API keys: the public key is the username, the private key the password, which is never sent.
// Only what a client needs: reading a server's challenge and answering it with qop=auth, the MD5
// or SHA-256 algorithm. Pure: the client nonce and the count are the caller's.

#include <cstdint>
#include <string>
#include <string_view>

#include "scanner/errors/result.h"
#include "scanner/secrets/secret.h"

namespace mongoscan {

// A WWW-Authenticate challenge of the Digest scheme (RFC 7616 §3.3).
struct DigestChallenge {
  std::string realm;
  std::string nonce;
  std::string opaque;             // echoed back when the server sent one
  std::string algorithm = "MD5";  // "MD5" (the default) or "SHA-256"
  bool stale = false;             // the nonce expired; the credentials were right
};

// Reads a WWW-Authenticate value ("Digest realm=\"MMS Public API\", nonce=..., qop=\"auth\"").
// An ErrorCode::protocol error says why it cannot be answered: not Digest, no realm or nonce, an
// algorithm other than MD5 and SHA-256 (the -sess variants included), or a qop list without
// "auth" (auth-int, or RFC 2069's no qop, which RFC 7616 no longer allows).
Result<DigestChallenge> parse_digest_challenge(std::string_view header);

struct DigestCredentials {
  std::string username;
  Secret password;
};

// One request's answer to the challenge (RFC 7616 §3.4): the Authorization header's value, with
// `uri` the request target as sent (path and query), `count` the nonce count (nc, from 1 for each
// nonce) and `client_nonce` (cnonce) fresh per request. A secret: it proves the password.
std::string digest_authorization(const DigestChallenge& challenge,
                                 const DigestCredentials& credentials, std::string_view method,
                                 std::string_view uri, std::uint32_t count,
                                 std::string_view client_nonce);

// The `response` value alone (RFC 7616 §3.4.1), for tests against the RFC's worked example.
std::string digest_response(const DigestChallenge& challenge, const DigestCredentials& credentials,
                            std::string_view method, std::string_view uri, std::uint32_t count,
                            std::string_view client_nonce);

}  // namespace mongoscan
