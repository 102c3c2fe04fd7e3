#include "reports/text/xml_text.h"

#include <optional>

#include "reports/text/utf8.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

// XML 1.0 (fifth edition) section 2.2, Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] |
// [#x10000-#x10FFFF]. Valid UTF-8 holds no surrogates, so only controls and U+FFFE/U+FFFF remain.
bool allowed_in_xml(char32_t c) {
  if (c < 0x20) return c == 0x9 || c == 0xA || c == 0xD;
  return c != 0xFFFE && c != 0xFFFF;
}

std::string escaped(std::string_view raw_text, bool in_attribute) {
  // Every string a report shows passes here: a connection string in it loses its credentials.
  const ShownText shown(raw_text);
  std::string_view text = shown.view();
  std::string result;
  result.reserve(text.size());
  while (!text.empty()) {
    const std::optional<CodePoint> cp = decode_utf8(text);
    const std::size_t length = cp ? cp->length : 1;
    if (!cp || !allowed_in_xml(cp->value)) {
      result += kReplacementCharacter;
      text.remove_prefix(length);
      continue;
    }
    switch (cp->value) {
      case '&':
        result += "&amp;";
        break;
      case '<':
        result += "&lt;";
        break;
      case '>':
        result += "&gt;";
        break;
      case '"':
        result += in_attribute ? "&quot;" : "\"";
        break;
      case '\'':
        result += in_attribute ? "&apos;" : "'";
        break;
      case '\t':
        result += in_attribute ? "&#9;" : "\t";
        break;
      case '\n':
        result += in_attribute ? "&#10;" : "\n";
        break;
      case '\r':
        result += "&#13;";
        break;
      default:
        result += text.substr(0, length);
    }
    text.remove_prefix(length);
  }
  return result;
}

}  // namespace

std::string xml_attribute(std::string_view text) { return escaped(text, true); }

std::string xml_content(std::string_view text) { return escaped(text, false); }

}  // namespace mongoscan
