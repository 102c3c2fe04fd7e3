#include "scanner/cloud/atlas/http_digest.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace http_digest_test {
namespace {

// RFC 7616 §3.9.1: the worked example, offered with both algorithms.
DigestChallenge rfc_challenge(const char* algorithm) {
  auto challenge = parse_digest_challenge(
      std::string("Digest realm=\"http-auth@example.org\", qop=\"auth, auth-int\", algorithm=") +
      algorithm +
      ", nonce=\"7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v\", "
      "opaque=\"FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS\"");
  EXPECT_TRUE(challenge) << challenge.error().message;
  return challenge.value();
}

const DigestCredentials kMufasa{"Mufasa", Secret("Circle of Life")};
constexpr const char* kClientNonce = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ";

TEST(HttpDigest, ReproducesTheRfcExampleWithMd5) {
  EXPECT_EQ(
      "8ca523f5e9506fed4657c9700eebdbec",
      digest_response(rfc_challenge("MD5"), kMufasa, "GET", "/dir/index.html", 1, kClientNonce));
}

TEST(HttpDigest, ReproducesTheRfcExampleWithSha256) {
  EXPECT_EQ("753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
            digest_response(rfc_challenge("SHA-256"), kMufasa, "GET", "/dir/index.html", 1,
                            kClientNonce));
}

TEST(HttpDigest, TheAuthorizationCarriesEveryDirectiveAndTheOpaque) {
  EXPECT_EQ(
      "Digest username=\"Mufasa\", realm=\"http-auth@example.org\", "
      "nonce=\"7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v\", uri=\"/dir/index.html\", "
      "algorithm=MD5, response=\"8ca523f5e9506fed4657c9700eebdbec\", qop=auth, nc=00000001, "
      "cnonce=\"f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ\", "
      "opaque=\"FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS\"",
      digest_authorization(rfc_challenge("MD5"), kMufasa, "GET", "/dir/index.html", 1,
                           kClientNonce));
}

TEST(HttpDigest, TheCountAndTheUriChangeTheResponse) {
  const DigestChallenge challenge = rfc_challenge("MD5");
  const std::string first = digest_response(challenge, kMufasa, "GET", "/a?x=1", 1, "c");
  EXPECT_NE(first, digest_response(challenge, kMufasa, "GET", "/a?x=1", 2, "c"));
  EXPECT_NE(first, digest_response(challenge, kMufasa, "GET", "/a?x=2", 1, "c"));
  EXPECT_NE(first,
            digest_response(challenge, {"Mufasa", Secret("other")}, "GET", "/a?x=1", 1, "c"));
}

TEST(HttpDigest, ReadsTheChallengeAtlasDocuments) {
  // The Atlas Administration API's challenge (Digest authentication, "MMS Public API" realm).
  auto challenge = parse_digest_challenge(
      "Digest realm=\"MMS Public API\", domain=\"\", nonce=\"a,b\\\"c\", algorithm=MD5, "
      "qop=\"auth\", stale=false");
  ASSERT_TRUE(challenge) << challenge.error().message;
  EXPECT_EQ("MMS Public API", challenge.value().realm);
  EXPECT_EQ("a,b\"c", challenge.value().nonce);  // quoted commas and escapes kept
  EXPECT_EQ("MD5", challenge.value().algorithm);
  EXPECT_FALSE(challenge.value().stale);
  EXPECT_TRUE(
      parse_digest_challenge("digest realm=r, nonce=n, qop=auth, STALE=TRUE").value().stale);
}

TEST(HttpDigest, RefusesChallengesItCannotAnswer) {
  for (const char* header : {
           "Basic realm=\"x\"",                                              // another scheme
           "Digest nonce=\"n\", qop=\"auth\"",                               // no realm
           "Digest realm=\"r\", qop=\"auth\"",                               // no nonce
           "Digest realm=\"r\", nonce=\"n\"",                                // RFC 2069: no qop
           "Digest realm=\"r\", nonce=\"n\", qop=\"auth-int\"",              // auth-int only
           "Digest realm=\"r\", nonce=\"n\", qop=auth, algorithm=MD5-sess",  // session variant
           "Digest realm=\"r\", nonce=\"n, qop=auth",                        // unterminated
           "Digest realm",                                                   // no value
       }) {
    auto challenge = parse_digest_challenge(header);
    ASSERT_FALSE(challenge) << header;
    EXPECT_EQ(ErrorCode::protocol, challenge.error().code);
  }
}

}  // namespace
}  // namespace http_digest_test
}  // namespace mongoscan
