#pragma once
// A node's TLS and scanning-account facts as one line each, for the cells of the targets tables:
// the full facts stay in the JSON report and under the line in HTML.

#include <nlohmann/json.hpp>
#include <string>

namespace mongoscan {

// "TLSv1.3, TLS_AES_256_GCM_SHA384, certificate verified", "off: plaintext", or "—" (no facts).
// The certificate's verdict: "certificate verified", "certificate not verified
// (--tls-insecure)", "certificate chain not verified" or "certificate does not name the host".
std::string tls_cell(const nlohmann::json& tls);

// "scanner (SCRAM-SHA-256): mongoscanAuditor@admin", "scanner (SCRAM-SHA-1): authentication
// failed", or "—" (no facts).
std::string account_cell(const nlohmann::json& authentication);

}  // namespace mongoscan
