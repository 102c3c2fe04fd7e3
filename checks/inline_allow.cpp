#include "checks/inline_allow.h"

#include <algorithm>

namespace mongoscan {
namespace {

bool is_id_letter(char c) { return c >= 'A' && c <= 'Z'; }
bool is_id_digit(char c) { return c >= '0' && c <= '9'; }

// A check id: capitals, a dash, digits (APP-002, AUTHN-005).
bool is_check_id(std::string_view word) {
  const std::size_t dash = word.find('-');
  if (dash == 0 || dash == std::string_view::npos || dash + 1 == word.size()) return false;
  return std::all_of(word.begin(), word.begin() + static_cast<std::ptrdiff_t>(dash),
                     is_id_letter) &&
         std::all_of(word.begin() + static_cast<std::ptrdiff_t>(dash) + 1, word.end(), is_id_digit);
}

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") + 1 - first);
}

}  // namespace

InlineAllow parse_allow_comment(std::string_view text) {
  text = trimmed(text);
  const std::string_view first_word = text.substr(0, text.find_first_of(" \t"));
  if (!is_check_id(first_word)) return {"", std::string(text)};
  return {std::string(first_word), std::string(trimmed(text.substr(first_word.size())))};
}

void apply_inline_allow(std::string_view text, std::string_view secret, Finding& finding) {
  if (finding.status == Status::pass) return;
  const InlineAllow allow = parse_allow_comment(text);
  if (!allow.check.empty() && allow.check != finding.check_id) return;
  finding.suppression = "inline";
  const bool reveals = !secret.empty() && allow.reason.find(secret) != std::string::npos;
  if (!allow.reason.empty() && !reveals) finding.acceptance = FindingAcceptance{allow.reason};
}

}  // namespace mongoscan
