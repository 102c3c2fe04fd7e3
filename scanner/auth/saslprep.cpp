#include "scanner/auth/saslprep.h"

#include <openssl/crypto.h>
#include <unicode/usprep.h>
#include <unicode/ustring.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace mongoscan {
namespace {

// UTF-16 text that is wiped when it goes: the strings here are usually passwords.
class WipedUtf16 {
 public:
  explicit WipedUtf16(std::size_t size) : units_(size) {}
  WipedUtf16(const WipedUtf16&) = delete;
  WipedUtf16& operator=(const WipedUtf16&) = delete;
  ~WipedUtf16() { OPENSSL_cleanse(units_.data(), units_.size() * sizeof(UChar)); }

  UChar* data() { return units_.data(); }
  const UChar* data() const { return units_.data(); }
  std::int32_t capacity() const { return static_cast<std::int32_t>(units_.size()); }

 private:
  std::vector<UChar> units_;
};

struct ProfileCloser {
  void operator()(UStringPrepProfile* profile) const { usprep_close(profile); }
};
using Profile = std::unique_ptr<UStringPrepProfile, ProfileCloser>;

Error saslprep_error(std::string message) {
  return Error{ErrorCode::usage, "auth", "SASLprep: " + std::move(message)};
}

Error rule_broken(UErrorCode status) {
  switch (status) {
    case U_STRINGPREP_PROHIBITED_ERROR:
      return saslprep_error(
          "the string contains a prohibited character: a control, private-use, non-character, "
          "surrogate, tagging or display-changing code point (RFC 4013 section 2.3)");
    case U_STRINGPREP_UNASSIGNED_ERROR:
      return saslprep_error(
          "the string contains a code point unassigned in Unicode 3.2 (RFC 3454 table A.1), which "
          "stored strings must not contain (RFC 4013 section 2.5)");
    case U_STRINGPREP_CHECK_BIDI_ERROR:
      return saslprep_error(
          "the string breaks the bidirectional rule: it mixes right-to-left and left-to-right "
          "characters, or a right-to-left string does not start and end with a right-to-left "
          "character (RFC 3454 section 6, RFC 4013 section 2.4)");
    default:
      return saslprep_error(std::string("ICU failed: ") + u_errorName(status));
  }
}

// Strict UTF-8 to UTF-16: ill-formed, overlong, surrogate or out-of-range sequences are errors.
Result<std::int32_t> to_utf16(std::string_view utf8, WipedUtf16& out) {
  UErrorCode status = U_ZERO_ERROR;
  std::int32_t length = 0;
  u_strFromUTF8(out.data(), out.capacity(), &length, utf8.data(),
                static_cast<std::int32_t>(utf8.size()), &status);
  if (status == U_INVALID_CHAR_FOUND) return saslprep_error("the string is not valid UTF-8");
  if (U_FAILURE(status)) return rule_broken(status);
  return length;
}

Result<std::string> to_utf8(const WipedUtf16& utf16, std::int32_t length) {
  // One UTF-16 unit never takes more than three UTF-8 bytes.
  std::string utf8(static_cast<std::size_t>(length) * 3, '\0');
  UErrorCode status = U_ZERO_ERROR;
  std::int32_t written = 0;
  u_strToUTF8(utf8.data(), static_cast<std::int32_t>(utf8.size()), &written, utf16.data(), length,
              &status);
  if (U_FAILURE(status)) return rule_broken(status);
  utf8.resize(static_cast<std::size_t>(written));
  return utf8;
}

}  // namespace

Result<std::string> saslprep(std::string_view utf8, bool allow_unassigned) {
  // Far above any password, and small enough that every length below (NFKC grows a string at
  // most 18-fold, UTF-8 takes at most 3 bytes a unit) fits ICU's int32_t.
  constexpr std::size_t kMaxInputBytes = std::size_t{1} << 20;
  if (utf8.empty()) return std::string();
  if (utf8.size() > kMaxInputBytes) return saslprep_error("the string is longer than 1 MiB");
  WipedUtf16 input(utf8.size());
  Result<std::int32_t> input_length = to_utf16(utf8, input);
  if (!input_length) return input_length.error();

  UErrorCode status = U_ZERO_ERROR;
  const Profile profile(usprep_openByType(USPREP_RFC4013_SASLPREP, &status));
  if (U_FAILURE(status)) return rule_broken(status);
  const std::int32_t options = allow_unassigned ? USPREP_ALLOW_UNASSIGNED : USPREP_DEFAULT;

  // A first pass measures the result: NFKC can lengthen the string.
  const std::int32_t needed = usprep_prepare(profile.get(), input.data(), input_length.value(),
                                             nullptr, 0, options, nullptr, &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return rule_broken(status);
  WipedUtf16 prepared(static_cast<std::size_t>(needed));
  status = U_ZERO_ERROR;
  const std::int32_t length =
      usprep_prepare(profile.get(), input.data(), input_length.value(), prepared.data(),
                     prepared.capacity(), options, nullptr, &status);
  if (U_FAILURE(status)) return rule_broken(status);
  return to_utf8(prepared, length);
}

}  // namespace mongoscan
