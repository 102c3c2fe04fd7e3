#pragma once
// MongoDB's release series with their end-of-life dates and the server's known CVEs, from
// checks/data/mongodb-releases.json, which is compiled into the binary. The file says the date
// its facts were checked ("as_of") and a source for every entry.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "scanner/errors/result.h"

namespace mongoscan {

struct ReleaseSeries {
  std::string series;                      // "7.0"
  std::string kind;                        // "major", "minor" (8.2 on) or "rapid" (Atlas only)
  std::optional<std::string> end_of_life;  // "YYYY-MM-DD", the last supported day; none: not set
  std::string source;
};

// The versions of one series a CVE affects: from `introduced`, below `fixed` or up to
// `last_affected` when either is given, else every later version of the series.
struct AffectedRange {
  std::string series;
  std::string introduced;
  std::optional<std::string> fixed;
  std::optional<std::string> last_affected;

  bool contains(std::string_view version) const;
};

// What must also hold for a CVE to apply; every field unset means it always applies.
struct CveCondition {
  std::optional<std::string> compressor;  // "zlib", "snappy", "zstd" or "any": enabled on the node
  bool tls_without_ca_file = false;       // TLS on without net.tls.CAFile
  bool sharded = false;                   // the node belongs to a sharded cluster

  bool always() const { return !compressor && !tls_without_ca_file && !sharded; }
};

struct KnownCve {
  std::string id;
  std::string title;
  Severity severity;
  std::optional<double> cvss_score;
  std::string cvss_vector;  // empty when the score is unknown
  CveCondition condition;
  std::vector<AffectedRange> affected;
  std::vector<std::string> fixed_versions;
  std::string source;
};

struct ReleaseData {
  std::string as_of;  // "YYYY-MM-DD"
  std::vector<ReleaseSeries> series;
  std::vector<KnownCve> cves;

  // The series "major.minor" of `version` ("7.0.9" → 7.0) if the data lists it.
  const ReleaseSeries* find_series(std::string_view version) const;
  // The newest series listed ("9.0").
  std::string newest_series() const;
};

// "7.0" for "7.0.9-ent"; empty when `version` does not start with two numbers.
std::string series_of(std::string_view version);

// Parses and validates the data file's text; a shape error (ErrorCode::protocol) names the entry.
Result<ReleaseData> parse_release_data(std::string_view json_text);

// The compiled-in data, parsed on first use.
const Result<ReleaseData>& release_data();

// The data file as shipped; generated from checks/data/mongodb-releases.json.
extern const char kMongodbReleasesJson[];

}  // namespace mongoscan
