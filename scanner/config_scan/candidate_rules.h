#pragma once
// The named rules that decide a found password is not a hardcoded credential: a placeholder, a
// reference, a masked or encrypted value, a documentation example. Every rule has a name that the
// report counts, so an audit can see what was dropped and why.

#include <cstddef>
#include <optional>
#include <string_view>

namespace mongoscan {

// How the value was written.
struct CandidateValue {
  std::string_view text;  // the value without its quotes (percent-decoded for URI passwords)
  bool quoted = false;    // a string literal: '…', "…", `…`
  bool in_code = false;   // in source code, where an unquoted value is a name, not data
  bool loopback = false;  // a URI to loopback hosts: `user:password@localhost` is weak, not a doc
};

// An unquoted value longer than this is no password a person wrote (a minified bundle's rest of
// line, a blob): the scanner reads no further ("too-long" drops it), so that each hit costs at
// most this much however long the line is.
inline constexpr std::size_t kMaxUnquotedValue = 512;

// The name of the first rule that drops the value ("empty", "too-long", "placeholder-template",
// "regular-expression", "option-name", "file-path", "masked-value", "environment-variable-name",
// "url-value" (an http(s) address without user information), "boolean-flag" (a quoted
// true/false/yes/no/on/off), "encrypted-value", "reference-or-call",
// "not-a-string", "literal-placeholder"), or nullopt when it is a credential.
std::optional<std::string_view> dropping_rule(const CandidateValue& value);

// A `${NAME:default}` or `${NAME:-default}` template whose default is not empty and on one line:
// the default, which is hardcoded, as a view into `value` (so its offset is data() - value.data()).
// Empty otherwise.
std::string_view template_default(std::string_view value);

// Whether every host of a connection string is a documentation host: example.com, example.net,
// example.org or a subdomain, *.example, *.invalid, or a placeholder name (host, hostname,
// <host>, your-cluster...). Takes the host list text "h1:27017,h2".
bool documentation_hosts(std::string_view host_list);

// Whether every host is named so as not to exist (doesnotexist, nonexistent.domain, baddomain):
// the server a test or an example expects to be missing.
bool unreachable_by_name(std::string_view host_list);

// Whether every host is loopback: localhost, 127.x.x.x, ::1.
bool loopback_hosts(std::string_view host_list);

}  // namespace mongoscan
