#include "scanner/uri/uri_options.h"

#include <charconv>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

constexpr std::int64_t kMaxPort = 65535;

// The options of the URI-options specification (source/uri-options/uri-options.md, "List of
// specified options", with its bounds), the client-backpressure options, and deprecated aliases
// drivers still accept.
const std::vector<OptionSpec>& option_specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> specs = {
      {"appName", T::text},
      {"authMechanism",
       T::enumeration,
       0,
       0,
       {"GSSAPI", "MONGODB-AWS", "MONGODB-OIDC", "MONGODB-X509", "PLAIN", "SCRAM-SHA-1",
        "SCRAM-SHA-256"}},
      {"authMechanismProperties", T::key_value_list},
      {"authSource", T::text},
      {"compressors", T::string_list, 0, 0, {"snappy", "zlib", "zstd"}},
      {"connectTimeoutMS", T::integer},
      {"directConnection", T::boolean},
      {"heartbeatFrequencyMS", T::integer, 500},
      {"journal", T::boolean},
      {"loadBalanced", T::boolean},
      {"localThresholdMS", T::integer},
      // Client backpressure (DRIVERS-3427, the phase-1 rollout of the client-backpressure
      // specification): the number of retries after an overload error, 2 by default and 0 to
      // disable them, and whether a retry avoids the server that was overloaded, false by default.
      {"maxAdaptiveRetries", T::integer},
      {"enableOverloadRetargeting", T::boolean},
      {"maxConnecting", T::integer, 1},
      {"maxIdleTimeMS", T::integer},
      {"maxPoolSize", T::integer},
      {"maxStalenessSeconds", T::integer, -1},
      {"minPoolSize", T::integer},
      {"proxyHost", T::text},
      {"proxyPort", T::integer, 0, kMaxPort},
      {"proxyUsername", T::text},
      {"proxyPassword", T::secret},
      // Any string: read-write-concern specification, "Unknown Levels and Additional Options for
      // String Based ReadConcerns" (drivers leave the level to the server to judge).
      {"readConcernLevel", T::text},
      {"readPreference",
       T::enumeration,
       0,
       0,
       {"primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"}},
      {"readPreferenceTags", T::tag_sets},
      {"replicaSet", T::text},
      {"retryReads", T::boolean},
      {"retryWrites", T::boolean},
      {"serverMonitoringMode", T::enumeration, 0, 0, {"stream", "poll", "auto"}},
      {"serverSelectionTimeoutMS", T::integer},
      {"serverSelectionTryOnce", T::boolean},
      {"socketTimeoutMS", T::integer},
      {"srvMaxHosts", T::integer},
      {"srvServiceName", T::text},
      {"ssl", T::boolean},
      {"timeoutMS", T::integer},
      {"tls", T::boolean},
      {"tlsAllowInvalidCertificates", T::boolean},
      {"tlsAllowInvalidHostnames", T::boolean},
      {"tlsCAFile", T::text},
      {"tlsCertificateKeyFile", T::text},
      {"tlsCertificateKeyFilePassword", T::secret},
      {"tlsDisableCertificateRevocationCheck", T::boolean},
      {"tlsDisableOCSPEndpointCheck", T::boolean},
      {"tlsInsecure", T::boolean},
      {"uuidRepresentation",
       T::enumeration,
       0,
       0,
       {"unspecified", "standard", "javaLegacy", "csharpLegacy", "pythonLegacy"}},
      {"w", T::write_concern},
      {"waitQueueTimeoutMS", T::integer},
      {"wTimeoutMS", T::integer, 0, INT64_MAX},  // "non-negative 64-bit integer"
      {"zlibCompressionLevel", T::integer, -1, 9},
      // Deprecated aliases.
      {"j", T::boolean, 0, 0, {}, "journal"},
      {"wtimeout", T::integer, 0, INT64_MAX, {}, "wTimeoutMS"},
      {"sslAllowInvalidCertificates", T::boolean, 0, 0, {}, "tlsAllowInvalidCertificates"},
      {"sslAllowInvalidHostnames", T::boolean, 0, 0, {}, "tlsAllowInvalidHostnames"},
      {"sslCAFile", T::text, 0, 0, {}, "tlsCAFile"},
      {"sslPEMKeyFile", T::text, 0, 0, {}, "tlsCertificateKeyFile"},
      {"sslPEMKeyPassword", T::secret, 0, 0, {}, "tlsCertificateKeyFilePassword"},
  };
  return specs;
}

// Read-write-concern specification, "Write Concern": w and wtimeout "MUST be greater than or
// equal to 0"; its tests/connection-string/write-concern.json makes ?w=-2 and ?wtimeoutMS=-500
// invalid strings, while uri-options concern-options.json keeps ?wTimeoutMS=invalid a warning.
bool is_write_concern_number(const OptionSpec& spec) {
  return spec.name == "w" || spec.name == "wTimeoutMS" || spec.replaced_by == "wTimeoutMS";
}

Error invalid(const OptionSpec& spec, std::string what) {
  return Error{ErrorCode::usage, "uri", std::string(spec.name) + ": " + std::move(what)};
}

// Shown in a warning; long values are cut so a warning stays one short line.
std::string shown_value(std::string_view value) {
  constexpr std::size_t kMaxShown = 64;
  if (value.size() > kMaxShown) return "'" + std::string(value.substr(0, kMaxShown)) + "…'";
  return "'" + std::string(value) + "'";
}

std::optional<std::int64_t> parse_int64(std::string_view text) {
  std::int64_t number = 0;
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, number);
  if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
  return number;
}

std::optional<std::string_view> match_allowed(const OptionSpec& spec, std::string_view value) {
  for (std::string_view allowed : spec.allowed) {
    if (equals_ignore_case(allowed, value)) return allowed;
  }
  return std::nullopt;
}

std::string allowed_list(const OptionSpec& spec) {
  std::string list;
  for (std::string_view allowed : spec.allowed)
    list += (list.empty() ? "" : ", ") + std::string(allowed);
  return list;
}

Result<OptionValue> read_integer(const OptionSpec& spec, const std::string& value) {
  auto number = parse_int64(value);
  if (!number) return invalid(spec, shown_value(value) + " is not an integer");
  if (*number < spec.min || *number > spec.max) {
    // An option bounded only by its integer type names the side the number left.
    const bool type_bound = spec.max == kMaxInt32Option || spec.max == INT64_MAX;
    std::string range = !type_bound ? std::to_string(spec.min) + " to " + std::to_string(spec.max)
                        : *number < spec.min ? "at least " + std::to_string(spec.min)
                                             : "at most " + std::to_string(spec.max);
    return invalid(spec, std::to_string(*number) + " is out of range (" + range + ")");
  }
  return OptionValue{*number};
}

Result<OptionValue> read_string_list(const OptionSpec& spec, const std::string& value) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= value.size()) {
    std::size_t comma = value.find(',', start);
    if (comma == std::string::npos) comma = value.size();
    std::string_view item(value.data() + start, comma - start);
    auto known = match_allowed(spec, item);
    if (!known) return invalid(spec, shown_value(item) + " is not one of " + allowed_list(spec));
    items.emplace_back(*known);
    start = comma + 1;
  }
  return OptionValue{std::move(items)};
}

}  // namespace

const OptionSpec* find_option_spec(std::string_view name) {
  for (const OptionSpec& spec : option_specs()) {
    if (equals_ignore_case(spec.name, name)) return &spec;
  }
  return nullptr;
}

bool invalidates_connection_string(const OptionSpec& spec, std::string_view decoded_value) {
  // The auth specification makes an unknown mechanism an error, not an ignored value.
  if (spec.name == "authMechanism") return true;
  const auto number = parse_int64(decoded_value);
  return is_write_concern_number(spec) && number && *number < 0;
}

std::optional<KeyValueList> split_key_value_list(std::string_view text) {
  KeyValueList pairs;
  if (text.empty()) return pairs;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view pair = text.substr(start, comma - start);
    std::size_t colon = pair.find(':');
    if (colon == std::string_view::npos || colon == 0) return std::nullopt;
    pairs.emplace_back(std::string(pair.substr(0, colon)), std::string(pair.substr(colon + 1)));
    start = comma + 1;
  }
  return pairs;
}

Result<OptionValue> read_option_value(const OptionSpec& spec, const std::string& value) {
  if (value.empty() && spec.type != OptionType::tag_sets) return invalid(spec, "empty value");
  switch (spec.type) {
    case OptionType::boolean:
      if (equals_ignore_case(value, "true")) return OptionValue{true};
      if (equals_ignore_case(value, "false")) return OptionValue{false};
      return invalid(spec, shown_value(value) + " is not true or false");
    case OptionType::integer:
      return read_integer(spec, value);
    case OptionType::text:
      return OptionValue{value};
    case OptionType::secret:
      return OptionValue{Secret(value)};
    case OptionType::enumeration: {
      auto known = match_allowed(spec, value);
      if (!known) return invalid(spec, shown_value(value) + " is not one of " + allowed_list(spec));
      return OptionValue{std::string(*known)};
    }
    case OptionType::string_list:
      return read_string_list(spec, value);
    case OptionType::key_value_list:
    case OptionType::tag_sets: {
      auto pairs = split_key_value_list(value);
      if (!pairs) return invalid(spec, "expected KEY:VALUE pairs separated by commas");
      if (spec.type == OptionType::tag_sets) return OptionValue{std::vector<KeyValueList>{*pairs}};
      return OptionValue{std::move(*pairs)};
    }
    case OptionType::write_concern: {
      if (auto number = parse_int64(value)) {
        if (*number < 0) return invalid(spec, std::to_string(*number) + " is negative");
        return OptionValue{*number};
      }
      return OptionValue{value};
    }
  }
  return invalid(spec, "unsupported option type");
}

}  // namespace mongoscan
