#include "reports/text_table.h"

#include <algorithm>
#include <utility>

#include "reports/console_text.h"

namespace mongoscan {
namespace {

constexpr std::string_view kColumnGap = "  ";

TextCell fitted(const TextCell& cell, std::size_t max_width) {
  std::string text = console_safe(cell.text);
  if (max_width != 0) text = truncate_to_width(text, max_width);
  return {std::move(text), cell.style};
}

}  // namespace

std::string styled(std::string_view text, std::string_view style, bool color) {
  if (!color || style.empty() || text.empty()) return std::string(text);
  return "\x1b[" + std::string(style) + "m" + std::string(text) + "\x1b[0m";
}

TextTable::TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

void TextTable::add_row(std::vector<TextCell> cells) {
  cells.resize(columns_.size());
  for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = fitted(cells[i], columns_[i].max_width);
  lines_.push_back({false, std::move(cells)});
}

void TextTable::add_heading(std::string text) {
  lines_.push_back({true, {TextCell{console_safe(text), "1"}}});
}

void TextTable::write(std::ostream& out, bool color, std::string_view indent) const {
  std::vector<TextCell> header;
  for (const Column& column : columns_) header.push_back(fitted({column.header, "1"}, 0));

  std::vector<std::size_t> widths(columns_.size(), 0);
  const auto widen = [&](const std::vector<TextCell>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      widths[i] = std::max(widths[i], display_width(cells[i].text));
    }
  };
  widen(header);
  for (const Line& line : lines_) {
    if (!line.heading) widen(line.cells);
  }

  const auto write_cells = [&](const std::vector<TextCell>& cells) {
    std::string text(indent);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      text += styled(cells[i].text, cells[i].style, color);
      if (i + 1 < cells.size()) {
        text.append(widths[i] - display_width(cells[i].text), ' ');
        text += kColumnGap;
      }
    }
    text.erase(text.find_last_not_of(' ') + 1);
    out << text << '\n';
  };

  write_cells(header);
  for (const Line& line : lines_) {
    if (line.heading) {
      out << '\n' << styled(line.cells.front().text, line.cells.front().style, color) << '\n';
    } else {
      write_cells(line.cells);
    }
  }
}

}  // namespace mongoscan
