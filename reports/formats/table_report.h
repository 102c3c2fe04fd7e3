#pragma once
// The console report: the deployment's nodes, then the self-check table (groups of checks, a row
// per check and a column per node or subject) or, for scans too large for it, the findings view.

#include <cstddef>
#include <ostream>

#include "reports/findings_view.h"
#include "reports/report.h"

namespace mongoscan {

// The width the table report fits when the console's is unknown (output to a file or a pipe).
inline constexpr std::size_t kDefaultConsoleWidth = 120;

// Writes the table report; ANSI colour only when color is true. It fits console_width code points,
// or kDefaultConsoleWidth when console_width is 0 (a file or a pipe): then long cells wrap onto
// continuation lines, while on a console they are cut with "…" (the findings view's subjects and
// messages always wrap). The self-check matrix puts its subject columns in bands when they do not
// fit side by side. ReportView::automatic shows the matrix when every one fits in one band, and
// the findings view otherwise.
void write_table_report(const Report& report, bool color, std::ostream& out,
                        std::size_t console_width = 0, ReportView view = ReportView::automatic);

}  // namespace mongoscan
