#pragma once
// Report text inside GitHub-flavoured Markdown: it renders as the same characters and cannot open
// a link, an HTML tag, emphasis, math or a new table cell.

#include <string>
#include <string_view>

namespace mongoscan {

// Inline text: '&', '<' and '>' as entities; Markdown punctuation (\ ` * _ [ ] # ! ~ $ |)
// backslash-escaped; line breaks and other control characters as spaces; bytes that are not valid
// UTF-8 as U+FFFD. Safe in paragraphs, list items and table cells.
std::string markdown_text(std::string_view text);

// A code span (`text`), safe in a table cell: fenced with more backticks than the text holds, '|'
// escaped, control characters as spaces, invalid UTF-8 as U+FFFD. Empty text gives "".
std::string markdown_code(std::string_view text);

}  // namespace mongoscan
