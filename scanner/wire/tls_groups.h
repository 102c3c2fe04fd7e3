#pragma once
// The key-exchange groups every scanner handshake lists: OpenSSL 3's default groups, then the small
// curves. A server signs TLS 1.2 and below with an EC key only when the client lists the key's
// curve, so without P-224 and P-192 a certificate on them could not be seen, let alone reported.
// Listed last, they are never preferred for key exchange.

namespace mongoscan {

inline constexpr const char* kTlsClientGroups =
    "X25519:P-256:X448:P-521:P-384:ffdhe2048:ffdhe3072:ffdhe4096:ffdhe6144:ffdhe8192:P-224:P-192";

}  // namespace mongoscan
