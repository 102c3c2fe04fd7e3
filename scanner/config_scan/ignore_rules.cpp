#include "scanner/config_scan/ignore_rules.h"

#include <optional>

namespace mongoscan {
namespace {

// git's wildmatch outcomes. Besides "no match", the two abort outcomes stop the backtracking of '*'
// early: abort_all when the text ran out (no later start can match either), abort_to_double_star
// when a '*' would have to cross a '/' (only an enclosing "**" may still match).
enum class Wild { match, no_match, abort_all, abort_to_double_star };

Wild wildmatch(std::string_view pattern, std::string_view text);

bool is_glob_special(char c) { return c == '*' || c == '?' || c == '[' || c == '\\'; }

// Whether c is in the POSIX class `name` ("alpha" for "[:alpha:]"), ASCII only as in git; nullopt
// for a name that is no class.
std::optional<bool> in_posix_class(std::string_view name, unsigned char c) {
  const bool upper = c >= 'A' && c <= 'Z';
  const bool lower = c >= 'a' && c <= 'z';
  const bool digit = c >= '0' && c <= '9';
  const bool graph = c > ' ' && c < 0x7f;
  if (name == "alnum") return upper || lower || digit;
  if (name == "alpha") return upper || lower;
  if (name == "blank") return c == ' ' || c == '\t';
  if (name == "cntrl") return c < ' ' || c == 0x7f;
  if (name == "digit") return digit;
  if (name == "graph") return graph;
  if (name == "lower") return lower;
  if (name == "print") return graph || c == ' ';
  if (name == "punct") return graph && !upper && !lower && !digit;
  if (name == "space") return c == ' ' || (c >= '\t' && c <= '\r');
  if (name == "upper") return upper;
  if (name == "xdigit") return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  return std::nullopt;
}

// Matches c against the bracket expression that starts at pattern[i] ('['): "[abc]", "[a-z]",
// "[!a]" or "[^a]", "[[:digit:]]", ']' first is literal. Leaves i on the closing ']'. A bracket
// never matches '/'; an unterminated one matches nothing (abort_all).
Wild match_bracket(std::string_view pattern, std::size_t& i, unsigned char c) {
  const auto at = [&](std::size_t k) -> unsigned char {
    return k < pattern.size() ? pattern[k] : '\0';
  };
  unsigned char p = at(++i);
  const bool negated = p == '!' || p == '^';
  if (negated) p = at(++i);
  unsigned char previous = 0;
  bool matched = false;
  do {
    if (p == '\0') return Wild::abort_all;
    if (p == '\\') {
      p = at(++i);
      if (p == '\0') return Wild::abort_all;
      matched = matched || c == p;
    } else if (p == '-' && previous != 0 && at(i + 1) != '\0' && at(i + 1) != ']') {
      p = at(++i);
      if (p == '\\') p = at(++i);
      if (p == '\0') return Wild::abort_all;
      matched = matched || (c >= previous && c <= p);
      p = 0;  // a range cannot start a range
    } else if (p == '[' && at(i + 1) == ':') {
      const std::size_t name_start = i + 2;
      const std::size_t close = pattern.find(']', name_start);
      if (close == std::string_view::npos) return Wild::abort_all;
      if (close == name_start || pattern[close - 1] != ':') {
        matched = matched || c == '[';  // no ":]": a literal '['
      } else {
        const auto in_class = in_posix_class(pattern.substr(name_start, close - 1 - name_start), c);
        if (!in_class) return Wild::abort_all;
        matched = matched || *in_class;
        i = close;
        p = 0;
      }
    } else {
      matched = matched || c == p;
    }
    previous = p;
    p = at(++i);
  } while (p != ']');
  return matched != negated && c != '/' ? Wild::match : Wild::no_match;
}

// Matches the '*' or "**" at pattern[i] and the rest of the pattern against text[j...].
Wild match_star(std::string_view pattern, std::size_t i, std::string_view text, std::size_t j) {
  const std::size_t first = i;
  while (i + 1 < pattern.size() && pattern[i + 1] == '*') ++i;
  // "**" as a whole component matches across '/'; elsewhere it is a plain '*'.
  bool match_slash = false;
  if (i > first && (first == 0 || pattern[first - 1] == '/') &&
      (i + 1 == pattern.size() || pattern[i + 1] == '/')) {
    // "**/" may stand for no directory at all: "a/**/b" matches "a/b". If the rest ran out of text
    // even so, taking directories would leave it less text: abort too.
    if (i + 1 < pattern.size()) {
      const Wild result = wildmatch(pattern.substr(i + 2), text.substr(j));
      if (result == Wild::match || result == Wild::abort_all) return result;
    }
    match_slash = true;
  }
  const std::string_view rest = pattern.substr(i + 1);
  const std::string_view tail = text.substr(j);
  if (rest.empty()) {
    // A trailing "**" matches everything; a trailing '*' what has no more '/'.
    if (!match_slash && tail.find('/') != std::string_view::npos) return Wild::abort_to_double_star;
    return Wild::match;
  }
  if (!match_slash && rest[0] == '/') {
    // "*/" takes everything up to the next '/'.
    const std::size_t slash = tail.find('/');
    return slash == std::string_view::npos ? Wild::abort_all : wildmatch(rest, tail.substr(slash));
  }
  for (std::size_t k = 0; k < tail.size(); ++k) {
    if (!is_glob_special(rest[0])) {
      // The literal after the star must come next: skip to it.
      while (k < tail.size() && (match_slash || tail[k] != '/') && tail[k] != rest[0]) ++k;
      if (k == tail.size()) return Wild::abort_all;
      if (tail[k] != rest[0]) return Wild::abort_to_double_star;  // a '*' stopped at '/'
    }
    const Wild result = wildmatch(rest, tail.substr(k));
    if (result != Wild::no_match) {
      if (!match_slash || result != Wild::abort_to_double_star) return result;
    } else if (!match_slash && tail[k] == '/') {
      return Wild::abort_to_double_star;
    }
  }
  return Wild::abort_all;
}

// git's wildmatch with WM_PATHNAME: '*', '?' and brackets never match '/'; "**" as a whole path
// component matches any number of directories; '\' makes the next character literal.
Wild wildmatch(std::string_view pattern, std::string_view text) {
  std::size_t j = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i, ++j) {
    const char p = pattern[i];
    if (p == '*') return match_star(pattern, i, text, j);
    if (j == text.size()) return Wild::abort_all;
    const unsigned char c = text[j];
    switch (p) {
      case '?':
        if (c == '/') return Wild::no_match;
        break;
      case '[': {
        const Wild result = match_bracket(pattern, i, c);
        if (result != Wild::match) return result;
        break;
      }
      case '\\':
        if (++i == pattern.size() || pattern[i] != text[j]) return Wild::no_match;
        break;
      default:
        if (p != text[j]) return Wild::no_match;
    }
  }
  return j == text.size() ? Wild::match : Wild::no_match;
}

// Drops trailing spaces unless escaped with '\' ("a\ " keeps its space), as git does.
std::string_view trim_trailing_spaces(std::string_view line) {
  std::size_t first_trailing_space = std::string_view::npos;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == ' ') {
      if (first_trailing_space == std::string_view::npos) first_trailing_space = i;
      continue;
    }
    if (line[i] == '\\' && ++i == line.size()) return line;  // a trailing '\' keeps everything
    first_trailing_space = std::string_view::npos;
  }
  return line.substr(0, first_trailing_space);
}

bool has_any_of(std::string_view text, std::string_view characters) {
  return text.find_first_of(characters) != std::string_view::npos;
}

}  // namespace

void IgnoreRules::add(std::string_view file_text) {
  while (!file_text.empty()) {
    const std::size_t newline = file_text.find('\n');
    std::string_view line = file_text.substr(0, newline);
    file_text.remove_prefix(newline == std::string_view::npos ? file_text.size() : newline + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.empty() || line[0] == '#') continue;
    line = trim_trailing_spaces(line);

    Pattern pattern;
    pattern.negated = line.starts_with('!');
    if (pattern.negated) line.remove_prefix(1);
    pattern.directory_only = line.ends_with('/');
    if (pattern.directory_only) line.remove_suffix(1);
    pattern.anchored = line.find('/') != std::string_view::npos;
    if (line.starts_with('/')) line.remove_prefix(1);
    if (line.empty()) continue;

    if (!has_any_of(line, "*?[\\")) {
      pattern.kind = Pattern::Kind::literal;
      pattern.text = line;
    } else if (line[0] == '*' && !has_any_of(line.substr(1), "*?[\\/")) {
      pattern.kind = Pattern::Kind::suffix;
      pattern.text = line.substr(1);
    } else {
      pattern.kind = Pattern::Kind::glob;
      pattern.text = line;
      if (pattern.anchored) pattern.literal_prefix = line.find_first_of("*?[\\");
    }
    patterns_.push_back(std::move(pattern));
  }
}

bool IgnoreRules::matches(const Pattern& pattern, std::string_view subject) {
  switch (pattern.kind) {
    case Pattern::Kind::literal:
      return subject == pattern.text;
    case Pattern::Kind::suffix:
      return subject.ends_with(pattern.text) &&
             subject.substr(0, subject.size() - pattern.text.size()).find('/') ==
                 std::string_view::npos;
    case Pattern::Kind::glob: {
      const std::size_t prefix = pattern.literal_prefix;
      return subject.substr(0, prefix) == std::string_view(pattern.text).substr(0, prefix) &&
             wildmatch(std::string_view(pattern.text).substr(prefix), subject.substr(prefix)) ==
                 Wild::match;
    }
  }
  return false;
}

IgnoreVerdict IgnoreRules::match(std::string_view relative_path, bool is_directory) const {
  const std::string_view name = relative_path.substr(relative_path.rfind('/') + 1);
  for (auto pattern = patterns_.rbegin(); pattern != patterns_.rend(); ++pattern) {
    if (pattern->directory_only && !is_directory) continue;
    if (matches(*pattern, pattern->anchored ? relative_path : name)) {
      return pattern->negated ? IgnoreVerdict::included : IgnoreVerdict::ignored;
    }
  }
  return IgnoreVerdict::unmatched;
}

}  // namespace mongoscan
