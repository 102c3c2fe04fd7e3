#pragma once
// Aligned columns for the console, shared by the table report and the check catalogue.

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

struct TextCell {
  std::string text;
  std::string_view style = {};  // ANSI SGR parameters such as "1;31"; empty for none
};

class TextTable {
 public:
  struct Column {
    std::string header;
    std::size_t max_width = 0;  // cells longer than this are cut with "…"; 0 for no limit
    std::size_t min_width = 0;  // the column is at least this wide, so that tables align
    // Cells longer than max_width wrap onto continuation lines (the other columns blank there)
    // instead of being cut.
    bool wrap = false;
  };

  explicit TextTable(std::vector<Column> columns);

  // A row with one cell per column (missing cells are empty).
  void add_row(std::vector<TextCell> cells);
  // A line of its own before the rows that follow, e.g. the name of a group.
  void add_heading(std::string text);
  // The columns of detail lines: lines under a row, in columns of their own (aligned across every
  // detail line of the table, without a header), indented by indent beyond the rows.
  void set_detail_columns(std::vector<Column> columns, std::string indent);
  // A detail line under the row added last.
  void add_detail(std::vector<TextCell> cells);

  // Writes the header and the rows, each prefixed by indent, columns two spaces apart and widths
  // counted in code points; headings sit at the margin after a blank line. Styles only if color.
  void write(std::ostream& out, bool color, std::string_view indent = "") const;

 private:
  enum class LineKind { row, heading, detail };
  struct Line {
    LineKind kind;
    std::vector<TextCell> cells;  // a heading has one
  };

  std::vector<Column> columns_;
  std::vector<Column> detail_columns_;
  std::string detail_indent_;
  std::vector<Line> lines_;
};

// Text wrapped in an ANSI SGR sequence when color is true and neither style nor text is empty.
std::string styled(std::string_view text, std::string_view style, bool color);

}  // namespace mongoscan
