#pragma once
// Baselines: the findings (every kind) a team has accepted, so that a gate fails only on new
// ones. The file is JSON, {"mongoscan_baseline": 2, "entries": [...]}: per entry the finding's
// fingerprint, its check, its subject, a digest of its message, the date it was first baselined
// and, for a file finding, its content fingerprint (the same finding without its path), so that
// a reviewer can read what was accepted and a renamed file keeps its entries. Version 1 files
// ({"mongoscan_baseline": 1, "fingerprints": [...]}) are read, and rewritten as version 2 by the
// next --write-baseline. It holds no secret: fingerprints are secret-free
// (scanner/config_scan/config_fingerprint.h), subjects are paths, lines and addresses.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "checks/finding.h"
#include "scanner/errors/result.h"

namespace mongoscan {

inline constexpr int kBaselineVersion = 2;

struct BaselineEntry {
  std::string fingerprint;
  // Empty in a version 1 file, and content_fingerprint also for findings about other subjects.
  std::string content_fingerprint = {};
  std::string check_id = {};
  std::string subject = {};         // "path:line" or the node, string or resource named
  std::string message_digest = {};  // hex SHA-256 (128 bits) of the message
  std::string first_seen = {};      // YYYY-MM-DD: the run that first wrote it
};

struct Baseline {
  int version = kBaselineVersion;      // the file's version as read
  std::vector<BaselineEntry> entries;  // sorted by check, subject and fingerprint
};

// The baseline in a file's text, or a usage error naming what is wrong.
Result<Baseline> parse_baseline(std::string_view text);

// The version 2 file that accepts every failed or warned finding with a fingerprint that no
// inline comment allows. An entry of `previous` for the same finding (by fingerprint, or by
// check and content fingerprint after a rename) keeps its first_seen; the others get `today`.
std::string baseline_text(const std::vector<Finding>& findings, const Baseline& previous,
                          std::string_view today);

// Marks as suppressed ("baseline") each failed or warned finding the baseline holds and that
// neither an inline comment nor an acceptance (expired ones included: they gate again) covers
// already. A finding is held by its fingerprint or, when a file was renamed, by an entry of the
// same check and content fingerprint whose own fingerprint no finding of this run has: each such
// entry follows one finding. Returns how many findings were held after a rename.
std::size_t apply_baseline(const Baseline& baseline, std::vector<Finding>& findings);

// A baseline's fingerprints, so that a finding about anything but a file is judged against it
// as soon as it is made (a node's, while the scan goes on; its memory freed at once). Such a
// finding has no content fingerprint: only an entry of its own fingerprint holds it, and that
// entry is no renamed file's (entries that follow renames hold file findings, whose fingerprints
// hash another subject kind). So holding it alone gives what apply_baseline over every finding
// gives.
class BaselineFingerprints {
 public:
  // `baseline` must outlive it.
  explicit BaselineFingerprints(const Baseline& baseline);

  // apply_baseline for one finding with no content fingerprint: marks it suppressed ("baseline")
  // when failed or warned, held and neither suppressed nor accepted already. Returns whether it
  // did.
  bool apply(Finding& finding) const;

 private:
  std::unordered_set<std::string_view> fingerprints_;
};

}  // namespace mongoscan
