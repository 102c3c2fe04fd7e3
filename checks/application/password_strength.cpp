#include "checks/application/password_strength.h"

#include <algorithm>
#include <utility>

#include "checks/application/common_passwords.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

// A variant of a listed password counts as common only below this length: longer passwords add
// enough to a listed stem to be out of reach of a dictionary attack with rules.
constexpr std::size_t kCommonVariantMaxLength = 15;
constexpr std::size_t kMinCommonStemLength = 4;
constexpr std::size_t kMinUsernameLength = 3;

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_special(char c) { return !is_upper(c) && !is_lower(c) && !is_digit(c); }

std::size_t utf8_length(std::string_view text) {
  return std::count_if(text.begin(), text.end(),
                       [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

// `folded` without its trailing digits and symbols: "password123!" -> "password".
std::string_view strip_suffix(std::string_view folded) {
  const auto last_letter = folded.find_last_not_of("0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ");
  return folded.substr(0, last_letter == std::string_view::npos ? 0 : last_letter + 1);
}

// `folded` with leetspeak undone: "p@ssw0rd" -> "password".
std::string undo_leetspeak(std::string_view folded) {
  constexpr std::string_view kLeet = "4@31!05$7";
  constexpr std::string_view kPlain = "aaeiiosst";
  std::string plain(folded);
  for (char& c : plain) {
    const auto at = kLeet.find(c);
    if (at != std::string_view::npos) c = kPlain[at];
  }
  return plain;
}

bool is_common_variant(std::string_view folded, std::size_t length) {
  if (length > kCommonVariantMaxLength) return false;
  const std::string_view stem = strip_suffix(folded);
  for (const std::string& variant :
       {std::string(stem), undo_leetspeak(folded), undo_leetspeak(stem)}) {
    if (variant != folded && variant.size() >= kMinCommonStemLength &&
        is_common_password(variant)) {
      return true;
    }
  }
  return false;
}

std::string rule_description(std::string_view rule, const PasswordRules& rules) {
  if (rule == "min_length") {
    return "shorter than " + std::to_string(rules.min_length) + " characters";
  }
  if (rule == "upper") return "no upper-case letter";
  if (rule == "lower") return "no lower-case letter";
  if (rule == "digit") return "no digit";
  if (rule == "special") return "no special character";
  if (rule == "common") return "on the common-password list";
  if (rule == "common_variant") return "a common password with a suffix or leetspeak";
  return "contains the user name";
}

Verdict judge_password(const ConnectionString& connection, const PasswordRules& rules) {
  if (!connection.credentials || !connection.credentials->password) {
    return {Status::skipped, "no password in the connection string"};
  }
  if (connection.credentials->mechanism == "MONGODB-AWS") {
    return {Status::skipped, "the password is an AWS secret access key, not a chosen password"};
  }
  const auto username = connection.credentials->username;
  const PasswordAssessment assessment =
      assess_password(*connection.credentials->password,
                      username ? std::optional<std::string_view>(*username) : std::nullopt, rules);
  const nlohmann::json evidence = {{"length", assessment.length},
                                   {"min_length", rules.min_length},
                                   {"failed_rules", assessment.failed_rules}};
  if (assessment.failed_rules.empty()) {
    return {Status::pass,
            "password of " + std::to_string(assessment.length) + " characters meets every rule",
            evidence};
  }
  std::string reasons;
  for (const auto& rule : assessment.failed_rules) {
    reasons += (reasons.empty() ? "" : ", ") + rule_description(rule, rules);
  }
  return {Status::fail, "weak password: " + reasons, evidence};
}

}  // namespace

const CheckSpec& password_strength_spec() {
  static const CheckSpec spec{
      "AUTHN-005",
      "Passwords are strong",
      Layer::authentication,
      Severity::high,
      {{Framework::devspec, "A3.4", "Authentication: password complexity"},
       {Framework::devspec, "A2.5",
        "No disabled authentication and no arbitrary public exposure in production"}},
      "Replace the password with a random one of at least the policy's length, with upper- and "
      "lower-case letters, digits and symbols, kept out of connection strings in files.",
      "The password is strong: ≥ 12 characters, upper, lower, digit, special, not one of "
      "10,000 common passwords, not containing the user name."};
  return spec;
}

PasswordAssessment assess_password(const Secret& password, std::optional<std::string_view> username,
                                   const PasswordRules& rules) {
  const std::string& text = password.reveal();
  const std::string folded = to_lower_ascii(text);
  PasswordAssessment assessment{utf8_length(text), {}};
  auto& failed = assessment.failed_rules;
  const auto lacks = [&](bool (*has)(char)) { return std::none_of(text.begin(), text.end(), has); };
  if (assessment.length < static_cast<std::size_t>(std::max(rules.min_length, 0))) {
    failed.emplace_back("min_length");
  }
  if (rules.require_upper && lacks(is_upper)) failed.emplace_back("upper");
  if (rules.require_lower && lacks(is_lower)) failed.emplace_back("lower");
  if (rules.require_digit && lacks(is_digit)) failed.emplace_back("digit");
  if (rules.require_special && lacks(is_special)) failed.emplace_back("special");
  if (rules.reject_common && is_common_password(folded)) {
    failed.emplace_back("common");
  } else if (rules.reject_common && is_common_variant(folded, assessment.length)) {
    failed.emplace_back("common_variant");
  }
  if (rules.reject_username && username && username->size() >= kMinUsernameLength &&
      folded.find(to_lower_ascii(*username)) != std::string::npos) {
    failed.emplace_back("contains_username");
  }
  return assessment;
}

Finding check_password_strength(const ConnectionString& connection, Subject subject,
                                const Policy& policy) {
  return make_finding(password_strength_spec(), policy, std::move(subject),
                      judge_password(connection, policy.passwords));
}

}  // namespace mongoscan
