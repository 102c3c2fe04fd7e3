#include "reports/text/markdown_text.h"

#include <algorithm>
#include <optional>

#include "reports/text/utf8.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

// Brackets escaped, parentheses cannot make a link; '$' would open GitHub's math.
constexpr std::string_view kEscapedPunctuation = "\\`*_[]#!~$|";

bool is_markdown_control(char32_t c) { return c < 0x20 || c == 0x7F; }

// Calls on_code_point with each code point's bytes, control characters as " " and invalid bytes
// as U+FFFD.
template <typename OnCodePoint>
void for_each_safe_code_point(std::string_view text, OnCodePoint on_code_point) {
  while (!text.empty()) {
    const std::optional<CodePoint> cp = decode_utf8(text);
    if (!cp) {
      on_code_point(kReplacementCharacter);
      text.remove_prefix(1);
      continue;
    }
    on_code_point(is_markdown_control(cp->value) ? std::string_view(" ") : text.substr(0, cp->length));
    text.remove_prefix(cp->length);
  }
}

std::size_t longest_backtick_run(std::string_view text) {
  std::size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

std::string markdown_text(std::string_view raw_text) {
  // Every string a report shows passes here: a connection string in it loses its credentials.
  const ShownText shown(raw_text);
  std::string_view text = shown.view();
  std::string escaped;
  for_each_safe_code_point(text, [&](std::string_view bytes) {
    const char c = bytes.front();
    if (bytes.size() > 1) {
      escaped += bytes;
    } else if (c == '&') {
      escaped += "&amp;";
    } else if (c == '<') {
      escaped += "&lt;";
    } else if (c == '>') {
      escaped += "&gt;";
    } else if (kEscapedPunctuation.find(c) != std::string_view::npos) {
      escaped += '\\';
      escaped += c;
    } else {
      escaped += c;
    }
  });
  return escaped;
}

std::string markdown_code(std::string_view raw_text) {
  // Every string a report shows passes here: a connection string in it loses its credentials.
  const ShownText shown(raw_text);
  std::string_view text = shown.view();
  if (text.empty()) return {};
  std::string code;
  for_each_safe_code_point(text, [&](std::string_view bytes) {
    code += bytes == "|" ? std::string_view("\\|") : bytes;
  });
  const std::string fence(longest_backtick_run(code) + 1, '`');
  // A space on each side keeps a backtick at either end apart from the fence; Markdown strips it.
  const bool pad = code.front() == '`' || code.back() == '`';
  return fence + (pad ? " " : "") + code + (pad ? " " : "") + fence;
}

}  // namespace mongoscan
