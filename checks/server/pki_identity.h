#pragma once
// The certificate-identity family: TLS-006 (client certificates required and mapped to $external
// users, when the policy makes x509 the clients' authentication), TLS-007 (revoked certificates
// refused: a CRL or OCSP), TLS-008 (the configured OpenSSL cipher lists), AUTHN-007 (cluster
// members authenticate with x509 rather than a shared keyFile) and TLS-009 (the server's
// certificate chains to a CA the policy approves). TLS-008 and AUTHN-007 also from a
// server config file.

#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/facts/exposure_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& pki_identity_specs();

// One finding per check about Subject::node(facts.address()).
std::vector<Finding> check_pki_identity(const NodeFacts& facts, const Policy& policy);

// TLS-008 and AUTHN-007 as `file` sets them, each at the line of the setting it judged.
std::vector<Finding> check_pki_identity(const ServerConfigFile& file, const Policy& policy);

// The weak classes ("NULL", "aNULL", "EXPORT", "RC4", "DES", "3DES", "LOW", "MD5") an OpenSSL
// cipher string admits as written: a class named (or pulled in by ALL, HIGH, MEDIUM...) and not
// excluded with ! or -. Sorted, without repeats.
std::vector<std::string> weak_classes_admitted(std::string_view cipher_string);

}  // namespace mongoscan
