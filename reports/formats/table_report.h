#pragma once
// The console report: the deployment's nodes, then the self-check table: groups of checks, a row
// per check and a column per node or subject.

#include <cstddef>
#include <ostream>

#include "reports/report.h"

namespace mongoscan {

// The width the table report fits when the console's is unknown (output to a file or a pipe).
inline constexpr std::size_t kDefaultConsoleWidth = 120;

// Writes the table report; ANSI colour only when color is true. Long cells are cut with "…"; the
// self-check matrix fits console_width code points (0 for kDefaultConsoleWidth) where it can, its
// subject columns in bands when they do not fit side by side.
void write_table_report(const Report& report, bool color, std::ostream& out,
                        std::size_t console_width = 0);

}  // namespace mongoscan
