#include "reports/text/markdown_paragraph.h"

#include <algorithm>
#include <vector>

#include "reports/text/utf8.h"

namespace mongoscan {
namespace {

std::size_t code_points(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return !is_utf8_continuation(static_cast<unsigned char>(c));
  }));
}

// True for a word that would start a list, heading, quote or table row at the start of a line.
bool opens_a_block(std::string_view word) {
  if (word == "-" || word == "*" || word == "+" || word.starts_with('#') || word.starts_with('>') ||
      word.starts_with('|') || word.starts_with('=')) {
    return true;
  }
  const std::size_t digits = static_cast<std::size_t>(std::distance(
      word.begin(),
      std::find_if(word.begin(), word.end(), [](char c) { return c < '0' || c > '9'; })));
  return digits > 0 && digits + 1 == word.size() && (word.back() == '.' || word.back() == ')');
}

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> words;
  while (!text.empty()) {
    const std::size_t start = text.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    text.remove_prefix(start);
    const std::size_t end = std::min(text.find(' '), text.size());
    words.push_back(text.substr(0, end));
    text.remove_prefix(end);
  }
  return words;
}

}  // namespace

std::string wrap_markdown(std::string_view text, std::size_t width, std::string_view first_prefix,
                          std::string_view next_prefix) {
  std::string wrapped;
  std::string line(first_prefix);
  bool line_has_words = false;
  for (const std::string_view word : words_of(text)) {
    const bool fits = code_points(line) + 1 + code_points(word) <= width;
    if (line_has_words && !fits && !opens_a_block(word)) {
      wrapped += line + '\n';
      line = next_prefix;
      line_has_words = false;
    }
    if (line_has_words) line += ' ';
    line += word;
    line_has_words = true;
  }
  return wrapped + line + '\n';
}

}  // namespace mongoscan
