#pragma once
// The application layer: APP-001 (connection strings with an embedded password) and APP-002
// (passwords under credential keys, in driver calls and on command lines) from a config scan.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/config_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& application_specs();

// Why a found password is a weak default ("a default password", "the same as the user name",
// "a common password"), or empty when it is not one.
std::string weak_default_reason(const CredentialHit& hit);

// One failed finding per credential (at the check's severity, or low for a weak default, or
// critical in a shipped bundle unless the policy sets the check's severity), each about its file,
// line and column, with the password redacted; a `mongoscan:allow` comment on the line marks it
// suppressed ("inline"). A check with no credential passes once per scanned root.
std::vector<Finding> check_config_facts(const ConfigFacts& facts, const Policy& policy);

}  // namespace mongoscan
