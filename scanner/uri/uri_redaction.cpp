// redact_connection_string: the one place that decides what of a URI may be shown. It reads a URI
// as parse_connection_string reads it (the same authority, option keys and authMechanismProperties
// percent-decoded before they are judged), so whatever the parser takes for a secret is masked;
// text the parser refuses is read more widely, never less.

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/secrets/secret.h"
#include "scanner/text/ascii_case.h"
#include "scanner/uri/uri.h"
#include "scanner/uri/uri_options.h"

namespace mongoscan {
namespace {

constexpr std::string_view kSchemeSeparator = "://";
constexpr std::string_view kSchemeName = "mongodb";  // then "://" or "+srv://", in any case
// An option whose name holds one of these, in any case, is secret (is_secret_option_name).
constexpr std::array<std::string_view, 4> kSecretWords = {"password", "secret", "token", "key"};

// Percent-decoded text with, for each decoded byte, the offset of its raw byte or escape; one more
// offset (the raw size) ends the list. nullopt where percent_decode refuses the text.
struct DecodedText {
  std::string text;
  std::vector<std::size_t> raw_offsets;
};

std::optional<DecodedText> decode_with_offsets(std::string_view raw) {
  DecodedText decoded;
  for (std::size_t i = 0; i < raw.size();) {
    decoded.raw_offsets.push_back(i);
    const std::size_t length = raw[i] == '%' ? 3 : 1;
    auto byte = percent_decode(raw.substr(i, length), "a value");
    if (!byte || byte.value().size() != 1) return std::nullopt;
    decoded.text += byte.value();
    i += length;
  }
  decoded.raw_offsets.push_back(raw.size());
  return decoded;
}

// authMechanismProperties: the value is decoded, then split at ',' and each pair's first ':'
// (split_key_value_list), and a secret-looking key's value is masked in the raw text.
std::string redact_properties(std::string_view raw) {
  const auto decoded = decode_with_offsets(raw);
  if (!decoded) return kRedacted;  // the parser refuses it, so its pairs cannot be told apart
  const std::string& text = decoded->text;
  std::string redacted;
  std::size_t shown_from = 0;  // raw offset
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::size_t colon = text.find(':', start);
    if (colon < comma &&
        is_secret_option_name(std::string_view(text).substr(start, colon - start))) {
      const std::size_t value_start = decoded->raw_offsets[colon + 1];
      redacted.append(raw.substr(shown_from, value_start - shown_from)).append(kRedacted);
      shown_from = decoded->raw_offsets[comma];
    }
    start = comma + 1;
  }
  return redacted.append(raw.substr(shown_from));
}

// The query split at '&' and each pair at its first '=', as parse_options splits it. A key that
// does not decode has its value masked: the parser refuses it, so it could name anything. A pair
// without '=' after a secret is masked too: it is the rest of a secret holding an unescaped '&'.
void append_redacted_query(std::string_view query, std::string& redacted) {
  bool after_secret = false;
  std::size_t start = 0;
  while (start <= query.size()) {
    std::size_t amp = query.find('&', start);
    if (amp == std::string_view::npos) amp = query.size();
    const std::string_view pair = query.substr(start, amp - start);
    if (start > 0) redacted += '&';
    start = amp + 1;
    const std::size_t equals = pair.find('=');
    if (equals == std::string_view::npos) {
      redacted += after_secret && !pair.empty() ? std::string_view(kRedacted) : pair;
      continue;
    }
    const std::string_view raw_key = pair.substr(0, equals);
    const auto key = percent_decode(raw_key, "an option name");
    after_secret = !key || is_secret_option_name(key.value());
    redacted.append(raw_key).append("=");
    if (after_secret && equals + 1 == pair.size()) {
      after_secret = false;  // an empty value hides nothing, and "***" would make it a value
    } else if (after_secret) {
      redacted += kRedacted;
    } else if (equals_ignore_case(key.value(), "authMechanismProperties")) {
      redacted += redact_properties(pair.substr(equals + 1));
    } else {
      redacted += pair.substr(equals + 1);
    }
  }
}

// Where the user info ends (its '@'), or npos. The parser's reading: the last '@' of the authority,
// which ends at the first '/' or '?'. When the authority has none and the parser refuses the text,
// a password may hold an unescaped '/' or '?': then the last '@' of the text, if a ':' precedes it.
std::size_t user_info_end(std::string_view uri, std::size_t authority_start) {
  const std::size_t authority_end = std::min(uri.find_first_of("/?", authority_start), uri.size());
  const std::size_t at = uri.substr(0, authority_end).rfind('@');
  if (at != std::string_view::npos && at >= authority_start) return at;
  // No '@' after the scheme: no user info, whatever the parser says (and no parse to pay for).
  const std::size_t last_at = uri.rfind('@');
  if (last_at == std::string_view::npos || last_at < authority_start) return std::string_view::npos;
  if (parse_connection_string(uri)) return std::string_view::npos;
  const bool has_password =
      uri.substr(authority_start, last_at - authority_start).find(':') != std::string_view::npos;
  return has_password ? last_at : std::string_view::npos;
}

// Where the first "mongodb://" or "mongodb+srv://" in any case starts at or after `from`, or npos.
std::size_t find_scheme(std::string_view text, std::size_t from) {
  for (std::size_t at = from; at + kSchemeName.size() <= text.size(); ++at) {
    if (to_lower_ascii(text[at]) != 'm' || !starts_with_ignore_case(text.substr(at), kSchemeName))
      continue;
    const std::string_view rest = text.substr(at + kSchemeName.size());
    if (rest.starts_with(kSchemeSeparator) || starts_with_ignore_case(rest, "+srv://")) return at;
  }
  return std::string_view::npos;
}

// Whether the URI after its scheme can hold nothing to mask: no '@' (so no user info), no '%' (so
// every option name reads as written), no word of a secret option's name (kSecretWords: every
// secret option of the specification holds "password") and no authMechanismProperties (whose
// value may hold secrets). Most connection strings a report repeats are so, and are copied as they
// are: the reading below would give the same text, at many times the cost.
bool holds_nothing_to_mask(std::string_view after_scheme) {
  constexpr std::string_view kProperties = "authmechanismproperties";
  for (std::size_t at = 0; at < after_scheme.size(); ++at) {
    const char c = to_lower_ascii(after_scheme[at]);
    if (c == '@' || c == '%') return false;
    const std::string_view rest = after_scheme.substr(at);
    for (std::string_view word : kSecretWords) {
      if (c == word.front() && starts_with_ignore_case(rest, word)) return false;
    }
    if (c == kProperties.front() && starts_with_ignore_case(rest, kProperties)) return false;
  }
  return true;
}

// Appends to `redacted` what of the URI may be shown (redact_connection_string).
void append_redacted_connection_string(std::string_view uri, std::string& redacted) {
  const std::size_t scheme_end = uri.find(kSchemeSeparator);
  const std::size_t authority_start =
      scheme_end == std::string_view::npos ? 0 : scheme_end + kSchemeSeparator.size();
  if (holds_nothing_to_mask(uri.substr(authority_start))) {
    redacted.append(uri);
    return;
  }
  const std::size_t at = user_info_end(uri, authority_start);
  const std::size_t host_start = at == std::string_view::npos ? authority_start : at;
  const std::size_t query_start = uri.find('?', host_start);

  redacted.reserve(redacted.size() + uri.size() + std::string_view(kRedacted).size());
  redacted.append(uri.substr(0, authority_start));
  if (at != std::string_view::npos) {
    const std::string_view user_info = uri.substr(authority_start, at - authority_start);
    const std::size_t colon = user_info.find(':');
    redacted.append(user_info.substr(0, colon));
    if (colon != std::string_view::npos) redacted.append(":").append(kRedacted);
  }
  redacted +=
      uri.substr(host_start, query_start == std::string_view::npos ? std::string_view::npos
                                                                   : query_start - host_start);
  if (query_start != std::string_view::npos) {
    redacted += '?';
    append_redacted_query(uri.substr(query_start + 1), redacted);
  }
}

// Each connection string in the text, redacted once (redact_connection_strings_in_text).
std::string redacted_once(std::string_view text) {
  std::size_t start = find_scheme(text, 0);
  std::string redacted;
  redacted.reserve(text.size() + 16);
  redacted.append(text.substr(0, start));
  while (start != std::string_view::npos) {
    const std::size_t next = find_scheme(text, start + 1);
    append_redacted_connection_string(text.substr(start, next - start), redacted);
    start = next;
  }
  return redacted;
}

constexpr int kMaxRedactionPasses = 8;

}  // namespace

bool is_secret_option_name(std::string_view decoded_name) {
  for (std::string_view word : kSecretWords) {
    if (contains_ignore_case(decoded_name, word) &&
        !equals_ignore_case(decoded_name, "tlsCertificateKeyFile")) {
      return true;
    }
  }
  const OptionSpec* spec = find_option_spec(decoded_name);
  return spec != nullptr && spec->type == OptionType::secret;
}

std::string redact_connection_string(std::string_view uri) {
  std::string redacted;
  append_redacted_connection_string(uri, redacted);
  return redacted;
}

std::string redact_connection_strings_in_text(std::string_view text) {
  std::string redacted = redacted_once(text);
  if (redacted == text) return redacted;  // nothing masked: already as it reads
  // Masking a user info can change how the rest of a malformed string reads (where its '@' and
  // '?' fall), so a changed text is read again until nothing changes (found by make fuzz: a
  // second pass masked what the first had shown). Each pass only masks; the bound is a guard.
  for (int pass = 0; pass < kMaxRedactionPasses; ++pass) {
    std::string again = redacted_once(redacted);
    if (again == redacted) break;
    redacted = std::move(again);
  }
  return redacted;
}

ShownText::ShownText(std::string_view text) : view_(text) {
  if (text.find(kSchemeSeparator) == std::string_view::npos) return;
  redacted_ = redact_connection_strings_in_text(text);
  view_ = redacted_;
}

}  // namespace mongoscan
