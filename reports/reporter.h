#pragma once
// One entry point for every report format: the CLI picks a format, a reporter renders the Report.

#include <cstddef>
#include <optional>
#include <ostream>
#include <string_view>

#include "reports/controls_sections.h"
#include "reports/findings_view.h"
#include "reports/formats/html_report.h"
#include "reports/formats/sarif_report.h"
#include "reports/report.h"

namespace mongoscan {

enum class ReportFormat { table, json, html, sarif, junit, md, csv, prometheus, ocsf };

// "table", "json", "html", "sarif", "junit", "md", "csv", "prometheus" or "ocsf"; nullopt for
// anything else.
std::optional<ReportFormat> parse_report_format(std::string_view name);

struct RenderOptions {
  bool color = false;     // ANSI colour in the table; the CLI decides (see should_use_color)
  std::size_t width = 0;  // the console's width for the table; 0 when unknown (see console_width)
  SarifOptions sarif = {};
  ReportView view = ReportView::automatic;  // the table's and HTML's grid or findings view
  std::optional<FrameworkChoice> framework = {};  // HTML and Markdown: sections of its controls
  HtmlPrint print = HtmlPrint::summary;           // HTML: what a printout holds
  // Prometheus: the textfile this report replaces, whose last success a scan that could not look
  // at everything keeps.
  std::optional<std::string> previous_textfile = {};
};

// Renders the report in the format. Reporters never judge: they show what the findings say.
void write_report(const Report& report, ReportFormat format, const RenderOptions& options,
                  std::ostream& out);

}  // namespace mongoscan
