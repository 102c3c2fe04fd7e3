#include "scanner/secrets/digest.h"

#include <gtest/gtest.h>

#include <string>

namespace mongoscan {
namespace digest_test {
namespace {

// FIPS 180-2 appendix B.1 ("abc") and the digest of no bytes.
constexpr const char* kAbc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
constexpr const char* kEmpty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

TEST(Digest, Sha256HexIsTheWholeDigestInLowerCaseHex) {
  EXPECT_EQ(sha256_hex("abc"), kAbc);
  EXPECT_EQ(sha256_hex(""), kEmpty);
  EXPECT_EQ(sha256_hex128("abc"), std::string(kAbc).substr(0, 32));
}

TEST(Digest, Sha256FedInPiecesEqualsTheOneShotDigest) {
  const std::string text(200000, 'z');
  Sha256 pieces;
  for (std::size_t at = 0; at < text.size(); at += 4096) {
    pieces.update(std::string_view(text).substr(at, 4096));
  }
  EXPECT_EQ(pieces.hex_digest(), sha256_hex(text));
  Sha256 nothing;
  EXPECT_EQ(nothing.hex_digest(), kEmpty);
}

}  // namespace
}  // namespace digest_test
}  // namespace mongoscan
