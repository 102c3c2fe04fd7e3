#include "scanner/config_scan/candidate_rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// Whether `value` is one of `words` (lower case) in any case. The word lists below are arrays of
// string_view, so that no word's length is counted again at every call.
template <typename Words>
bool equals_any_ignore_case(std::string_view value, const Words& words) {
  return std::any_of(std::begin(words), std::end(words),
                     [&](std::string_view word) { return equals_ignore_case(value, word); });
}

template <typename Words>
bool contains_any_ignore_case(std::string_view value, const Words& words) {
  return std::any_of(std::begin(words), std::end(words),
                     [&](std::string_view word) { return contains_ignore_case(value, word); });
}

template <typename Words>
bool starts_with_any(std::string_view value, const Words& words) {
  return std::any_of(std::begin(words), std::end(words),
                     [&](std::string_view word) { return value.starts_with(word); });
}

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.';
}

bool all_of(std::string_view text, bool (*predicate)(char)) {
  return !text.empty() && std::all_of(text.begin(), text.end(), predicate);
}

// A printf verb standing for the value (Go's fmt, C, Python's %): %s, %v, %d, %q, %[4]q, %-10s.
// In code an unquoted value ends at ']', so Go's explicit argument index may come cut: %[4.
bool is_format_verb(std::string_view value) {
  // An escape after the verb belongs to the string: "%s\n".
  while (value.size() > 2 && value[value.size() - 2] == '\\' &&
         std::string_view("ntr").find(value.back()) != std::string_view::npos) {
    value.remove_suffix(2);
  }
  if (value.size() < 2 || value.front() != '%') return false;
  std::size_t at = 1;
  if (value[at] == '[') {  // Go's explicit argument index
    const std::size_t close = value.find(']', at);
    if (close == std::string_view::npos) {
      return value.size() > 2 && std::all_of(value.begin() + 2, value.end(), [](char c) {
               return std::isdigit(static_cast<unsigned char>(c)) != 0;
             });
    }
    if (close == at + 1) return false;
    for (std::size_t i = at + 1; i < close; ++i) {
      if (std::isdigit(static_cast<unsigned char>(value[i])) == 0) return false;
    }
    at = close + 1;
  }
  while (at < value.size() &&
         std::string_view("+-# 0123456789.").find(value[at]) != std::string_view::npos) {
    ++at;
  }
  return at + 1 == value.size() &&
         std::string_view("sdvqxXfgtp").find(value[at]) != std::string_view::npos;
}

// The start of a regular expression, as sed scripts and validators write one where a password
// goes: `s/password: .*/password: $NEW/`, `password=[^&]+`.
bool is_regular_expression(std::string_view value) {
  static constexpr std::string_view kStarts[] = {".*", ".+",  "\\s", "\\S", "\\w", "\\d",
                                                 "[^", "(.*", "(.+", "([^", "(?"};
  // (Each starts with one of four bytes: most values are ruled out by their first.)
  if (value.empty() || std::string_view(".\\[(").find(value.front()) == std::string_view::npos)
    return false;
  return starts_with_any(value, kStarts);
}

// A command-line option where an argument list was read as a key and its value:
// ["aws", "ecr", "get-login-password", "--region", region].
bool is_option_name(std::string_view value) {
  return value.size() > 2 && starts_with(value, "--") &&
         std::isalpha(static_cast<unsigned char>(value[2])) != 0 &&
         std::all_of(value.begin() + 2, value.end(), [](char c) {
           return std::islower(static_cast<unsigned char>(c)) != 0 ||
                  std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '-';
         });
}

// An absolute path to a file, where a key names a file of passwords or the Unix passwd file
// (NSS_WRAPPER_PASSWD=/tmp/passwd): a reference to where a value is kept.
bool is_absolute_path(std::string_view value) {
  return value.size() > 1 && value.front() == '/' && value.find(' ') == std::string_view::npos &&
         std::count(value.begin(), value.end(), '/') >= 2 &&
         std::all_of(value.begin(), value.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
                  std::string_view("/._-").find(c) != std::string_view::npos;
         });
}

// A path in a secret store where the value is kept (Vault's KV engine: secret/data/app/db).
bool is_secret_store_path(std::string_view value) {
  return (starts_with(value, "secret/") || starts_with(value, "kv/")) &&
         value.find(' ') == std::string_view::npos && value.size() > 8;
}

// A template or a reference to a value kept elsewhere: ${X}, {{ x }}, <x>, %X%, $X, $(x), #{x},
// @x@, {x} (format strings), $env:X.
bool is_template(std::string_view value, bool quoted) {
  // ERB and EJS (<%= ENV['X'] %>) and Kubernetes JSONPath ({.metadata.name}) besides ${...},
  // {{ ... }} (Helm, Go, Jinja), $(...), #{...}.
  static constexpr std::string_view kMarkers[] = {"${", "{{", "$(", "#{", "{%", "<%", "{."};
  // (Each starts with '$', '{', '#' or '<': a value without one is searched no further.)
  if (std::any_of(value.begin(), value.end(),
                  [](char c) { return c == '$' || c == '{' || c == '#' || c == '<'; })) {
    for (std::string_view marker : kMarkers) {
      if (value.find(marker) != std::string_view::npos) return true;
    }
  }
  if (value == "?" || is_format_verb(value)) return true;
  const char first = value.front();
  const char last = value.back();
  if (value.size() >= 2 && ((first == '<' && last == '>') || (first == '%' && last == '%') ||
                            (first == '@' && last == '@') || (first == '{' && last == '}'))) {
    return true;
  }
  // $NAME, $env:NAME; unquoted also $cred.Password: a variable of the shell or the language.
  if (first != '$' || value.size() < 2) return false;
  const std::string_view name = starts_with(value, "$env:") ? value.substr(5) : value.substr(1);
  return all_of(name, [](char c) { return is_name_char(c); }) ||
         (!quoted && (std::isalpha(static_cast<unsigned char>(value[1])) != 0 || value[1] == '_'));
}

// The name of an environment variable where a library expects one (node-config's
// custom-environment-variables.json: "password": "MONGO_PASSWORD").
bool is_environment_variable_name(std::string_view value) {
  return value.size() >= 4 && value.find('_') != std::string_view::npos &&
         std::isupper(static_cast<unsigned char>(value.front())) != 0 &&
         std::all_of(value.begin(), value.end(), [](char c) {
           return std::isupper(static_cast<unsigned char>(c)) != 0 ||
                  std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '_';
         });
}

bool is_mask_char(char c) { return c == '*' || c == 'x' || c == 'X' || c == '#' || c == '.'; }

bool is_masked(std::string_view value) {
  // A sed replacement runs to its '/': s/password=.*/password=REDACTED/.
  while (value.size() > 1 && value.back() == '/') value.remove_suffix(1);
  if (value.size() >= 3 && all_of(value, is_mask_char)) return true;
  if (starts_with(value, "\xE2\x80\xA2")) return true;  // "•••"
  static constexpr std::string_view kWords[] = {"redacted",   "masked",     "hidden",   "removed",
                                                "[redacted]", "[filtered]", "filtered", "********"};
  return equals_any_ignore_case(value, kWords);
}

bool is_encrypted(std::string_view value) {
  static constexpr std::string_view kPrefixes[] = {
      "ENC(",    "enc(",       "!vault", "$ANSIBLE_VAULT", "{cipher}",
      "vault:v", "AGE-SECRET", "sops:",  "ENC[",           "encrypted:"};
  // (Their first bytes, which rule out most values at once.)
  if (value.empty() || std::string_view("Ee!${vAs").find(value.front()) == std::string_view::npos)
    return false;
  return starts_with_any(value, kPrefixes);
}

// Numbers, versions and port mappings (`-p 27017:27017`).
bool is_number(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.' || c == ':' || c == '/';
}

bool is_boolean_word(std::string_view value) {
  static constexpr std::string_view kWords[] = {"true", "false", "yes", "no", "on", "off"};
  return equals_any_ignore_case(value, kWords);
}

bool is_keyword_value(std::string_view value) {
  // YAML and JSON literals, and the option values of tools that take a password policy
  // (Ansible's update_password: on_create).
  static constexpr std::string_view kWords[] = {
      "true",     "false",    "null", "none",     "nil",    "undefined", "yes",
      "no",       "on",       "off",  "~",        "always", "never",     "on_create",
      "required", "optional", "auto", "disabled", "enabled"};
  return equals_any_ignore_case(value, kWords);
}

// The literal word "password" and its friends, the way documentation writes a slot to fill in.
bool is_literal_placeholder(std::string_view value) {
  static constexpr std::string_view kPlaceholders[] = {
      "password",     "passwd",          "pwd",         "pass",        "your_password",
      "yourpassword", "your-password",   "mypassword",  "my_password", "db_password",
      "dbpassword",   "secret_password", "your_secret", "yoursecret",  "placeholder",
      "replace_me",   "replaceme",       "todo",        "fixme",       "xxx"};
  if (equals_any_ignore_case(value, kPlaceholders)) return true;
  // A password a test sends to be refused.
  static constexpr std::string_view kRefused[] = {
      "incorrect",      "wrong",       "wrongpassword", "wrong_password",
      "wrong-password", "badpassword", "bad_password",  "invalid"};
  if (equals_any_ignore_case(value, kRefused)) return true;
  // secret_hash, mongo_password_here: a name written where the value goes (an identifier of
  // lower-case words, one of them the credential's).
  if (value.find('_') != std::string_view::npos &&
      std::all_of(value.begin(), value.end(), [](char c) {
        const char lower = to_lower_ascii(c);
        return (lower >= 'a' && lower <= 'z') || c == '_';
      })) {
    static constexpr std::string_view kNames[] = {"secret", "password", "token"};
    if (contains_any_ignore_case(value, kNames)) return true;
  }
  // "Azure Client Secret", "AZURE CLIENT SECRET": words naming what goes there, not a value.
  if (value.find(' ') != std::string_view::npos) {
    static constexpr std::string_view kNames[] = {"secret", "password", "token", "api key"};
    if (contains_any_ignore_case(value, kNames)) return true;
  }
  return false;
}

// A name or a call, as code writes a value that comes from elsewhere: cfg.password, getPw(),
// os.environ["X"], Password: pw.
bool is_reference(std::string_view value) {
  const char first = value.front();
  return std::isalpha(static_cast<unsigned char>(first)) != 0 || first == '_' || first == '$' ||
         first == '@' || first == '(' || first == '[' || first == '{' || first == '&' ||
         first == '*' || first == '!';
}

// The host of one entry of a host list: "h:27017" -> "h", "[::1]:27017" -> "::1".
std::string_view host_of(std::string_view entry) {
  if (!entry.empty() && entry.front() == '[') {
    const std::size_t close = entry.find(']');
    return entry.substr(1, close == std::string_view::npos ? entry.size() - 1 : close - 1);
  }
  const std::size_t colon = entry.rfind(':');
  return colon == std::string_view::npos ? entry : entry.substr(0, colon);
}

// Whether `host` is `domain` without its leading dot, or ends with `domain`, in any case.
bool ends_with_domain(std::string_view host, std::string_view domain) {
  return equals_ignore_case(host, domain.substr(1)) ||
         (host.size() > domain.size() &&
          equals_ignore_case(host.substr(host.size() - domain.size()), domain));
}

bool is_documentation_host(std::string_view host) {
  static constexpr std::string_view kDomains[] = {".example.com", ".example.net", ".example.org",
                                                  ".example", ".invalid"};
  for (std::string_view domain : kDomains) {
    if (ends_with_domain(host, domain)) return true;
  }
  if (host.empty()) return true;
  static constexpr std::string_view kNames[] = {
      "host",      "hostname", "host1",     "host2",        "host3", "server",
      "your-host", "yourhost", "your_host", "mongodb-host", "dbhost"};
  if (equals_any_ignore_case(host, kNames)) return true;
  // Atlas documentation writes the cluster's unique part as x's: cluster0.xxxxx.mongodb.net.
  return contains_ignore_case(host, ".xxxx") || host.find('<') != std::string_view::npos;
}

// A host named so as not to exist, as tests and documentation name the server that is not there:
// doesnotexist, doesnt.exist, nonexistent.domain, baddomain.
bool is_unreachable_by_name(std::string_view host) {
  // Each word holds "exist", "domain" or is "unreachable": most hosts hold none of the three,
  // which one pass over the host's e, d and u rules out.
  bool has_part = false;
  for (std::size_t at = 0; at < host.size() && !has_part; ++at) {
    const std::string_view rest = host.substr(at);
    switch (to_lower_ascii(host[at])) {
      case 'e':
        has_part = starts_with_ignore_case(rest, "exist");
        break;
      case 'd':
        has_part = starts_with_ignore_case(rest, "domain");
        break;
      case 'u':
        has_part = starts_with_ignore_case(rest, "unreachable");
        break;
      default:
        break;
    }
  }
  if (!has_part) return false;
  static constexpr std::string_view kWords[] = {"doesnotexist", "doesnt.exist", "does-not-exist",
                                                "nonexistent",  "non-existent", "baddomain",
                                                "bad-domain",   "unreachable"};
  return contains_any_ignore_case(host, kWords);
}

bool is_loopback_host(std::string_view host) {
  return equals_ignore_case(host, "localhost") || host == "::1" || starts_with(host, "127.") ||
         ends_with_domain(host, ".localhost");
}

// Whether the list "h1:27017,h2" holds a host and `predicate` holds for each (an empty entry
// after the last comma is none).
template <typename Predicate>
bool every_host(std::string_view host_list, Predicate predicate) {
  if (host_list.empty()) return false;
  while (!host_list.empty()) {
    const std::size_t comma = host_list.find(',');
    if (!predicate(host_of(host_list.substr(0, comma)))) return false;
    if (comma == std::string_view::npos) break;
    host_list.remove_prefix(comma + 1);
  }
  return true;
}

}  // namespace

std::string_view template_default(std::string_view value) {
  if (!starts_with(value, "${") || value.back() != '}') return {};
  std::string_view inner = value.substr(2, value.size() - 3);
  const std::size_t colon = inner.find(':');
  if (colon == std::string_view::npos) return {};
  // Serverless Framework and similar resolvers: ${ssm:/path}, ${env:NAME}, ${file(...)}.
  static constexpr std::string_view kSources[] = {
      "ssm", "env", "opt",   "self",           "file",  "cf", "s3",
      "sls", "aws", "vault", "secretsmanager", "param", "sm"};
  if (std::find(std::begin(kSources), std::end(kSources), inner.substr(0, colon)) !=
      std::end(kSources))
    return {};
  std::string_view fallback = inner.substr(colon + 1);
  if (starts_with(fallback, "-") || starts_with(fallback, "=")) fallback.remove_prefix(1);
  if (fallback.find("${") != std::string_view::npos) return {};
  // A default is one line: `${PASS:` at a line's end is an unfinished template, not a password.
  if (fallback.find_first_of("\r\n") != std::string_view::npos) return {};
  return fallback;
}

std::optional<std::string_view> dropping_rule(const CandidateValue& value) {
  const std::string_view text = value.text;
  if (text.empty()) return "empty";
  if (!value.quoted && text.size() > kMaxUnquotedValue) return "too-long";
  if (is_encrypted(text)) return "encrypted-value";
  if (is_template(text, value.quoted)) return "placeholder-template";
  if (is_regular_expression(text)) return "regular-expression";
  if (is_option_name(text)) return "option-name";
  if (is_absolute_path(text) || is_secret_store_path(text)) return "file-path";
  if (is_masked(text)) return "masked-value";
  if (is_environment_variable_name(text)) return "environment-variable-name";
  // choosePassword: "http://yourapp.com/choosePassword": a page's address, not a password (one
  // with user information is not taken for a page).
  if ((starts_with_ignore_case(text, "http://") || starts_with_ignore_case(text, "https://")) &&
      text.find('@') == std::string_view::npos)
    return "url-value";
  // ALLOW_EMPTY_PASSWORD: "true": a switch about passwords, quoted as Compose wants strings.
  if (value.quoted && is_boolean_word(text)) return "boolean-flag";
  if (!value.quoted && (is_keyword_value(text) || all_of(text, is_number) ||
                        std::string_view("|>{[&*").find(text.front()) != std::string_view::npos)) {
    return "not-a-string";
  }
  if (value.in_code && !value.quoted && is_reference(text)) return "reference-or-call";
  // choosePassword: ?string (a Flow or TypeScript optional type).
  if (value.in_code && !value.quoted && text.size() > 1 && text.front() == '?' &&
      is_reference(text.substr(1)))
    return "reference-or-call";
  if (!value.loopback && is_literal_placeholder(text)) return "literal-placeholder";
  return std::nullopt;
}

bool documentation_hosts(std::string_view host_list) {
  return every_host(host_list, is_documentation_host);
}

bool unreachable_by_name(std::string_view host_list) {
  return every_host(host_list, is_unreachable_by_name);
}

bool loopback_hosts(std::string_view host_list) { return every_host(host_list, is_loopback_host); }

}  // namespace mongoscan
