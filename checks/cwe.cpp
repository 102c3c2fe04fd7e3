#include "checks/cwe.h"

#include <utility>

namespace mongoscan {
namespace {

// CWE List 4.x (https://cwe.mitre.org/data/definitions/<id>.html), by check. The nearest base or
// class weakness to what the check rejects, not a category.
constexpr std::pair<std::string_view, int> kCweByCheck[] = {
    {"NET-001", 668},    // Exposure of Resource to Wrong Sphere
    {"NET-002", 1327},   // Binding to an Unrestricted IP Address
    {"NET-004", 1188},   // Initialization of a Resource with an Insecure Default
    {"NET-005", 668},    // Exposure of Resource to Wrong Sphere
    {"NET-006", 668},    // Exposure of Resource to Wrong Sphere
    {"NET-007", 20},     // Improper Input Validation
    {"NET-008", 200},    // Exposure of Sensitive Information to an Unauthorized Actor
    {"NET-009", 770},    // Allocation of Resources Without Limits or Throttling
    {"AUTHN-001", 306},  // Missing Authentication for Critical Function
    {"AUTHN-002", 862},  // Missing Authorization
    {"AUTHN-003", 288},  // Authentication Bypass Using an Alternate Path or Channel
    {"AUTHN-004", 327},  // Use of a Broken or Risky Cryptographic Algorithm
    {"AUTHN-005", 521},  // Weak Password Requirements
    {"AUTHN-006", 916},  // Use of Password Hash With Insufficient Computational Effort
    {"AUTHZ-001", 269},  // Improper Privilege Management
    {"AUTHZ-002", 269},  // Improper Privilege Management
    {"AUTHZ-003", 269},  // Improper Privilege Management
    {"AUTHZ-005", 269},  // Improper Privilege Management
    {"AUTHZ-006", 269},  // Improper Privilege Management
    {"AUTHZ-007", 269},  // Improper Privilege Management
    {"AUTHZ-008", 284},  // Improper Access Control
    {"TLS-001", 319},    // Cleartext Transmission of Sensitive Information
    {"TLS-002", 327},    // Use of a Broken or Risky Cryptographic Algorithm
    {"TLS-003", 295},    // Improper Certificate Validation
    {"TLS-004", 295},    // Improper Certificate Validation
    {"TLS-005", 327},    // Use of a Broken or Risky Cryptographic Algorithm
    {"HARD-001", 1188},  // Initialization of a Resource with an Insecure Default
    {"HARD-002", 778},   // Insufficient Logging
    {"HARD-003", 311},   // Missing Encryption of Sensitive Data
    {"HARD-004", 532},   // Insertion of Sensitive Information into Log File
    {"HARD-005", 778},   // Insufficient Logging
    {"HARD-006", 778},   // Insufficient Logging
    {"HARD-007", 778},   // Insufficient Logging
    {"VER-001", 1104},   // Use of Unmaintained Third Party Components
    {"VER-002", 1395},   // Dependency on Vulnerable Third-Party Component
    {"CONN-009", 319},   // Cleartext Transmission of Sensitive Information
    {"APP-001", 798},    // Use of Hard-coded Credentials
    {"APP-002", 798},    // Use of Hard-coded Credentials
    // The Atlas checks, as their node equivalents where one exists.
    {"ATLAS-001", 668},   // Exposure of Resource to Wrong Sphere
    {"ATLAS-004", 327},   // Use of a Broken or Risky Cryptographic Algorithm
    {"ATLAS-005", 1188},  // Initialization of a Resource with an Insecure Default
    {"ATLAS-007", 778},   // Insufficient Logging
    {"ATLAS-008", 269},   // Improper Privilege Management
    {"ATLAS-009", 308},   // Use of Single-factor Authentication
    {"ATLAS-013", 306},   // Missing Authentication for Critical Function
    {"CLOUD-007", 319},   // Cleartext Transmission of Sensitive Information
    {"CLOUD-008", 778},   // Insufficient Logging
    {"CLOUD-010", 269},   // Improper Privilege Management
    {"ATLAS-014", 319},   // Cleartext Transmission of Sensitive Information
};

}  // namespace

std::optional<int> cwe_of(std::string_view check_id) {
  for (const auto& [id, cwe] : kCweByCheck) {
    if (id == check_id) return cwe;
  }
  return std::nullopt;
}

}  // namespace mongoscan
