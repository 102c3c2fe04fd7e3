#include "reports/text/console_text.h"

#include <optional>

#include "reports/text/utf8.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

constexpr std::string_view kEllipsis = "\xE2\x80\xA6";  // U+2026
// Where a word without spaces (a path, a URI) may break: after these, else after a ':' (which
// keeps path:line and host:port whole where a '/' or ',' allows).
constexpr std::string_view kWrapAfter = "/,&?@";

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

}  // namespace

std::string console_safe(std::string_view raw_text) {
  // Every string a report shows passes here: a connection string in it loses its credentials.
  const ShownText shown(raw_text);
  std::string_view text = shown.view();
  std::string safe;
  safe.reserve(text.size());
  while (!text.empty()) {
    // Printable ASCII is copied as it is, a run at a time.
    std::size_t printable = 0;
    while (printable < text.size() && text[printable] >= 0x20 && text[printable] < 0x7f) {
      ++printable;
    }
    safe.append(text.substr(0, printable));
    text.remove_prefix(printable);
    if (text.empty()) break;
    const std::optional<CodePoint> cp = decode_utf8(text);
    if (!cp) {
      safe += kReplacementCharacter;
      text.remove_prefix(1);
      continue;
    }
    if (is_control(cp->value)) {
      safe += ' ';
    } else {
      safe += text.substr(0, cp->length);
    }
    text.remove_prefix(cp->length);
  }
  return safe;
}

std::size_t display_width(std::string_view utf8) {
  std::size_t width = 0;
  for (const char c : utf8) {
    if (!is_utf8_continuation(static_cast<unsigned char>(c))) ++width;
  }
  return width;
}

std::string truncate_to_width(std::string_view utf8, std::size_t max_width) {
  if (display_width(utf8) <= max_width) return std::string(utf8);
  if (max_width == 0) return {};
  std::size_t kept = 0, end = 0;
  while (end < utf8.size()) {
    if (!is_utf8_continuation(static_cast<unsigned char>(utf8[end])) && kept++ == max_width - 1)
      break;
    ++end;
  }
  return std::string(utf8.substr(0, end)) + std::string(kEllipsis);
}

std::vector<std::string> wrap_to_width(std::string_view utf8, std::size_t max_width) {
  std::vector<std::string> lines;
  while (max_width != 0 && display_width(utf8) > max_width) {
    // end: the byte at which code point max_width + 1 starts.
    std::size_t end = 0;
    for (std::size_t kept = 0; end < utf8.size(); ++end) {
      if (is_utf8_continuation(static_cast<unsigned char>(utf8[end]))) continue;
      if (kept++ == max_width) break;
    }
    const std::size_t word = utf8.find_first_not_of(' ');
    const std::size_t space = utf8.rfind(' ', end);
    const std::size_t separator = utf8.find_last_of(kWrapAfter, end - 1);
    const std::size_t colon = utf8.rfind(':', end - 1);
    std::size_t cut = end;
    if (space != std::string_view::npos && space > word) {
      cut = space;
    } else if (separator != std::string_view::npos && separator + 1 > word) {
      cut = separator + 1;
    } else if (colon != std::string_view::npos && colon + 1 > word) {
      cut = colon + 1;
    }
    std::string_view line = utf8.substr(0, cut);
    while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
    lines.emplace_back(line);
    utf8.remove_prefix(cut);
    while (!utf8.empty() && utf8.front() == ' ') utf8.remove_prefix(1);
  }
  if (!utf8.empty() || lines.empty()) lines.emplace_back(utf8);
  return lines;
}

}  // namespace mongoscan
