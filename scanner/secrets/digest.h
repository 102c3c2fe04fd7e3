#pragma once
// SHA-256 digests: short, stable identities of texts that must not be reversible to them, and
// whole digests of files and documents that evidence is checked against.

#include <memory>
#include <string>
#include <string_view>

namespace mongoscan {

// The first 128 bits of the text's SHA-256, as 32 lower-case hex digits.
std::string sha256_hex128(std::string_view text);

// The text's SHA-256, as 64 lower-case hex digits.
std::string sha256_hex(std::string_view text);

// A SHA-256 fed piece by piece, for content too large to hold whole (a report file).
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(std::string_view bytes);
  // The digest of everything fed so far, as 64 lower-case hex digits; the object is spent after.
  std::string hex_digest();

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

}  // namespace mongoscan
