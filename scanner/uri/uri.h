#pragma once
// MongoDB connection strings (mongodb:// and mongodb+srv://), parsed per the MongoDB
// connection-string and URI-options specifications.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "scanner/errors/result.h"
#include "scanner/secrets/secret.h"

namespace mongoscan {

enum class HostType { ipv4, ip_literal, hostname, unix_socket };
std::string_view to_string(HostType type);

struct HostAddress {
  HostType type;
  std::string host;  // decoded; IP literals without brackets
  std::optional<std::uint16_t> port;

  // "host:port" with the default port 27017 filled in; IP literals bracketed.
  std::string address() const;
};

// Ordered key:value pairs, as in authMechanismProperties or one readPreferenceTags set.
using KeyValueList = std::vector<std::pair<std::string, std::string>>;

// A typed option value. Secret holds options such as tlsCertificateKeyFilePassword.
using OptionValue = std::variant<bool, std::int64_t, std::string, Secret, std::vector<std::string>,
                                 KeyValueList, std::vector<KeyValueList>>;

struct UriOption {
  std::string name;  // canonical spelling, e.g. "maxPoolSize"
  OptionValue value;
};

struct Credentials {
  std::optional<std::string> username;
  std::optional<Secret> password;
  std::string source;                    // effective auth database
  std::optional<std::string> mechanism;  // empty: negotiated with the server
  KeyValueList mechanism_properties;     // AWS_SESSION_TOKEN is kept in session_token instead
  std::optional<Secret> session_token;
};

struct ConnectionString {
  bool srv = false;
  std::vector<HostAddress> hosts;
  std::optional<std::string> database;
  std::optional<Credentials> credentials;
  std::map<std::string, UriOption> options;  // keyed by lower-cased option name
  std::vector<std::string> warnings;         // ignored or suspicious options; never holds a secret

  // The option by case-insensitive name, or nullptr.
  const UriOption* option(std::string_view name) const;
  std::optional<bool> bool_option(std::string_view name) const;
  std::optional<std::int64_t> int_option(std::string_view name) const;
  std::optional<std::string> string_option(std::string_view name) const;
};

// Parses a connection string. Invalid input yields ErrorCode::usage with a message that names the
// problem without echoing any credential.
Result<ConnectionString> parse_connection_string(std::string_view uri);

// Strict percent-decoding: every '%' must start a two-digit hex escape. `what` names the part in
// the usage error.
Result<std::string> percent_decode(std::string_view text, std::string_view what);

// Whether an option or authMechanismProperties key (percent-decoded, any case) names a secret: it
// holds "password", "secret", "token" or "key" (tlsCertificateKeyFile, a path, aside), or the
// option is a secret one. Every place that shows an option or property value asks this.
bool is_secret_option_name(std::string_view decoded_name);

// The single redaction path: the URI text with its password and every secret option value replaced
// by "***", read as parse_connection_string reads it (option and property names percent-decoded).
// Works on any text, valid URI or not; text the parser refuses is masked more widely.
std::string redact_connection_string(std::string_view uri);

// Free text (an error message from a library, a log line, any string a report shows) with every
// embedded mongodb:// or mongodb+srv:// URI, the scheme in any case, passed through
// redact_connection_string. A URI runs to the next URI's scheme or the end of the text, since a
// password may hold quotes and white space: the text after it is masked too when it holds an '@' or
// a secret-looking key=value pair.
std::string redact_connection_strings_in_text(std::string_view text);

// Text as an output may show it: the text itself when it holds no "://" (most strings, at no cost),
// else redact_connection_strings_in_text's copy. Views into the text it was made from.
class ShownText {
 public:
  explicit ShownText(std::string_view text);
  ShownText(const ShownText&) = delete;  // the view may point into its own copy
  ShownText& operator=(const ShownText&) = delete;
  std::string_view view() const { return view_; }

 private:
  std::string redacted_;
  std::string_view view_;
};

}  // namespace mongoscan
