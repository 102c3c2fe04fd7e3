// Ignore rules (scanner/config_scan/ignore_rules.h). Input: an ignore file's text, a NUL byte, then paths one
// per line (a trailing '/' marks a directory). Properties: matching is deterministic, rules without
// a pattern match nothing, and for a path of plain characters git's "last match wins" holds: the
// rules plus "/path" ignore it, plus "!/path" include it.

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "scanner/config_scan/ignore_rules.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

bool is_plain(std::string_view path) {
  if (path.empty() || path.front() == '/' || path.back() == '/' ||
      path.find("//") != std::string_view::npos) {
    return false;
  }
  return std::all_of(path.begin(), path.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '/';
  });
}

void check_path(const IgnoreRules& rules, std::string_view file_text, std::string_view line) {
  const bool is_directory = line.ends_with('/');
  const std::string_view path = is_directory ? line.substr(0, line.size() - 1) : line;
  const IgnoreVerdict verdict = rules.match(path, is_directory);
  fuzz::check(verdict == rules.match(path, is_directory), "matching is deterministic");
  fuzz::check(!rules.empty() || verdict == IgnoreVerdict::unmatched,
              "rules without a pattern match nothing");
  if (!is_plain(path)) return;
  for (const bool negated : {false, true}) {
    IgnoreRules extended;
    extended.add(file_text);
    extended.add(std::string("\n") + (negated ? "!/" : "/") + std::string(path) + "\n");
    fuzz::check(extended.match(path, is_directory) ==
                    (negated ? IgnoreVerdict::included : IgnoreVerdict::ignored),
                "the last matching pattern wins");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t separator = input.find('\0');
  const std::string_view file_text = input.substr(0, separator);
  IgnoreRules rules;
  rules.add(file_text);
  if (separator == std::string_view::npos) return 0;
  std::string_view paths = input.substr(separator + 1);
  while (!paths.empty()) {
    const std::size_t newline = std::min(paths.find('\n'), paths.size());
    check_path(rules, file_text, paths.substr(0, newline));
    paths.remove_prefix(std::min(newline + 1, paths.size()));
  }
  return 0;
}
