#include "reports/acceptance_text.h"

namespace mongoscan {

std::string suppression_text(const Finding& finding) {
  if (finding.suppression.empty()) return "";
  const std::optional<FindingAcceptance>& acceptance = finding.acceptance;
  if (finding.suppression == "accepted" && acceptance) {
    return "ACCEPTED: " + acceptance->reason + " (until " + acceptance->expires +
           (acceptance->owner.empty() ? "" : ", owner " + acceptance->owner) + ")";
  }
  if (finding.suppression == "inline") {
    return "suppressed: inline" + (acceptance ? ": " + acceptance->reason : std::string());
  }
  return "suppressed: " + finding.suppression;
}

std::string stale_acceptance_text(const StaleAcceptance& stale) {
  const Acceptance& entry = stale.acceptance;
  return entry.origin + ": " + entry.check + " on " + entry.subject + " (" + entry.reason +
         ", until " + entry.expires + ") matched no finding" +
         (stale.expired ? "; it has expired too" : "");
}

}  // namespace mongoscan
