// redact_connection_string: the one place that decides what of a URI may be shown.

#include <algorithm>
#include <string>

#include "scanner/ascii_case.h"
#include "scanner/uri.h"
#include "scanner/uri_options.h"

namespace mongoscan {
namespace {

constexpr std::string_view kSchemeSeparator = "://";

bool looks_secret(std::string_view option_name) {
  const std::string lowered = to_lower_ascii(option_name);
  for (std::string_view word : {"password", "secret", "token", "key"}) {
    if (lowered.find(word) != std::string::npos && lowered != "tlscertificatekeyfile") return true;
  }
  const OptionSpec* spec = find_option_spec(option_name);
  return spec != nullptr && spec->type == OptionType::secret;
}

// authMechanismProperties=K:V,AWS_SESSION_TOKEN:secret -> the token's value replaced.
std::string redact_properties(std::string_view value) {
  std::string redacted;
  std::size_t start = 0;
  while (start <= value.size()) {
    std::size_t comma = value.find(',', start);
    if (comma == std::string_view::npos) comma = value.size();
    std::string_view pair = value.substr(start, comma - start);
    std::size_t colon = pair.find(':');
    if (start > 0) redacted += ',';
    if (colon != std::string_view::npos && looks_secret(pair.substr(0, colon))) {
      redacted.append(pair.substr(0, colon + 1)).append(kRedacted);
    } else {
      redacted += pair;
    }
    start = comma + 1;
  }
  return redacted;
}

std::string redact_query(std::string_view query) {
  std::string redacted;
  std::size_t start = 0;
  while (start <= query.size()) {
    std::size_t amp = query.find('&', start);
    if (amp == std::string_view::npos) amp = query.size();
    std::string_view pair = query.substr(start, amp - start);
    if (start > 0) redacted += '&';
    std::size_t equals = pair.find('=');
    std::string_view key = pair.substr(0, equals);
    if (equals == std::string_view::npos) {
      redacted += pair;
    } else if (looks_secret(key)) {
      redacted.append(key).append("=").append(kRedacted);
    } else if (equals_ignore_case(key, "authMechanismProperties")) {
      redacted.append(key).append("=").append(redact_properties(pair.substr(equals + 1)));
    } else {
      redacted += pair;
    }
    start = amp + 1;
  }
  return redacted;
}

}  // namespace

// The user info ends at the last '@' ahead of the query; its password is everything after the first
// ':'. When the text before the query has no '@' but a later '@' exists, a password may hold an
// unescaped '?': then everything from the first ':' to the last '@' is hidden. This over-redacts
// malformed input rather than under-redacting it.
std::string redact_connection_string(std::string_view uri) {
  std::size_t scheme_end = uri.find(kSchemeSeparator);
  std::size_t authority_start =
      scheme_end == std::string_view::npos ? 0 : scheme_end + kSchemeSeparator.size();
  std::size_t query_start = uri.find('?', authority_start);
  std::size_t at = uri.substr(0, query_start).rfind('@');
  if (at == std::string_view::npos || at < authority_start) {
    std::size_t last_at = uri.rfind('@');
    if (last_at != std::string_view::npos && last_at > authority_start &&
        uri.substr(authority_start, last_at - authority_start).find(':') !=
            std::string_view::npos) {
      at = last_at;
      query_start = uri.find('?', at);
    } else {
      at = std::string_view::npos;
    }
  }

  std::string redacted(uri.substr(0, authority_start));
  std::size_t host_start = authority_start;
  if (at != std::string_view::npos) {
    std::string_view user_info = uri.substr(authority_start, at - authority_start);
    std::size_t colon = user_info.find(':');
    redacted += colon == std::string_view::npos
                    ? std::string(user_info)
                    : std::string(user_info.substr(0, colon + 1)) + kRedacted;
    host_start = at;
  }
  redacted +=
      uri.substr(host_start, query_start == std::string_view::npos ? std::string_view::npos
                                                                   : query_start - host_start);
  if (query_start != std::string_view::npos) {
    redacted += "?" + redact_query(uri.substr(query_start + 1));
  }
  return redacted;
}

std::string redact_connection_strings_in_text(std::string_view text) {
  std::string redacted;
  std::size_t position = 0;
  while (position < text.size()) {
    std::size_t start =
        std::min(text.find("mongodb://", position), text.find("mongodb+srv://", position));
    if (start == std::string_view::npos) break;
    std::size_t end = text.find_first_of(" \t\r\n'\"", start);
    if (end == std::string_view::npos) end = text.size();
    redacted.append(text.substr(position, start - position));
    redacted.append(redact_connection_string(text.substr(start, end - start)));
    position = end;
  }
  redacted.append(text.substr(std::min(position, text.size())));
  return redacted;
}

}  // namespace mongoscan
