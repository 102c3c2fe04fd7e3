#include "checks/acceptance.h"

#include <fnmatch.h>

namespace mongoscan {
namespace {

bool glob_matches(const std::string& pattern, std::string_view text) {
  return ::fnmatch(pattern.c_str(), std::string(text).c_str(), 0) == 0;
}

bool acceptable(const Finding& finding) {
  return (finding.status == Status::fail || finding.status == Status::warn) &&
         finding.suppression != "inline";
}

// Dates are YYYY-MM-DD, so their text orders as they do.
bool expired_on(const Acceptance& acceptance, std::string_view today) {
  return today > std::string_view(acceptance.expires);
}

}  // namespace

bool acceptance_matches(const Acceptance& acceptance, std::string_view check_id,
                        std::string_view subject_name) {
  return glob_matches(acceptance.check, check_id) && glob_matches(acceptance.subject, subject_name);
}

std::optional<std::size_t> AcceptanceMatcher::apply(Finding& finding) const {
  if (!acceptable(finding)) return std::nullopt;
  for (std::size_t i = 0; i < acceptances_.size(); ++i) {
    const Acceptance& entry = acceptances_[i];
    if (!acceptance_matches(entry, finding.check_id, finding.subject.name)) continue;
    const bool expired = expired_on(entry, today_);
    finding.acceptance = FindingAcceptance{entry.reason, entry.expires, entry.owner, expired};
    if (expired) {
      finding.message = "acceptance expired on " + entry.expires + ": " + finding.message;
    } else {
      finding.suppression = "accepted";
    }
    return i;
  }
  return std::nullopt;
}

std::vector<StaleAcceptance> AcceptanceMatcher::stale() const {
  std::vector<StaleAcceptance> stale;
  for (std::size_t i = 0; i < acceptances_.size(); ++i) {
    if (!used_[i]) stale.push_back({acceptances_[i], expired_on(acceptances_[i], today_)});
  }
  return stale;
}

void AcceptanceMatcher::accept(std::vector<Finding>& findings) {
  for (Finding& finding : findings) {
    if (const auto entry = apply(finding)) use(*entry);
  }
}

}  // namespace mongoscan
