#pragma once
// How every format words acceptances and suppressions, in one place.

#include <string>

#include "checks/acceptance.h"
#include "checks/finding.h"

namespace mongoscan {

// Why a suppressed finding does not count, as one line: "ACCEPTED: test fixture (until
// 2026-12-31, owner team-db)", "suppressed: inline: test fixture",
// "suppressed: baseline"; empty when nothing suppresses it.
std::string suppression_text(const Finding& finding);

// A stale acceptance as one line: "accept.yaml:4: APP-002 on fixtures/* (test fixture, until
// 2026-12-31) matched no finding", "; it has expired too" when it has.
std::string stale_acceptance_text(const StaleAcceptance& stale);

}  // namespace mongoscan
