#pragma once
// The HTML report: one self-contained page (inline CSS, no scripts, no external assets) that
// reads offline and prints cleanly.

#include <ostream>

#include "reports/report.h"

namespace mongoscan {

// Writes the report as an HTML document; every piece of report text is HTML-escaped.
void write_html_report(const Report& report, std::ostream& out);

}  // namespace mongoscan
