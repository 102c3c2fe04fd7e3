#pragma once
// The HTML report: one self-contained page (inline CSS, no scripts, no external assets) that
// reads offline and prints cleanly.

#include <optional>
#include <ostream>

#include "reports/controls_sections.h"
#include "reports/findings_view.h"
#include "reports/report.h"

namespace mongoscan {

// Writes the report as an HTML document; every piece of report text is HTML-escaped. Its results
// show as self-check matrices, or as the findings table (findings_view.h) with
// ReportView::findings, and with ReportView::automatic when more than 12 nodes, connection strings
// or file locations would make a matrix's columns.
// With a framework, a section lists its controls with the checks that cite them and their result
// (reports/control_coverage.h).
void write_html_report(const Report& report, std::ostream& out,
                       ReportView view = ReportView::automatic,
                       std::optional<FrameworkChoice> framework = std::nullopt);

}  // namespace mongoscan
