#pragma once
// The console report: the deployment's nodes, then the self-check table grouped by layer.

#include <ostream>

#include "reports/report.h"

namespace mongoscan {

// Writes the table report; ANSI colour only when color is true. Long cells are cut with "…".
void write_table_report(const Report& report, bool color, std::ostream& out);

}  // namespace mongoscan
