#pragma once
// The HTML report: one self-contained page (inline CSS, no scripts, no external assets) that
// reads offline and prints cleanly.

#include <optional>
#include <ostream>
#include <string_view>

#include "reports/controls_sections.h"
#include "reports/findings_view.h"
#include "reports/report.h"

namespace mongoscan {

// What the report holds on paper: the summary (the verdict, what to fix first, and every failing
// or erring result with its evidence and remediation, results that say the same thing on several
// subjects printed once) or everything the screen shows (full).
enum class HtmlPrint { summary, full };

// "summary" or "full"; nullopt for anything else.
std::optional<HtmlPrint> parse_html_print(std::string_view name);

// Writes the report as an HTML document; every piece of report text is HTML-escaped. Its results
// show as self-check matrices, or as the findings table (findings_view.h) with
// ReportView::findings, and with ReportView::automatic when more than 12 nodes, connection strings
// or file locations would make a matrix's columns.
// With a framework, a section lists its controls with the checks that cite them and their result
// (reports/control_coverage.h). `print` chooses what a printout (or a PDF saved from the browser)
// holds; the screen shows everything either way.
void write_html_report(const Report& report, std::ostream& out,
                       ReportView view = ReportView::automatic,
                       std::optional<FrameworkChoice> framework = std::nullopt,
                       HtmlPrint print = HtmlPrint::summary);

}  // namespace mongoscan
