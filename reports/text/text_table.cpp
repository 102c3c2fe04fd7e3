#include "reports/text/text_table.h"

#include <algorithm>
#include <utility>

#include "reports/text/console_text.h"

namespace mongoscan {
namespace {

constexpr std::string_view kColumnGap = "  ";

TextCell fitted(const TextCell& cell, const TextTable::Column& column) {
  std::string text = console_safe(cell.text);
  if (column.max_width != 0 && !column.wrap) text = truncate_to_width(text, column.max_width);
  return {std::move(text), cell.style};
}

std::vector<TextCell> fitted(std::vector<TextCell> cells,
                             const std::vector<TextTable::Column>& columns) {
  cells.resize(columns.size());
  for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = fitted(cells[i], columns[i]);
  return cells;
}

// The width of a cell's widest line in the column.
std::size_t width_in(const TextCell& cell, const TextTable::Column& column) {
  const std::size_t width = display_width(cell.text);
  return column.wrap && column.max_width != 0 ? std::min(width, column.max_width) : width;
}

// Column widths in code points: each column's minimum, or its widest cell among the lines.
std::vector<std::size_t> widths_of(const std::vector<TextTable::Column>& columns,
                                   const std::vector<const std::vector<TextCell>*>& lines) {
  std::vector<std::size_t> widths;
  for (const TextTable::Column& column : columns) widths.push_back(column.min_width);
  for (const std::vector<TextCell>* cells : lines) {
    for (std::size_t i = 0; i < cells->size(); ++i) {
      widths[i] = std::max(widths[i], width_in((*cells)[i], columns[i]));
    }
  }
  return widths;
}

// A line's cells as printed lines: one, or more where a wrapping column's cell is too long.
std::vector<std::vector<TextCell>> wrapped(const std::vector<TextCell>& cells,
                                           const std::vector<TextTable::Column>& columns) {
  std::vector<std::vector<TextCell>> lines(1, std::vector<TextCell>(cells.size()));
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const bool wrap = i < columns.size() && columns[i].wrap;  // a header never wraps
    const std::vector<std::string> parts = wrap ? wrap_to_width(cells[i].text, columns[i].max_width)
                                                : std::vector<std::string>{cells[i].text};
    if (parts.size() > lines.size())
      lines.resize(parts.size(), std::vector<TextCell>(cells.size()));
    for (std::size_t line = 0; line < parts.size(); ++line)
      lines[line][i] = {parts[line], cells[i].style};
  }
  return lines;
}

}  // namespace

std::string styled(std::string_view text, std::string_view style, bool color) {
  if (!color || style.empty() || text.empty()) return std::string(text);
  return "\x1b[" + std::string(style) + "m" + std::string(text) + "\x1b[0m";
}

TextTable::TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

void TextTable::add_row(std::vector<TextCell> cells) {
  lines_.push_back({LineKind::row, fitted(std::move(cells), columns_)});
}

void TextTable::add_heading(std::string text) {
  lines_.push_back({LineKind::heading, {TextCell{console_safe(text), "1"}}});
}

void TextTable::set_detail_columns(std::vector<Column> columns, std::string indent) {
  detail_columns_ = std::move(columns);
  detail_indent_ = std::move(indent);
}

void TextTable::add_detail(std::vector<TextCell> cells) {
  lines_.push_back({LineKind::detail, fitted(std::move(cells), detail_columns_)});
}

void TextTable::write(std::ostream& out, bool color, std::string_view indent) const {
  std::vector<TextCell> header;
  for (const Column& column : columns_)
    header.push_back(fitted(TextCell{column.header, "1"}, Column{}));

  std::vector<const std::vector<TextCell>*> rows = {&header}, details;
  for (const Line& line : lines_) {
    if (line.kind == LineKind::row) rows.push_back(&line.cells);
    if (line.kind == LineKind::detail) details.push_back(&line.cells);
  }
  const std::vector<std::size_t> row_widths = widths_of(columns_, rows);
  const std::vector<std::size_t> detail_widths = widths_of(detail_columns_, details);

  const auto write_cells = [&](const std::vector<TextCell>& line,
                               const std::vector<Column>& columns,
                               const std::vector<std::size_t>& widths, std::string_view prefix) {
    for (const std::vector<TextCell>& cells : wrapped(line, columns)) {
      std::string text(prefix);
      for (std::size_t i = 0; i < cells.size(); ++i) {
        text += styled(cells[i].text, cells[i].style, color);
        if (i + 1 < cells.size()) {
          text.append(widths[i] - display_width(cells[i].text), ' ');
          text += kColumnGap;
        }
      }
      text.erase(text.find_last_not_of(' ') + 1);
      out << text << '\n';
    }
  };

  const std::string detail_indent = std::string(indent) + detail_indent_;
  write_cells(header, {}, row_widths, indent);
  for (const Line& line : lines_) {
    switch (line.kind) {
      case LineKind::heading:
        out << '\n' << styled(line.cells.front().text, line.cells.front().style, color) << '\n';
        break;
      case LineKind::row:
        write_cells(line.cells, columns_, row_widths, indent);
        break;
      case LineKind::detail:
        write_cells(line.cells, detail_columns_, detail_widths, detail_indent);
        break;
    }
  }
}

}  // namespace mongoscan
