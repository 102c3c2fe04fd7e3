#pragma once
// SASLprep (RFC 4013): the stringprep profile (RFC 3454) SCRAM-SHA-256 applies to passwords.

#include <string>
#include <string_view>

#include "scanner/errors/result.h"

namespace mongoscan {

// Maps, NFKC-normalises and checks `utf8` exactly as RFC 4013 says, with Unicode 3.2 tables (ICU's
// RFC 4013 profile, the one mongod uses for SCRAM-SHA-256 credentials). Code points unassigned in
// Unicode 3.2 are an error unless `allow_unassigned` (RFC 3454 §7: queries allow them, stored
// strings do not). Errors are ErrorCode::usage in phase "auth", name the rule broken and never
// quote the input.
Result<std::string> saslprep(std::string_view utf8, bool allow_unassigned);

}  // namespace mongoscan
