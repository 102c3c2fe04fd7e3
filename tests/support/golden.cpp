#include "tests/support/golden.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>

namespace mongoscan::testing_support {
namespace {

namespace fs = std::filesystem;

bool update_requested() {
  const char* update = std::getenv("MONGOSCAN_UPDATE_GOLDEN");
  return update != nullptr && std::string_view(update) == "1";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

void write_file(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// The line with control characters shown as escapes, so ANSI colour codes stay readable.
std::string visible(std::string_view line) {
  std::string shown;
  for (const char c : line) {
    if (c == '\x1b') {
      shown += "\\e";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      constexpr std::string_view kHex = "0123456789abcdef";
      shown += "\\x";
      shown += kHex[static_cast<unsigned char>(c) >> 4];
      shown += kHex[static_cast<unsigned char>(c) & 0xF];
    } else {
      shown += c;
    }
  }
  return shown;
}

std::string first_difference(std::string_view expected, std::string_view actual) {
  const std::vector<std::string_view> expected_lines = lines_of(expected);
  const std::vector<std::string_view> actual_lines = lines_of(actual);
  std::size_t line = 0;
  while (line < expected_lines.size() && line < actual_lines.size() &&
         expected_lines[line] == actual_lines[line]) {
    ++line;
  }
  const auto at = [&](const std::vector<std::string_view>& lines) {
    return line < lines.size() ? "\"" + visible(lines[line]) + "\"" : std::string("(end of text)");
  };
  std::ostringstream message;
  message << "first difference at line " << line + 1 << ":\n  expected: " << at(expected_lines)
          << "\n  actual:   " << at(actual_lines) << "\n";
  if (line == expected_lines.size() && line == actual_lines.size()) {
    message << "  (the texts differ only in their final newline)\n";
  }
  return message.str();
}

}  // namespace

::testing::AssertionResult matches_golden(const std::string& golden_path,
                                          const std::string& actual) {
  const fs::path golden = fs::path(MONGOSCAN_SOURCE_DIR) / golden_path;
  if (update_requested()) {
    write_file(golden, actual);
    return ::testing::AssertionSuccess() << "rewrote " << golden_path;
  }
  if (!fs::exists(golden)) {
    return ::testing::AssertionFailure()
           << golden_path << " does not exist; create it with MONGOSCAN_UPDATE_GOLDEN=1";
  }
  const std::string expected = read_file(golden);
  if (expected == actual) return ::testing::AssertionSuccess();

  const fs::path actual_copy =
      fs::temp_directory_path() / "mongoscan-golden" / fs::path(golden_path).filename();
  write_file(actual_copy, actual);
  return ::testing::AssertionFailure()
         << "output differs from " << golden_path << "\n"
         << first_difference(expected, actual) << "see: diff -u " << golden.string() << " "
         << actual_copy.string() << "\n"
         << "if the change is intended: rerun with MONGOSCAN_UPDATE_GOLDEN=1 and review git diff";
}

}  // namespace mongoscan::testing_support
