// Redaction (scanner/uri/uri_redaction.cpp): parse, redact, assert that no secret survives. The
// input is a byte choosing where the URI is shown, then a URI in which one \x01 byte stands for a
// secret holding quotes and a space. When the parser reads that secret into a password, a session
// token or a secret option, neither redact_connection_string nor the free-text redactor (as stderr
// shows a URI: inside a command-line error, quoted, followed by another line, its scheme in upper
// case, glued to the word before it) may show it.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "scanner/secrets/secret.h"
#include "scanner/text/ascii_case.h"
#include "scanner/uri/uri.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

constexpr char kMarker = '\x01';
constexpr std::string_view kSecret = "Cy7'q\" Zw9";
// Its two ends: a secret cut short at a quote or the space leaves one of them in clear.
constexpr std::string_view kSecretEnds[] = {"Cy7", "Zw9"};

std::size_t count(std::string_view text, std::string_view word) {
  std::size_t found = 0;
  for (std::size_t at = text.find(word); at != std::string_view::npos;
       at = text.find(word, at + 1)) {
    ++found;
  }
  return found;
}

bool holds_secret(const Secret& secret) {
  return secret.reveal().find(kSecret) != std::string::npos;
}

// Whether the parser took the secret for a secret.
bool parser_holds_secret(const ConnectionString& uri) {
  if (uri.credentials) {
    const Credentials& credentials = *uri.credentials;
    if (credentials.password && holds_secret(*credentials.password)) return true;
    if (credentials.session_token && holds_secret(*credentials.session_token)) return true;
  }
  for (const auto& [name, option] : uri.options) {
    const Secret* secret = std::get_if<Secret>(&option.value);
    if (secret != nullptr && holds_secret(*secret)) return true;
  }
  return false;
}

// The URI with its scheme's letters in upper case (MONGODB://, MONGODB+SRV://).
std::string upper_scheme(std::string uri) {
  const std::size_t end = std::min(uri.find("://"), uri.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (uri[i] >= 'a' && uri[i] <= 'z') uri[i] = static_cast<char>(uri[i] - 'a' + 'A');
  }
  return uri;
}

std::string shown(std::uint8_t place, const std::string& uri) {
  switch (place % 6) {
    case 0:
      return redact_connection_string(uri);
    case 1:
      return redact_connection_strings_in_text("--fail-on: " + uri +
                                               " not in {info,low,medium,high,critical,none}");
    case 2:
      return redact_connection_strings_in_text("mongoscan: error: '" + uri + "': invalid");
    case 3:
      return redact_connection_strings_in_text(uri + "\nnext line");
    case 4:  // an acceptance's reason, the scheme in upper case
      return redact_connection_strings_in_text("reason: see " + upper_scheme(uri));
    default:  // glued to the word before it
      return redact_connection_strings_in_text("owner" + uri);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view pattern(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t marker = pattern.find(kMarker);
  if (marker == std::string_view::npos || pattern.find(kMarker, marker + 1) != std::string::npos) {
    return 0;
  }
  // Free text holding one URI: a second scheme starts another URI
  // (redact_connection_strings_in_text).
  const std::string lowered = to_lower_ascii(pattern);
  if (lowered.find("mongodb://", 1) != std::string::npos ||
      lowered.find("mongodb+srv://", 1) != std::string::npos) {
    return 0;
  }
  std::string uri(pattern);
  uri.replace(marker, 1, kSecret);
  const Result<ConnectionString> parsed = parse_connection_string(uri);
  const std::string redacted = shown(data[0], uri);
  if (!parsed || !parser_holds_secret(parsed.value())) return 0;
  for (std::string_view end : kSecretEnds) {
    fuzz::check(count(redacted, end) <= count(pattern, end),
                "no part of a secret survives redaction");
  }
  return 0;
}
