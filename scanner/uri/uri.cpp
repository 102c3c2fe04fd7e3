#include "scanner/uri/uri.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

#include "scanner/text/ascii_case.h"
#include "scanner/uri/uri_options.h"

namespace mongoscan {
namespace {

constexpr std::string_view kScheme = "mongodb://";
constexpr std::string_view kSrvScheme = "mongodb+srv://";
constexpr std::uint16_t kDefaultPort = 27017;  // MongoDB manual: default ports
constexpr std::string_view kExternal = "$external";

Error invalid(std::string message) {
  return Error{ErrorCode::usage, "uri", "invalid connection string: " + std::move(message)};
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_ipv4(std::string_view host) {
  in_addr address{};
  std::string text(host);
  // inet_pton accepts only the dotted-quad form with each part 0..255.
  return inet_pton(AF_INET, text.c_str(), &address) == 1;
}

Result<std::uint16_t> parse_port(std::string_view text, std::string_view host) {
  unsigned value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  bool digits_only = !text.empty() && std::all_of(text.begin(), text.end(), ::isdigit);
  if (!digits_only || ec != std::errc() || ptr != text.data() + text.size() || value == 0 ||
      value > 65535) {
    // The port text is not echoed: in a URI with a misplaced '/', it may be a password.
    return invalid("host '" + std::string(host) + "' has an invalid port (expected 1 to 65535)");
  }
  return std::uint16_t(value);
}

Result<HostAddress> parse_host(std::string_view text) {
  if (text.empty()) return invalid("empty host in the host list");
  if (text.front() == '[') {
    std::size_t close = text.find(']');
    if (close == std::string_view::npos)
      return invalid("IP literal '" + std::string(text) + "' has no ']'");
    std::string host(text.substr(1, close - 1));
    in6_addr address{};
    if (inet_pton(AF_INET6, host.c_str(), &address) != 1) {
      return invalid("'" + host + "' is not an IPv6 address");
    }
    std::string_view rest = text.substr(close + 1);
    if (rest.empty()) return HostAddress{HostType::ip_literal, host, std::nullopt};
    if (rest.front() != ':') return invalid("unexpected text after IP literal '" + host + "'");
    auto port = parse_port(rest.substr(1), host);
    if (!port) return port.error();
    return HostAddress{HostType::ip_literal, host, port.value()};
  }
  auto decoded = percent_decode(text, "a host");
  if (!decoded) return decoded.error();
  const std::string& host = decoded.value();
  if (host.find('/') != std::string::npos) {
    if (!host.ends_with(".sock"))
      return invalid("unix socket '" + host + "' does not end in .sock");
    return HostAddress{HostType::unix_socket, host, std::nullopt};
  }
  std::size_t colon = host.find(':');
  if (colon != std::string::npos && host.find(':', colon + 1) != std::string::npos) {
    return invalid("host '" + host.substr(0, colon) +
                   "' is followed by more than one ':' (IPv6 addresses need [brackets])");
  }
  std::string name = host.substr(0, colon);
  if (name.empty()) return invalid("empty host name in '" + host + "'");
  HostType type = is_ipv4(name) ? HostType::ipv4 : HostType::hostname;
  if (colon == std::string::npos) return HostAddress{type, name, std::nullopt};
  auto port = parse_port(std::string_view(host).substr(colon + 1), name);
  if (!port) return port.error();
  return HostAddress{type, name, port.value()};
}

Result<std::vector<HostAddress>> parse_hosts(std::string_view text) {
  if (text.empty()) return invalid("no host given");
  std::vector<HostAddress> hosts;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    auto host = parse_host(text.substr(start, comma - start));
    if (!host) return host.error();
    hosts.push_back(std::move(host).value());
    start = comma + 1;
  }
  return hosts;
}

struct UserInfo {
  std::string username;
  std::optional<Secret> password;
};

// Messages here name the rule broken, never the characters of the user info.
Result<UserInfo> parse_user_info(std::string_view text) {
  if (text.find('@') != std::string_view::npos) return invalid("user info has an unescaped '@'");
  if (text.find('/') != std::string_view::npos) return invalid("user info has an unescaped '/'");
  std::size_t colon = text.find(':');
  std::string_view raw_user = text.substr(0, colon);
  if (raw_user.empty()) return invalid("user info has an empty user name");
  auto username = percent_decode(raw_user, "the user name");
  if (!username) return username.error();
  UserInfo info{username.value(), std::nullopt};
  if (colon == std::string_view::npos) return info;
  std::string_view raw_password = text.substr(colon + 1);
  if (raw_password.find(':') != std::string_view::npos) {
    return invalid("the password has an unescaped ':'");
  }
  auto password = percent_decode(raw_password, "the password");
  if (!password) return password.error();
  info.password = Secret(password.value());
  return info;
}

void merge_option(ConnectionString& uri, const OptionSpec& spec, OptionValue value) {
  std::string key = to_lower_ascii(spec.name);
  auto existing = uri.options.find(key);
  if (spec.type == OptionType::tag_sets && existing != uri.options.end()) {
    auto& sets = std::get<std::vector<KeyValueList>>(existing->second.value);
    for (auto& set : std::get<std::vector<KeyValueList>>(value)) sets.push_back(std::move(set));
    return;
  }
  if (existing != uri.options.end()) {
    uri.warnings.push_back(std::string(spec.name) +
                           " is given more than once; the last value is used");
  }
  uri.options.insert_or_assign(key, UriOption{std::string(spec.name), std::move(value)});
}

// Options that may be given once only: uri-options tests/proxy-options.json makes every repeated
// proxy option an invalid string ("multiple proxyHost parameters" and the three after it), where
// the connection-string specification leaves most repeated keys to the driver ("Repeated Keys").
constexpr std::array<std::string_view, 4> kSingleUseOptions = {"proxyHost", "proxyPort",
                                                               "proxyUsername", "proxyPassword"};

// Where a query part after a secret option is, said instead of quoting it.
constexpr std::string_view kAfterSecret =
    "after a secret option (an '&' in its value must be written %26)";

// Returns the canonical names of recognised options whose values were invalid and ignored.
Result<std::vector<std::string>> parse_options(std::string_view query, ConnectionString& uri) {
  std::vector<std::string> ignored;
  // Deprecated aliases are applied after their replacements, so a replacement always wins.
  std::vector<std::pair<const OptionSpec*, OptionValue>> deprecated;
  std::size_t start = 0;
  // The option before this pair holds a secret: this pair may be the rest of its value, cut at
  // an '&' written unescaped, so its text is never shown.
  bool after_secret = false;
  std::vector<std::string_view> single_use_seen;
  while (start < query.size()) {
    std::size_t amp = query.find('&', start);
    if (amp == std::string_view::npos) amp = query.size();
    std::string_view pair = query.substr(start, amp - start);
    start = amp + 1;
    if (pair.empty()) continue;
    const bool shown = !std::exchange(after_secret, false);
    std::size_t equals = pair.find('=');
    if (equals == std::string_view::npos || equals == 0) {
      return invalid((shown ? "option '" + std::string(pair.substr(0, 64)) + "'"
                            : "the part " + std::string(kAfterSecret)) +
                     " is not a key=value pair");
    }
    auto key = percent_decode(pair.substr(0, equals), "an option name");
    if (!key) return key.error();
    const OptionSpec* spec = find_option_spec(key.value());
    if (spec == nullptr) {
      uri.warnings.push_back((shown ? "unknown option '" + key.value().substr(0, 64) + "'"
                                    : "an unknown option " + std::string(kAfterSecret)) +
                             " is ignored");
      continue;
    }
    after_secret = spec->type == OptionType::secret || spec->name == "authMechanismProperties";
    if (std::find(kSingleUseOptions.begin(), kSingleUseOptions.end(), spec->name) !=
        kSingleUseOptions.end()) {
      if (std::find(single_use_seen.begin(), single_use_seen.end(), spec->name) !=
          single_use_seen.end()) {
        return invalid(std::string(spec->name) + " is given more than once");
      }
      single_use_seen.push_back(spec->name);
    }
    auto value = percent_decode(pair.substr(equals + 1), spec->name);
    if (!value) return value.error();
    // The auth specification makes an empty authSource an error, not an ignored value.
    if (spec->name == "authSource" && value.value().empty()) return invalid("authSource is empty");
    auto typed = read_option_value(*spec, value.value());
    if (!typed && invalidates_connection_string(*spec, value.value()))
      return invalid(typed.error().message);
    if (!typed) {
      uri.warnings.push_back(typed.error().message + "; the option is ignored");
      ignored.emplace_back(spec->name);
      continue;
    }
    if (!spec->replaced_by.empty()) {
      deprecated.emplace_back(spec, std::move(typed).value());
      continue;
    }
    merge_option(uri, *spec, std::move(typed).value());
  }
  for (auto& [spec, value] : deprecated) {
    const OptionSpec* replacement = find_option_spec(spec->replaced_by);
    if (uri.option(replacement->name) != nullptr) {
      uri.warnings.push_back(std::string(spec->name) + " is deprecated and ignored because " +
                             std::string(replacement->name) + " is given");
      continue;
    }
    uri.warnings.push_back(std::string(spec->name) + " is deprecated; use " +
                           std::string(replacement->name));
    merge_option(uri, *replacement, std::move(value));
  }
  return ignored;
}

bool has_key(const KeyValueList& pairs, std::string_view key) {
  return std::any_of(pairs.begin(), pairs.end(),
                     [&](const auto& pair) { return pair.first == key; });
}

std::optional<std::string> find_value(const KeyValueList& pairs, std::string_view key) {
  for (const auto& [k, v] : pairs) {
    if (k == key) return v;
  }
  return std::nullopt;
}

Result<Ok> require_external_source(const ConnectionString& uri, std::string_view mechanism) {
  auto source = uri.string_option("authSource");
  if (source && *source != kExternal) {
    return invalid(std::string(mechanism) + " requires authSource=$external");
  }
  return Ok{};
}

Result<Ok> check_oidc(const Credentials& credentials) {
  if (credentials.password) return invalid("MONGODB-OIDC does not take a password");
  for (const auto& [key, value] : credentials.mechanism_properties) {
    if (key != "ENVIRONMENT" && key != "TOKEN_RESOURCE") {
      return invalid("MONGODB-OIDC does not support the property '" + key + "'");
    }
  }
  auto environment = find_value(credentials.mechanism_properties, "ENVIRONMENT");
  if (!environment) return invalid("MONGODB-OIDC needs authMechanismProperties ENVIRONMENT");
  static const std::vector<std::string> kEnvironments = {"test", "azure", "gcp", "k8s"};
  if (std::find(kEnvironments.begin(), kEnvironments.end(), *environment) == kEnvironments.end()) {
    return invalid("MONGODB-OIDC ENVIRONMENT '" + *environment +
                   "' is not one of test, azure, gcp, k8s");
  }
  if (*environment != "azure" && credentials.username) {
    return invalid("MONGODB-OIDC ENVIRONMENT " + *environment + " does not take a user name");
  }
  bool needs_resource = *environment == "azure" || *environment == "gcp";
  if (needs_resource && !has_key(credentials.mechanism_properties, "TOKEN_RESOURCE")) {
    return invalid("MONGODB-OIDC ENVIRONMENT " + *environment + " needs TOKEN_RESOURCE");
  }
  return Ok{};
}

Result<Ok> check_mechanism(ConnectionString& uri, const Credentials& credentials) {
  const std::string mechanism = credentials.mechanism.value_or("");
  const bool has_user = credentials.username.has_value();
  if (mechanism.empty() || mechanism.starts_with("SCRAM-") || mechanism == "PLAIN") {
    if (!has_user) return invalid(mechanism + " needs a user name");
    return Ok{};
  }
  if (auto external = require_external_source(uri, mechanism); !external) return external;
  if (mechanism == "GSSAPI") {
    if (!has_user) return invalid("GSSAPI needs a user name");
    auto canonicalize = find_value(credentials.mechanism_properties, "CANONICALIZE_HOST_NAME");
    static const std::vector<std::string> kModes = {"true", "false", "none", "forward",
                                                    "forwardAndReverse"};
    if (canonicalize && std::find(kModes.begin(), kModes.end(), *canonicalize) == kModes.end()) {
      return invalid("GSSAPI CANONICALIZE_HOST_NAME '" + *canonicalize + "' is not valid");
    }
    return Ok{};
  }
  if (mechanism == "MONGODB-X509") {
    if (credentials.password) return invalid("MONGODB-X509 does not take a password");
    return Ok{};
  }
  if (mechanism == "MONGODB-AWS") {
    if (has_user != credentials.password.has_value()) {
      return invalid("MONGODB-AWS needs both a user name and a password, or neither");
    }
    // The current auth specification makes drivers reject these; a scanner analyses them instead.
    if (has_user) {
      uri.warnings.push_back(
          "MONGODB-AWS credentials in the connection string are no longer accepted by drivers; "
          "they belong in the environment");
    }
    if (credentials.session_token && !has_user) {
      return invalid("MONGODB-AWS AWS_SESSION_TOKEN needs a user name and password");
    }
    return Ok{};
  }
  return check_oidc(credentials);
}

std::string default_source(const ConnectionString& uri, const std::string& mechanism) {
  if (mechanism == "GSSAPI" || mechanism == "MONGODB-X509" || mechanism == "MONGODB-AWS" ||
      mechanism == "MONGODB-OIDC") {
    return std::string(kExternal);
  }
  if (uri.database) return *uri.database;
  return mechanism == "PLAIN" ? std::string(kExternal) : "admin";
}

// Builds the credential per the MongoDB auth specification; none when neither a user name nor a
// mechanism is given. When authMechanismProperties was ignored as invalid, the mechanism's rules
// cannot be judged, so a broken rule is a warning rather than an error.
Result<Ok> build_credentials(ConnectionString& uri, std::optional<UserInfo> user_info,
                             bool properties_ignored) {
  auto mechanism = uri.string_option("authMechanism");
  if (!user_info && !mechanism) return Ok{};
  Credentials credentials;
  if (user_info) {
    credentials.username = std::move(user_info->username);
    credentials.password = std::move(user_info->password);
  }
  credentials.mechanism = mechanism;
  if (auto* properties = uri.options.count("authmechanismproperties")
                             ? &uri.options.at("authmechanismproperties")
                             : nullptr) {
    auto& pairs = std::get<KeyValueList>(properties->value);
    // Matched in any case: a token under a key a driver would not read is still a secret.
    auto token = std::find_if(pairs.begin(), pairs.end(), [](const auto& pair) {
      return equals_ignore_case(pair.first, "AWS_SESSION_TOKEN");
    });
    if (token != pairs.end()) {
      credentials.session_token = Secret(token->second);
      pairs.erase(token);
    }
    credentials.mechanism_properties = pairs;
  }
  if (mechanism == "GSSAPI" && !has_key(credentials.mechanism_properties, "SERVICE_NAME")) {
    credentials.mechanism_properties.insert(credentials.mechanism_properties.begin(),
                                            {"SERVICE_NAME", "mongodb"});
  }
  if (auto checked = check_mechanism(uri, credentials); !checked) {
    if (!properties_ignored) return checked;
    uri.warnings.push_back(checked.error().message);
  }
  credentials.source =
      uri.string_option("authSource").value_or(default_source(uri, mechanism.value_or("")));
  uri.credentials = std::move(credentials);
  return Ok{};
}

bool both_given(const ConnectionString& uri, std::string_view a, std::string_view b) {
  return uri.option(a) != nullptr && uri.option(b) != nullptr;
}

// Whether a readPreferenceTags value holds a tag set that is not empty.
bool has_non_empty_tag_set(const ConnectionString& uri) {
  const UriOption* tags = uri.option("readPreferenceTags");
  if (tags == nullptr) return false;
  const auto& tag_sets = std::get<std::vector<KeyValueList>>(tags->value);
  return std::any_of(tag_sets.begin(), tag_sets.end(),
                     [](const KeyValueList& tag_set) { return !tag_set.empty(); });
}

// Option combinations the URI-options, server-selection and seedlist-discovery specifications
// declare errors. `ignored` names the options given with an invalid value.
Result<Ok> check_option_conflicts(const ConnectionString& uri, bool ssl_tls_conflict,
                                  const std::vector<std::string>& ignored) {
  if (ssl_tls_conflict) return invalid("tls and ssl are given with different values");
  static const std::vector<std::pair<std::string_view, std::string_view>> kExclusive = {
      {"tlsInsecure", "tlsAllowInvalidCertificates"},
      {"tlsInsecure", "tlsAllowInvalidHostnames"},
      {"tlsInsecure", "tlsDisableOCSPEndpointCheck"},
      {"tlsInsecure", "tlsDisableCertificateRevocationCheck"},
      {"tlsAllowInvalidCertificates", "tlsDisableOCSPEndpointCheck"},
      {"tlsAllowInvalidCertificates", "tlsDisableCertificateRevocationCheck"},
      {"tlsDisableOCSPEndpointCheck", "tlsDisableCertificateRevocationCheck"},
  };
  for (auto [a, b] : kExclusive) {
    if (both_given(uri, a, b))
      return invalid(std::string(a) + " and " + std::string(b) + " cannot both be given");
  }
  const bool direct = uri.bool_option("directConnection").value_or(false);
  const bool load_balanced = uri.bool_option("loadBalanced").value_or(false);
  if (direct && uri.srv) return invalid("directConnection=true is not allowed with mongodb+srv");
  if (direct && uri.hosts.size() > 1)
    return invalid("directConnection=true needs exactly one host");
  if (load_balanced && !uri.srv && uri.hosts.size() > 1)
    return invalid("loadBalanced=true needs exactly one host");
  if (load_balanced && uri.option("replicaSet"))
    return invalid("loadBalanced=true cannot be combined with replicaSet");
  if (load_balanced && direct)
    return invalid("loadBalanced=true cannot be combined with directConnection=true");
  // Seedlist discovery, "URI Validation": an error on a non-SRV URI whatever the value.
  for (std::string_view srv_option : {"srvMaxHosts", "srvServiceName"}) {
    const bool given = uri.option(srv_option) != nullptr ||
                       std::find(ignored.begin(), ignored.end(), srv_option) != ignored.end();
    if (!uri.srv && given) return invalid(std::string(srv_option) + " needs mongodb+srv");
  }
  // Server selection, "Read Preference": mode 'primary', the default, takes neither a positive
  // maxStalenessSeconds nor a non-empty tag set.
  if (uri.string_option("readPreference").value_or("primary") == "primary") {
    if (uri.int_option("maxStalenessSeconds").value_or(-1) > 0) {
      return invalid("maxStalenessSeconds needs a readPreference other than primary");
    }
    if (has_non_empty_tag_set(uri)) {
      return invalid("readPreferenceTags needs a readPreference other than primary");
    }
  }
  if (uri.int_option("srvMaxHosts").value_or(0) > 0 &&
      (uri.option("replicaSet") || load_balanced)) {
    return invalid("srvMaxHosts cannot be combined with replicaSet or loadBalanced=true");
  }
  if (uri.int_option("w") == 0 && uri.bool_option("journal") == true) {
    return invalid("w=0 cannot be combined with journal=true");
  }
  for (std::string_view proxy_option : {"proxyPort", "proxyUsername", "proxyPassword"}) {
    if (uri.option(proxy_option) && !uri.option("proxyHost")) {
      return invalid(std::string(proxy_option) + " needs proxyHost");
    }
  }
  if ((uri.option("proxyUsername") == nullptr) != (uri.option("proxyPassword") == nullptr)) {
    return invalid("proxyUsername and proxyPassword must be given together");
  }
  return Ok{};
}

// ssl is an alias of tls: fold it in, reporting whether the two disagree.
bool fold_ssl_into_tls(ConnectionString& uri) {
  auto ssl = uri.options.find("ssl");
  if (ssl == uri.options.end()) return false;
  bool ssl_value = std::get<bool>(ssl->second.value);
  uri.options.erase(ssl);
  if (auto tls = uri.bool_option("tls")) return *tls != ssl_value;
  uri.options.insert_or_assign("tls", UriOption{"tls", ssl_value});
  return false;
}

// Whether the text after the end of the host list (its '/' or '?') reads as the rest of a user
// info and the hosts: an '@' before any further '/' and any '=' of the query ("appName=me@x.com"
// is an option), followed by a host list. The connection-string specification ends the hosts at
// the first '/' and forbids only / \ space " $ in a database name ("Auth Database"), so without
// this a '/' or '?' left unescaped in the user info makes the password a database or an option.
bool holds_user_info_and_hosts(std::string_view after_end, bool ended_by_question_mark) {
  std::size_t limit = std::min(after_end.find('/'), after_end.size());
  const std::size_t query = ended_by_question_mark ? 0 : after_end.find('?');
  if (query != std::string_view::npos) limit = std::min(limit, after_end.find('=', query));
  const std::size_t at = after_end.substr(0, limit).rfind('@');
  if (at == std::string_view::npos) return false;
  const std::string_view tail = after_end.substr(at + 1);
  return parse_hosts(tail.substr(0, tail.find_first_of("/?"))).ok();
}

Result<Ok> check_srv_rules(const ConnectionString& uri) {
  if (!uri.srv) return Ok{};
  if (uri.hosts.size() != 1) return invalid("mongodb+srv takes exactly one host name");
  const HostAddress& host = uri.hosts.front();
  if (host.type != HostType::hostname)
    return invalid("mongodb+srv needs a host name, not an address");
  if (host.port) return invalid("mongodb+srv does not take a port");
  return Ok{};
}

}  // namespace

Result<std::string> percent_decode(std::string_view text, std::string_view what) {
  std::string decoded;
  decoded.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      decoded += text[i];
      continue;
    }
    int high = i + 1 < text.size() ? hex_value(text[i + 1]) : -1;
    int low = i + 2 < text.size() ? hex_value(text[i + 2]) : -1;
    if (high < 0 || low < 0)
      return invalid(std::string(what) + " has a '%' that is not a %XX escape");
    decoded += char(high * 16 + low);
    i += 2;
  }
  return decoded;
}

std::string_view to_string(HostType type) {
  switch (type) {
    case HostType::ipv4:
      return "ipv4";
    case HostType::ip_literal:
      return "ip_literal";
    case HostType::hostname:
      return "hostname";
    case HostType::unix_socket:
      return "unix";
  }
  return "unknown";
}

std::string HostAddress::address() const {
  if (type == HostType::unix_socket) return host;
  std::string port_text = std::to_string(port.value_or(kDefaultPort));
  if (type == HostType::ip_literal) return "[" + host + "]:" + port_text;
  return host + ":" + port_text;
}

const UriOption* ConnectionString::option(std::string_view name) const {
  auto found = options.find(to_lower_ascii(name));
  return found == options.end() ? nullptr : &found->second;
}

std::optional<bool> ConnectionString::bool_option(std::string_view name) const {
  const UriOption* found = option(name);
  if (found == nullptr || !std::holds_alternative<bool>(found->value)) return std::nullopt;
  return std::get<bool>(found->value);
}

std::optional<std::int64_t> ConnectionString::int_option(std::string_view name) const {
  const UriOption* found = option(name);
  if (found == nullptr || !std::holds_alternative<std::int64_t>(found->value)) return std::nullopt;
  return std::get<std::int64_t>(found->value);
}

std::optional<std::string> ConnectionString::string_option(std::string_view name) const {
  const UriOption* found = option(name);
  if (found == nullptr || !std::holds_alternative<std::string>(found->value)) return std::nullopt;
  return std::get<std::string>(found->value);
}

Result<ConnectionString> parse_connection_string(std::string_view text) {
  ConnectionString uri;
  std::string_view rest;
  if (text.starts_with(kSrvScheme)) {
    uri.srv = true;
    rest = text.substr(kSrvScheme.size());
  } else if (text.starts_with(kScheme)) {
    rest = text.substr(kScheme.size());
  } else {
    return invalid("it must start with mongodb:// or mongodb+srv://");
  }

  // The authority ends at the first '/' or '?'; options may contain '/', '@' and ':' freely.
  std::size_t authority_end = rest.find_first_of("/?");
  std::string_view authority = rest.substr(0, authority_end);
  std::string_view path_and_query =
      authority_end == std::string_view::npos ? std::string_view{} : rest.substr(authority_end);

  if (authority.find('@') == std::string_view::npos && !path_and_query.empty() &&
      holds_user_info_and_hosts(path_and_query.substr(1), path_and_query.front() == '?')) {
    const std::size_t position = text.size() - rest.size() + authority_end + 1;  // 1-based
    return invalid("the '" + std::string(1, path_and_query.front()) + "' at character " +
                   std::to_string(position) +
                   " ends the host list, but an '@' and hosts follow it: in a user name or "
                   "password, write '/' as %2F and '?' as %3F");
  }

  std::optional<UserInfo> user_info;
  std::string_view host_text = authority;
  if (std::size_t at = authority.rfind('@'); at != std::string_view::npos) {
    auto parsed = parse_user_info(authority.substr(0, at));
    if (!parsed) return parsed.error();
    user_info = std::move(parsed).value();
    host_text = authority.substr(at + 1);
  }
  auto hosts = parse_hosts(host_text);
  if (!hosts) return hosts.error();
  uri.hosts = std::move(hosts).value();
  if (auto srv = check_srv_rules(uri); !srv) return srv.error();

  std::string_view query;
  if (std::size_t question = path_and_query.find('?'); question != std::string_view::npos) {
    query = path_and_query.substr(question + 1);
    path_and_query = path_and_query.substr(0, question);
  }
  if (path_and_query.starts_with('/')) path_and_query.remove_prefix(1);
  if (!path_and_query.empty()) {
    if (path_and_query.find('/') != std::string_view::npos) {
      return invalid("the database name has an unescaped '/'");
    }
    auto database = percent_decode(path_and_query, "the database name");
    if (!database) return database.error();
    uri.database = database.value();
  }

  auto ignored = parse_options(query, uri);
  if (!ignored) return ignored.error();
  const auto& ignored_names = ignored.value();
  const bool properties_ignored = std::find(ignored_names.begin(), ignored_names.end(),
                                            "authMechanismProperties") != ignored_names.end();
  bool ssl_tls_conflict = fold_ssl_into_tls(uri);
  if (auto conflicts = check_option_conflicts(uri, ssl_tls_conflict, ignored_names); !conflicts)
    return conflicts.error();
  if (auto credentials = build_credentials(uri, std::move(user_info), properties_ignored);
      !credentials) {
    return credentials.error();
  }
  return uri;
}

}  // namespace mongoscan
