#pragma once
// AUTHN-005: a known password is strong. Judges the password itself; nothing about it (not a
// character, not a fragment) reaches a message or evidence, only the length and the rules it
// breaks.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "scanner/secrets/secret.h"
#include "scanner/uri/uri.h"

namespace mongoscan {

const CheckSpec& password_strength_spec();

struct PasswordAssessment {
  std::size_t length = 0;                 // in characters (UTF-8 code points)
  std::vector<std::string> failed_rules;  // rule names, in the order documented below
};

// The rules `password` breaks, among those `rules` switch on:
//   "min_length"        fewer than rules.min_length characters
//   "upper", "lower", "digit", "special"   no ASCII upper-case letter, lower-case letter, digit, or
//                       other character (any non-ASCII character counts as special)
//   "common"            on the common-password list, ignoring case
//   "common_variant"    shorter than 16 characters and, once trailing digits and symbols are
//                       stripped and/or leetspeak undone (4@→a 3→e 1!→i 0→o 5$→s 7→t), a listed
//                       password of at least 4 characters ("Password123!", "P@ssw0rd")
//   "contains_username" contains the user name, ignoring case (names under 3 characters are not
//                       looked for: nearly every password would contain them)
PasswordAssessment assess_password(const Secret& password, std::optional<std::string_view> username,
                                   const PasswordRules& rules);

// AUTHN-005 on the password of `connection`; skipped when it has none or when it is an AWS secret
// access key (MONGODB-AWS), which is generated, not chosen.
Finding check_password_strength(const ConnectionString& connection, Subject subject,
                                const Policy& policy);

}  // namespace mongoscan
