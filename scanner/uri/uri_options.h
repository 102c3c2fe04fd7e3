#pragma once
// The connection-string options drivers recognise (MongoDB URI-options specification), and how to
// read one value: its type, range and allowed values.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/uri/uri.h"

namespace mongoscan {

enum class OptionType {
  boolean,
  integer,
  text,            // any non-empty string
  secret,          // a string that must never be shown
  enumeration,     // one of OptionSpec::allowed, matched case-insensitively
  string_list,     // comma-separated, each one of OptionSpec::allowed
  key_value_list,  // "K:V,K:V"
  tag_sets,        // readPreferenceTags: repeatable, each a key_value_list (possibly empty)
  write_concern,   // w: a non-negative integer or a tag name such as "majority"
};

// URI-options specification, "List of specified options": "All integer options are 32-bit unless
// specified otherwise".
constexpr std::int64_t kMaxInt32Option = INT32_MAX;

struct OptionSpec {
  std::string_view name;  // canonical spelling
  OptionType type;
  std::int64_t min = 0;
  std::int64_t max = kMaxInt32Option;
  std::vector<std::string_view> allowed = {};
  std::string_view replaced_by = {};  // set for deprecated aliases, e.g. wtimeout -> wTimeoutMS
};

// The spec of a recognised option, looked up case-insensitively; nullptr for an unknown option.
const OptionSpec* find_option_spec(std::string_view name);

// Reads a decoded value. An invalid value yields an error message (no value echoed for secrets),
// which the parser turns into a warning (drivers ignore invalid values) unless
// invalidates_connection_string says otherwise.
Result<OptionValue> read_option_value(const OptionSpec& spec, const std::string& decoded_value);

// Whether an invalid value makes the whole connection string invalid instead of being ignored: an
// unknown authMechanism, or a negative w or wTimeoutMS (or its alias wtimeout).
bool invalidates_connection_string(const OptionSpec& spec, std::string_view decoded_value);

// Splits "K:V,K:V" at commas and at the first colon of each pair; an empty text is an empty list.
std::optional<KeyValueList> split_key_value_list(std::string_view text);

}  // namespace mongoscan
