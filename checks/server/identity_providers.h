#pragma once
// AUTHN-008: an organisation-level identity provider (LDAP, Kerberos or OIDC) where the policy
// requires one (identity.organisation_authentication), judged from the mechanisms the node
// enables, its security.ldap settings and its $external users; never by authenticating.
// AUTHN-009: where saslauthd authenticates users (PLAIN without security.ldap.servers), the
// host-side cache timeout STIG V-252177 asks for, named as a step to take on the host.

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& identity_provider_specs();

// AUTHN-008 and AUTHN-009 about Subject::node(facts.address()).
std::vector<Finding> check_identity_providers(const NodeFacts& facts, const Policy& policy);

}  // namespace mongoscan
