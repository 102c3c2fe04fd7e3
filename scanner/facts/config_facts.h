#pragma once
// What a config scan saw in application files: hardcoded credentials (kept as Secret, rendered only
// redacted), every MongoDB connection string, what infrastructure files expose, and the files it
// could not read. Facts, not verdicts.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/facts/exposure_facts.h"
#include "scanner/facts/file_context.h"
#include "scanner/facts/file_location.h"
#include "scanner/facts/skipped_file.h"
#include "scanner/secrets/secret.h"

namespace mongoscan {

// A password found in a file.
struct CredentialHit {
  enum class Kind {
    uri_password,     // the password of a mongodb:// or mongodb+srv:// URI (APP-001)
    credential_key,   // a value under a credential key: password: ..., DB_PASS=... (APP-002)
    driver_argument,  // a driver call's password argument: MongoCredential.create...(...) (APP-002)
    cli_argument,     // mongosh -p '...', mongodump --password=... (APP-002)
  };
  Kind kind = Kind::credential_key;
  FileLocation location;        // where the password starts
  std::string key;              // the key, call or option that holds it; empty for URIs
  std::string user;             // the user it belongs to, when the same text names it
  std::string host;             // the first host of a URI; empty otherwise
  Secret password{""};          // never rendered; redact_secret() for reports
  bool allowed_inline = false;  // the line carries a `mongoscan:allow` comment
  // What follows `mongoscan:allow` to the comment's end: a check id and a reason, both optional
  // ("APP-002 test fixture"); connection strings in it redacted.
  std::string allow_comment;
  // The file is a JavaScript bundle (or its source map) in a directory that is served as it is
  // once deployed: build output (dist, build, out) or public.
  bool in_shipped_bundle = false;
  // A URI password on a documentation host (example.com, RFC 2606 names): kept only where the
  // file is a test (a test's password is still a password); the scan drops it elsewhere as a
  // documentation example.
  bool on_documentation_host = false;
  std::string fingerprint;  // stable across line moves and secret-free; for baselines
};

// "uri_password", "credential_key", "driver_argument", "cli_argument".
std::string_view to_string(CredentialHit::Kind kind);

// A distinct MongoDB connection string found in files, with or without a password: a bundle or a
// monorepo may repeat one string thousands of times, and each copy would be judged the same.
// `text` is the raw string (XML entities decoded): it may hold a password and is never rendered.
struct FoundConnectionString {
  Secret text{""};
  std::vector<FileLocation> places;  // the first kPlacesKept places, in path order
  std::size_t occurrences = 0;
  bool allowed_inline = false;  // its first place carries a `mongoscan:allow` comment
  std::string allow_comment;    // as CredentialHit::allow_comment, of its first place
  // What switches TLS on beside its first place though the string names no tls option
  // ("--tls on the same line", "ssl.enabled=true nearby"); empty when nothing does.
  std::string tls_around;

  static constexpr std::size_t kPlacesKept = 10;
};

// The reason a file is skipped when scanning its text failed unexpectedly (a bug, or no memory):
// the scan could not judge it, so it is incomplete.
inline constexpr std::string_view kInternalErrorReason = "internal error";

// Credentials of one kind found in one file but not kept as facts: past the per-file limit or the
// scan's. Counted so that a report can say how many more there are.
struct UnlistedCredentials {
  std::string path;
  CredentialHit::Kind kind = CredentialHit::Kind::credential_key;
  std::size_t count = 0;
};

struct ConfigFacts {
  std::vector<std::string> roots;  // the paths given, in order
  std::size_t files_scanned = 0;
  std::uint64_t bytes_scanned = 0;
  std::vector<SkippedFile> skipped;                       // sorted by path
  std::vector<CredentialHit> credentials;                 // sorted by path, line, column
  std::vector<FoundConnectionString> connection_strings;  // sorted by first place
  std::vector<UnlistedCredentials> unlisted_credentials;  // sorted by path, then kind
  // Distinct connection strings past the scan's limit, not kept and so not judged (a string
  // found in several files past the limit counts once per file).
  std::size_t connection_strings_not_kept = 0;
  // How many candidates each named suppression rule dropped ("placeholder-template": 12, ...).
  std::map<std::string, std::size_t> suppressed_by_rule;
  // Infrastructure files (Terraform, Kubernetes, Compose, cloud exports, mongod.conf): what they
  // let reach a port, in path order.
  std::size_t infrastructure_files = 0;  // files a reader recognised, rules or not
  std::vector<NetworkRule> network_rules;
  std::vector<NetworkEndpoint> network_endpoints;
  std::vector<ServerConfigFile> server_configs;
  // Infrastructure files, or parts of them, a reader could not read: each problem names the
  // file (and line) and what was wrong.
  std::vector<SkippedFile> infrastructure_unread;
  // The context of each file that yielded a fact above, unless it is production (the default),
  // by path as the facts name it.
  std::map<std::string, FileContext> file_contexts;
};

}  // namespace mongoscan
