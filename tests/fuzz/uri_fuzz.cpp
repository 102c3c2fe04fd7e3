// The connection-string parser (scanner/uri/uri.h). Properties: a URI that parses still parses once
// redacted, with the same hosts, database and user and a password of "***" (the redactor reads a
// URI as the parser does), and every host has an address.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "scanner/uri/uri.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

bool same_hosts(const ConnectionString& a, const ConnectionString& b) {
  if (a.hosts.size() != b.hosts.size()) return false;
  for (std::size_t i = 0; i < a.hosts.size(); ++i) {
    if (a.hosts[i].address() != b.hosts[i].address()) return false;
  }
  return true;
}

std::optional<std::string> username(const ConnectionString& uri) {
  return uri.credentials ? uri.credentials->username : std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<ConnectionString> parsed = parse_connection_string(text);
  if (!parsed) {
    fuzz::check(!parsed.error().message.empty(), "a refused URI says why");
    return 0;
  }
  const ConnectionString& uri = parsed.value();
  for (const HostAddress& host : uri.hosts) {
    fuzz::check(!host.address().empty(), "every host has an address");
  }
  const Result<ConnectionString> redacted = parse_connection_string(redact_connection_string(text));
  fuzz::check(redacted.ok(), "a redacted valid URI parses");
  fuzz::check(same_hosts(uri, redacted.value()), "redaction keeps the hosts");
  fuzz::check(uri.database == redacted.value().database, "redaction keeps the database");
  fuzz::check(username(uri) == username(redacted.value()), "redaction keeps the user name");
  const bool has_password = uri.credentials && uri.credentials->password;
  fuzz::check(!has_password || redacted.value().credentials->password->reveal() == kRedacted,
              "a redacted password reads as ***");
  return 0;
}
