#pragma once
// MongoDB's release series with their end-of-life dates and the server's known CVEs, from
// checks/data/mongodb-releases.json, which is compiled into the binary. The file says the date
// its facts were checked ("as_of") and a source for every entry.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// The newest patch release of a series that the data's sources showed on its as_of date.
struct PatchRelease {
  std::string version;  // "7.0.28"
  // "YYYY-MM-DD": the release was out by then (its release date where the source gives one)
  std::string released_by;
  std::string source;
};

struct ReleaseSeries {
  std::string series;                      // "7.0"
  std::string kind;                        // "major", "minor" (8.2 on) or "rapid" (Atlas only)
  std::optional<std::string> end_of_life;  // "YYYY-MM-DD", the last supported day; none: not set
  std::string source;
  std::optional<PatchRelease> latest_patch;  // none: the data does not name one
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

// What must also hold for a CVE to apply, each part as its record describes it; every field unset
// means it always applies.
struct CveCondition {
  std::optional<std::string> compressor;  // "zlib", "snappy", "zstd" or "any": enabled on the node
  bool tls_without_ca_file = false;       // TLS on without net.tls.CAFile
  bool sharded = false;                   // the node belongs to a sharded cluster
  bool mongos = false;                    // the node is a mongos
  bool replica_set = false;               // the node is a replica set member (not a standalone)
  bool javascript = false;                // server-side JavaScript is enabled
  std::optional<std::string> platform;    // "windows" or "linux": the build's target_os
  std::optional<std::string> setting;     // a dotted option that is configured ("net.proxyPort")
  // a condition no read-only command shows, in the record's words: the CVE may apply
  std::optional<std::string> described;

  bool always() const {
    return !compressor && !tls_without_ca_file && !sharded && !mongos && !replica_set &&
           !javascript && !platform && !setting && !described;
  }
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

// Release data older than this many days on the scan's date no longer lets a version check pass:
// the patches and CVEs published since are missing from it.
inline constexpr int kReleaseDataFreshDays = 120;

struct ReleaseData {
  std::string as_of;  // "YYYY-MM-DD"
  std::vector<ReleaseSeries> series;
  std::vector<KnownCve> cves;

  // The series "major.minor" of `version` ("7.0.9" → 7.0) if the data lists it.
  const ReleaseSeries* find_series(std::string_view version) const;
  // The newest series listed ("9.0").
  std::string newest_series() const;
  // Whether `version`'s series is unlisted and newer than the newest listed: the data predates it.
  bool predates(std::string_view version) const;
  // Whole days from as_of to `today` (negative when as_of is later).
  int age_in_days(std::chrono::year_month_day today) const;
};

// "YYYY-MM-DD" as a date; none for any other text or an impossible day.
std::optional<std::chrono::year_month_day> parse_iso_date(std::string_view text);

// "7.0" for "7.0.9-ent"; empty when `version` does not start with two numbers.
std::string series_of(std::string_view version);

// Parses and validates the data file's text; a shape error (ErrorCode::protocol) names the entry.
Result<ReleaseData> parse_release_data(std::string_view json_text);

// The compiled-in data, parsed on first use.
const Result<ReleaseData>& release_data();

// The data file as shipped; generated from checks/data/mongodb-releases.json.
extern const char kMongodbReleasesJson[];

}  // namespace mongoscan
