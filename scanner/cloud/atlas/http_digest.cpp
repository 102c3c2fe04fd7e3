#include "scanner/cloud/atlas/http_digest.h"

#include <openssl/evp.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <map>

#include "scanner/text/lower_hex.h"

namespace mongoscan {
namespace {

Error digest_challenge_error(std::string message) {
  return Error{ErrorCode::protocol, "atlas", "the Digest challenge " + std::move(message)};
}

std::string digest_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void digest_skip_separators(std::string_view& text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == ','))
    text.remove_prefix(1);
}

// The auth-params of a challenge (RFC 7235 §2.1): name=token or name="quoted string", separated
// by commas; a quoted string may hold commas and backslash escapes. Names in lower case.
Result<std::map<std::string, std::string>> digest_auth_params(std::string_view text) {
  std::map<std::string, std::string> params;
  digest_skip_separators(text);
  while (!text.empty()) {
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos || equals == 0)
      return digest_challenge_error("has a parameter without a value");
    std::string name = digest_lower(text.substr(0, equals));
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
    text.remove_prefix(equals + 1);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    std::string value;
    if (text.starts_with('"')) {
      text.remove_prefix(1);
      bool closed = false;
      while (!text.empty()) {
        const char c = text.front();
        text.remove_prefix(1);
        if (c == '"') {
          closed = true;
          break;
        }
        if (c == '\\' && !text.empty()) {
          value += text.front();
          text.remove_prefix(1);
        } else {
          value += c;
        }
      }
      if (!closed) return digest_challenge_error("has an unterminated quoted string");
    } else {
      const std::size_t end = std::min(text.find(','), text.size());
      value = std::string(text.substr(0, end));
      while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
      text.remove_prefix(end);
    }
    params[name] = std::move(value);
    digest_skip_separators(text);
  }
  return params;
}

// Whether the comma-separated qop list offers "auth".
bool digest_offers_auth(std::string_view list) {
  while (!list.empty()) {
    const std::size_t comma = std::min(list.find(','), list.size());
    std::string_view item = list.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (digest_lower(item) == "auth") return true;
    list.remove_prefix(std::min(comma + 1, list.size()));
  }
  return false;
}

// H(data) in lower-case hex, with the challenge's algorithm.
std::string digest_hash_hex(std::string_view algorithm, std::string_view data) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  EVP_Digest(data.data(), data.size(), digest.data(), &size,
             algorithm == "SHA-256" ? EVP_sha256() : EVP_md5(), nullptr);
  return lower_hex(std::string_view(reinterpret_cast<const char*>(digest.data()), size));
}

std::string digest_count_hex(std::uint32_t count) {
  char text[9];
  std::snprintf(text, sizeof text, "%08x", count);
  return text;
}

// A quoted-string of RFC 7230: backslash before '"' and '\'.
std::string digest_quoted(std::string_view value) {
  std::string out = "\"";
  for (const char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

Result<DigestChallenge> parse_digest_challenge(std::string_view header) {
  while (!header.empty() && header.front() == ' ') header.remove_prefix(1);
  if (header.size() < 7 || digest_lower(header.substr(0, 6)) != "digest" || header[6] != ' ')
    return digest_challenge_error("is not of the Digest scheme");
  auto params = digest_auth_params(header.substr(7));
  if (!params) return params.error();
  const auto& found = params.value();
  DigestChallenge challenge;
  const auto get = [&](const char* name) {
    const auto it = found.find(name);
    return it == found.end() ? std::string() : it->second;
  };
  challenge.realm = get("realm");
  challenge.nonce = get("nonce");
  challenge.opaque = get("opaque");
  if (challenge.realm.empty() || challenge.nonce.empty())
    return digest_challenge_error("has no realm or no nonce");
  if (const std::string algorithm = get("algorithm"); !algorithm.empty()) {
    if (digest_lower(algorithm) == "md5") {
      challenge.algorithm = "MD5";
    } else if (digest_lower(algorithm) == "sha-256") {
      challenge.algorithm = "SHA-256";
    } else {
      return digest_challenge_error("asks for algorithm " + algorithm +
                                    " (MD5 and SHA-256 are answered)");
    }
  }
  if (!digest_offers_auth(get("qop"))) return digest_challenge_error("does not offer qop=auth");
  challenge.stale = digest_lower(get("stale")) == "true";
  return challenge;
}

std::string digest_response(const DigestChallenge& challenge, const DigestCredentials& credentials,
                            std::string_view method, std::string_view uri, std::uint32_t count,
                            std::string_view client_nonce) {
  const std::string& algorithm = challenge.algorithm;
  const std::string a1 = digest_hash_hex(algorithm, credentials.username + ":" + challenge.realm +
                                                        ":" + credentials.password.reveal());
  const std::string a2 = digest_hash_hex(algorithm, std::string(method) + ":" + std::string(uri));
  return digest_hash_hex(algorithm, a1 + ":" + challenge.nonce + ":" + digest_count_hex(count) +
                                        ":" + std::string(client_nonce) + ":auth:" + a2);
}

std::string digest_authorization(const DigestChallenge& challenge,
                                 const DigestCredentials& credentials, std::string_view method,
                                 std::string_view uri, std::uint32_t count,
                                 std::string_view client_nonce) {
  std::string header =
      "Digest username=" + digest_quoted(credentials.username) +
      ", realm=" + digest_quoted(challenge.realm) + ", nonce=" + digest_quoted(challenge.nonce) +
      ", uri=" + digest_quoted(uri) + ", algorithm=" + challenge.algorithm + ", response=\"" +
      digest_response(challenge, credentials, method, uri, count, client_nonce) +
      "\", qop=auth, nc=" + digest_count_hex(count) + ", cnonce=" + digest_quoted(client_nonce);
  if (!challenge.opaque.empty()) header += ", opaque=" + digest_quoted(challenge.opaque);
  return header;
}

}  // namespace mongoscan
