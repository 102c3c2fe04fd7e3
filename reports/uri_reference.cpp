#include "reports/uri_reference.h"

namespace mongoscan {
namespace {

bool is_unreserved(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

bool is_sub_delim(char c) {
  return c == '!' || c == '$' || c == '&' || c == '\'' || c == '(' || c == ')' || c == '*' ||
         c == '+' || c == ',' || c == ';' || c == '=';
}

void append_encoded(char c, std::string& out) {
  constexpr std::string_view kHex = "0123456789ABCDEF";
  const auto byte = static_cast<unsigned char>(c);
  out += '%';
  out += kHex[byte >> 4];
  out += kHex[byte & 0xF];
}

// The path's bytes with '/' kept as the separator; ':' encoded while in the first segment when
// the path is relative.
std::string encode_path(std::string_view path, bool relative) {
  std::string encoded;
  bool first_segment = relative;
  for (const char c : path) {
    if (c == '/') first_segment = false;
    const bool keep =
        is_unreserved(c) || is_sub_delim(c) || c == '/' || c == '@' || (c == ':' && !first_segment);
    if (keep) {
      encoded += c;
    } else {
      append_encoded(c, encoded);
    }
  }
  return encoded;
}

}  // namespace

std::string path_uri_reference(std::string_view path) {
  std::string normalized(path);
  for (char& c : normalized) {
    if (c == '\\') c = '/';
  }
  std::string_view rest = normalized;
  while (rest.starts_with("./")) rest.remove_prefix(2);
  if (rest.starts_with('/')) return "file://" + encode_path(rest, false);
  return encode_path(rest, true);
}

}  // namespace mongoscan
