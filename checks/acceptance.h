#pragma once
// Risk acceptance (--accept): a team accepts a check's finding on a subject, for a reason, until a
// date. Matching and expiry are judged here, purely, against the scan's date; reading the file is
// the composition root's (scanner/cli/acceptance_file).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/finding.h"

namespace mongoscan {

// One entry of an acceptance file. `check` and `subject` are exact or fnmatch globs (`*` also
// matches `/`); `subject` is matched against the finding's subject name as reports print it,
// without line and column: a node's "host:port", a file's path, a connection string redacted
// (its password as `***`), a namespace "db.collection".
struct Acceptance {
  std::string check;
  std::string subject;
  std::string reason;
  std::string expires;  // YYYY-MM-DD: the last day the acceptance holds
  std::string owner;    // optional
  std::string origin;   // where it was read: "accept.yaml:12"
};

// An acceptance that matched no failed or warned finding of the scan: the risk is gone or the
// entry is wrong, and either way it should be removed.
struct StaleAcceptance {
  Acceptance acceptance;
  bool expired = false;  // its date has passed too
};

// Whether a check id and a subject name match an entry's (possibly glob) check and subject.
bool acceptance_matches(const Acceptance& acceptance, std::string_view check_id,
                        std::string_view subject_name);

// Risk acceptance applied to a scan's findings, one at a time or many, so that findings judged at
// different times (a node's as soon as it is probed) are accepted as if all at once.
class AcceptanceMatcher {
 public:
  // `acceptances` must outlive the matcher; `today` is the scan's date, YYYY-MM-DD.
  AcceptanceMatcher(const std::vector<Acceptance>& acceptances, std::string_view today)
      : acceptances_(acceptances), today_(today), used_(acceptances.size(), false) {}

  // A failed or warned finding that no inline comment suppressed and that an entry matches (the
  // first in file order): unexpired, it is suppressed ("accepted") with the entry's reason;
  // expired (today is past `expires`), it still counts and its acceptance says so and its message
  // starts "acceptance expired on DATE: ". Returns the entry's index without counting it as used
  // (use() does, once the finding is kept).
  std::optional<std::size_t> apply(Finding& finding) const;
  void use(std::size_t entry) { used_[entry] = true; }
  // apply() and use() for each finding.
  void accept(std::vector<Finding>& findings);
  // The entries that matched no finding kept, in order.
  std::vector<StaleAcceptance> stale() const;

 private:
  const std::vector<Acceptance>& acceptances_;
  std::string today_;
  std::vector<bool> used_;
};

}  // namespace mongoscan
